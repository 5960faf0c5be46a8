/** The input of one custom field's value, by type: text, number, date (YYYY-MM-DD) or a choice among the options. */
import { HTMLSelect, InputGroup, type Intent } from '@blueprintjs/core';
import type { CustomField } from './client';

export function ValueInput({
  field,
  id,
  value,
  intent,
  ariaLabel,
  onChange,
}: {
  field: CustomField;
  id: string;
  value: string;
  intent?: Intent;
  ariaLabel?: string;
  onChange(value: string): void;
}) {
  if (field.field_type === 'choice')
    return (
      <HTMLSelect id={id} aria-label={ariaLabel} value={value} onChange={(e) => onChange(e.target.value)} fill>
        <option value="">—</option>
        {field.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </HTMLSelect>
    );
  return (
    <InputGroup
      id={id}
      aria-label={ariaLabel}
      type={field.field_type === 'number' ? 'number' : field.field_type === 'date' ? 'date' : 'text'}
      step={field.field_type === 'number' ? 'any' : undefined}
      placeholder={field.field_type === 'text' && ariaLabel ? 'Contains...' : undefined}
      value={value}
      intent={intent}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
