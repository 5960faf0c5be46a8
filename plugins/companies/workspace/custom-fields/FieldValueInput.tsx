/** The input of one custom field's value, by type: text, number, date (YYYY-MM-DD) or a choice among the options. */
import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { FieldValueInputProps } from '../../shared/workspace-points';

export type { FieldValueInputProps };

export function FieldValueInput({ field, id, value, intent, disabled, ariaLabel, onChange }: FieldValueInputProps) {
  if (field.field_type === 'choice')
    return (
      <HTMLSelect
        id={id}
        aria-label={ariaLabel}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        fill
      >
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
      value={value}
      intent={intent}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Lazily loaded by dependents' pages (customFieldsUiPoint, workspace/index.ts). */
export default FieldValueInput;
