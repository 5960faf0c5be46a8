/** Filters a list by one custom field's value (text: contains; number, date, choice: equal), with Clear. */
import { Button, ControlGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { CustomField } from './client';
import { FieldValueInput } from './FieldValueInput';

export interface FieldFilter {
  field: string;
  value: string;
}

export function CustomFieldFilter({
  fields,
  active,
  onApply,
}: {
  fields: CustomField[];
  active: FieldFilter | null;
  onApply(filter: FieldFilter | null): void;
}) {
  const [field, setField] = useState(active?.field ?? fields[0]?.field_key ?? '');
  const [value, setValue] = useState(active?.value ?? '');
  const def = fields.find((f) => f.field_key === field);
  if (!fields.length) return null;
  return (
    <form
      className="lci-custom-field-filter"
      role="search"
      aria-label="Filter by custom field"
      onSubmit={(e) => {
        e.preventDefault();
        if (field && value.trim()) onApply({ field, value: value.trim() });
      }}
    >
      <ControlGroup>
        <HTMLSelect
          aria-label="Custom field"
          value={field}
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
        {def && def.field_type !== 'text' && def.field_type !== 'number' ? (
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
            placeholder={def?.field_type === 'number' ? 'Number' : 'Contains...'}
            type={def?.field_type === 'number' ? 'number' : 'text'}
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
