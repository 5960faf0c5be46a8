/** Filters the contacts by one custom field's value (text: contains; number, date, choice: equal), with Clear. */
import { Button, ControlGroup, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import type { CustomField, FieldFilter } from './client';
import { ValueInput } from './ValueInput';

export function ContactFieldFilter({
  fields,
  active,
  onApply,
}: {
  fields: CustomField[];
  active: FieldFilter | null;
  onApply(filter: FieldFilter | null): void;
}) {
  const [field, setField] = useState(active?.field ?? '');
  const [value, setValue] = useState(active?.value ?? '');
  if (!fields.length) return null;
  const def = fields.find((f) => f.field_key === field) ?? fields[0];
  return (
    <form
      className="lci-toolbar"
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
        <ValueInput field={def} id="contact-cf-filter" ariaLabel="Filter value" value={value} onChange={setValue} />
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
