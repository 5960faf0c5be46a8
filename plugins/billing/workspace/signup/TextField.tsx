/** One labelled input of the wizard with its error shown under it (house style of the auth screens). */
import { FormGroup, InputGroup } from '@blueprintjs/core';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string | null;
  optional?: boolean;
  disabled?: boolean;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  optional,
  disabled,
  type,
  autoComplete,
  autoFocus,
  placeholder,
}: TextFieldProps) {
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={optional ? '(optional)' : undefined}
      intent={error ? 'danger' : 'none'}
      helperText={error ? <span id={`${id}-error`}>{error}</span> : undefined}
    >
      <InputGroup
        id={id}
        value={value}
        type={type}
        size="large"
        disabled={disabled}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        placeholder={placeholder}
        intent={error ? 'danger' : 'none'}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onValueChange={onChange}
      />
    </FormGroup>
  );
}
