/**
 * Filters a list by one custom field's value (text: contains; number, date, choice: equal), with Clear. Provided to
 * dependents' pages too (customFieldsUiPoint).
 */
import { Button, ControlGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { CustomFieldFilterProps, FieldFilter } from '../../shared/workspace-points';
import { FieldValueInput } from './FieldValueInput';

export type { CustomFieldFilterProps, FieldFilter };

export function CustomFieldFilter({ fields, active, onApply, className }: CustomFieldFilterProps) {
  const [field, setField] = useState(active?.field ?? '');
  const [value, setValue] = useState(active?.value ?? '');
  if (!fields.length) return null;
  // The chosen field, else the first (the fields may arrive after the form).
  const def = fields.find((f) => f.field_key === field) ?? fields[0];
  return (
    <form
      className={className ? `lci-custom-field-filter ${className}` : 'lci-custom-field-filter'}
      role="search"
      aria-label="Filter by custom field"
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) onApply({ field: def.field_key, value: value.trim() });
      }}
    >
      <ControlGroup>
        <HTMLSelect
          aria-label="Custom field"
          value={def.field_key}
          onChange={(e) => {
            setField(e.target.value);
            setValue('');
          }}
        >
          {fields.map((f) => (
            <option key={f.field_key} value={f.field_key}>
              {f.label}
            </option>
          ))}
        </HTMLSelect>
        {def.field_type !== 'text' && def.field_type !== 'number' ? (
          <FieldValueInput
            field={def}
            id="cf-filter-value"
            ariaLabel="Filter value"
            value={value}
            onChange={setValue}
          />
        ) : (
          <InputGroup
            aria-label="Filter value"
            placeholder={def.field_type === 'number' ? 'Number' : 'Contains...'}
            type={def.field_type === 'number' ? 'number' : 'text'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        <Button type="submit" icon="filter" text="Filter" disabled={!value.trim()} />
        {active && (
          <Button
            icon="cross"
            text="Clear"
            onClick={() => {
              setValue('');
              onApply(null);
            }}
          />
        )}
      </ControlGroup>
    </form>
  );
}

export default CustomFieldFilter;
