/**
 * Blueprint fields bound to a schema form (schema-form.ts) through react-hook-form's Controller: a FormGroup with
 * the label, the field's message (the schema's or the server's) as its helper text in the danger intent, and the
 * input. The rest of a field's props go to its input. Also the form element, its message and its submit button.
 */
import {
  Button,
  Callout,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  Switch,
  TextArea,
  type ButtonProps,
  type CheckboxProps,
  type HTMLSelectProps,
  type InputGroupProps,
  type NumericInputProps,
  type SwitchProps,
  type TextAreaProps,
} from '@blueprintjs/core';
import { useEffect, useState, type ChangeEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import {
  useController,
  useFormState,
  type Control,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type UseControllerReturn,
} from 'react-hook-form';
import type { SchemaForm } from './schema-form';

export interface FieldProps<V extends FieldValues, N extends FieldPath<V>> {
  control: Control<V, any, any>;
  name: N;
  label?: ReactNode;
  /** The input's id (the label's `for`); default: the name. */
  id?: string;
  labelInfo?: ReactNode;
  /** Shown under the input while it has no message. */
  helperText?: ReactNode;
  inline?: boolean;
  /** The FormGroup's class. */
  groupClassName?: string;
  /** The input alone, without its FormGroup (label and message): the page shows the message itself. */
  bare?: boolean;
}

type Bound<V extends FieldValues, N extends FieldPath<V>> = UseControllerReturn<V, N> & { id: string; error?: string };

function useField<V extends FieldValues, N extends FieldPath<V>>(p: FieldProps<V, N>): Bound<V, N> {
  const c = useController({ control: p.control, name: p.name });
  return { ...c, id: p.id ?? p.name, error: c.fieldState.error?.message };
}

type GroupProps = Pick<
  FieldProps<FieldValues, string>,
  'label' | 'labelInfo' | 'helperText' | 'inline' | 'groupClassName' | 'bare'
>;

type GroupKey = keyof GroupProps | 'control' | 'name' | 'id';

/** A field's props apart: those of its group and those of its input. */
function split<P extends GroupProps & { control: unknown; name: unknown; id?: string }>(
  props: P,
): { group: GroupProps; input: Omit<P, GroupKey> } {
  const { control: _c, name: _n, id: _i, label, labelInfo, helperText, inline, groupClassName, bare, ...input } = props;
  return { group: { label, labelInfo, helperText, inline, groupClassName, bare }, input };
}

function Group({ field, p, children }: { field: { id?: string; error?: string }; p: GroupProps; children: ReactNode }) {
  if (p.bare) return <>{children}</>;
  return (
    <FormGroup
      label={p.label}
      labelFor={field.id}
      labelInfo={p.labelInfo}
      helperText={field.error ?? p.helperText}
      intent={field.error ? 'danger' : 'none'}
      inline={p.inline}
      className={p.groupClassName}
    >
      {children}
    </FormGroup>
  );
}

const intentOf = (error?: string) => (error ? 'danger' : 'none');
type Own = keyof FieldProps<FieldValues, string> | 'value' | 'onChange' | 'defaultValue';

/** What a text input or area takes of its field: id, name, the text (empty for none), changes, focus, the message. */
function textBinding<V extends FieldValues, N extends FieldPath<V>>(f: Bound<V, N>) {
  return {
    id: f.id,
    name: f.field.name,
    value: (f.field.value as string | null | undefined) ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => f.field.onChange(e.target.value),
    onBlur: f.field.onBlur,
    inputRef: f.field.ref,
    intent: intentOf(f.error),
    'aria-invalid': !!f.error,
  } as const;
}

/** A text input (string value). */
export function TextField<V extends FieldValues, N extends FieldPath<V>>(
  props: FieldProps<V, N> & Omit<InputGroupProps, Own>,
) {
  const { group, input } = split(props);
  const f = useField(props);
  return (
    <Group field={f} p={group}>
      <InputGroup {...input} {...textBinding(f)} />
    </Group>
  );
}

/** A multi-line text input (string value). */
export function TextAreaField<V extends FieldValues, N extends FieldPath<V>>(
  props: FieldProps<V, N> & Omit<TextAreaProps, Own>,
) {
  const { group, input } = split(props);
  const f = useField(props);
  return (
    <Group field={f} p={group}>
      <TextArea {...input} {...textBinding(f)} />
    </Group>
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

/**
 * A select of `options`; the value is the chosen option's own value (a number stays a number). `empty` adds a first
 * option for no choice, whose value is `emptyValue` (default null).
 */
export function SelectField<V extends FieldValues, N extends FieldPath<V>>(
  props: FieldProps<V, N> &
    Omit<HTMLSelectProps, Own | 'options'> & {
      options: readonly SelectOption[];
      empty?: string;
      emptyValue?: string | null;
    },
) {
  const { group, input } = split(props);
  const { options, empty, emptyValue = null, ...select } = input;
  const f = useField(props);
  const all = empty === undefined ? options : [{ value: '', label: empty }, ...options];
  return (
    <Group field={f} p={group}>
      <HTMLSelect
        fill
        {...select}
        id={f.id}
        name={f.field.name}
        value={String(f.field.value ?? '')}
        onChange={(e) => {
          const chosen = options.find((o) => String(o.value) === e.target.value);
          f.field.onChange(chosen ? chosen.value : emptyValue);
        }}
        onBlur={f.field.onBlur}
        ref={f.field.ref}
        aria-invalid={!!f.error}
        options={all.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }))}
      />
    </Group>
  );
}

const numberText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

/** A number input: the value is a number, null when empty, NaN when not a number (the schema says so). */
export function NumericField<V extends FieldValues, N extends FieldPath<V>>(
  props: FieldProps<V, N> & Omit<NumericInputProps, Own | 'onValueChange'>,
) {
  const { group, input } = split(props);
  const f = useField(props);
  const value: unknown = f.field.value;
  const [text, setText] = useState(() => numberText(value));
  useEffect(() => {
    const typed = text.trim() === '' ? null : Number(text);
    if (!Object.is(typed, value ?? null) && !(Number.isNaN(typed) && Number.isNaN(value))) setText(numberText(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a value set from outside replaces the text
  }, [value]);
  return (
    <Group field={f} p={group}>
      <NumericInput
        fill
        {...input}
        id={f.id}
        name={f.field.name}
        value={text}
        onValueChange={(n, s) => {
          setText(s);
          f.field.onChange(s.trim() === '' ? null : Number.isFinite(n) ? n : Number.NaN);
        }}
        onBlur={f.field.onBlur}
        inputRef={f.field.ref}
        intent={intentOf(f.error)}
        aria-invalid={!!f.error}
      />
    </Group>
  );
}

function Toggle<V extends FieldValues, N extends FieldPath<V>>({
  props,
  Control: Input,
}: {
  props: FieldProps<V, N> & Omit<SwitchProps, Own | 'checked'>;
  Control: typeof Switch | typeof Checkbox;
}) {
  const { group, input } = split(props);
  const { label, labelInfo, helperText, inline, groupClassName, bare } = group;
  const f = useField(props);
  const control = (
    <Input
      {...input}
      id={f.id}
      name={f.field.name}
      label={typeof label === 'string' ? label : undefined}
      labelElement={typeof label === 'string' ? undefined : label}
      checked={!!f.field.value}
      onChange={(e) => f.field.onChange(e.currentTarget.checked)}
      onBlur={f.field.onBlur}
      inputRef={f.field.ref}
    />
  );
  if (bare || (!f.error && helperText === undefined)) return control;
  return (
    <FormGroup
      helperText={f.error ?? helperText}
      intent={intentOf(f.error)}
      inline={inline}
      className={groupClassName}
      labelInfo={labelInfo}
    >
      {control}
    </FormGroup>
  );
}

/** A switch (boolean value); its label stands beside it. */
export function SwitchField<V extends FieldValues, N extends FieldPath<V>>(
  props: FieldProps<V, N> & Omit<SwitchProps, Own | 'checked'>,
) {
  return <Toggle props={props} Control={Switch} />;
}

/** A checkbox (boolean value); its label stands beside it. */
export function CheckboxField<V extends FieldValues, N extends FieldPath<V>>(
  props: FieldProps<V, N> & Omit<CheckboxProps, Own | 'checked'>,
) {
  return <Toggle props={props} Control={Checkbox} />;
}

/**
 * Any other input, bound by `render` to the field's value: `render={(value, onChange) => <FilterMenu
 * selected={value} onChange={onChange} ... />}`, in the same FormGroup (label, message) as the fields above; the
 * label names the element of `id` when given.
 */
export function CustomField<V extends FieldValues, N extends FieldPath<V>>(
  props: FieldProps<V, N> & {
    render(value: FieldPathValue<V, N>, onChange: (value: FieldPathValue<V, N>) => void, invalid: boolean): ReactNode;
  },
) {
  const { group } = split(props);
  const f = useField(props);
  return (
    <Group field={{ id: props.id, error: f.error }} p={group}>
      {props.render(f.field.value, f.field.onChange, !!f.error)}
    </Group>
  );
}

/** The form element: submits the schema form (Enter in a field, a submit button); no browser checks. */
export function Form<V extends FieldValues, B>({
  form,
  children,
  ...rest
}: { form: SchemaForm<V, B>; children: ReactNode } & Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'>) {
  return (
    <form noValidate {...rest} onSubmit={(e) => void form.submit(e)}>
      {children}
    </form>
  );
}

/** The form's own message (a failure naming no field, or the page's `fieldsMessage`), as a danger callout. */
export function FormError<V extends FieldValues>({
  control,
  title,
  className,
  style,
}: {
  control: Control<V, any, any>;
  title?: string;
  className?: string;
  style?: React.CSSProperties;
}) {
  const { errors } = useFormState({ control });
  const message = errors.root?.form?.message;
  if (!message) return null;
  return (
    <Callout intent="danger" role="alert" title={title} className={className} style={style}>
      {message}
    </Callout>
  );
}

/** The submit button: sends the form, spins and takes no click while it is being sent. */
export function SubmitButton<V extends FieldValues, B>({
  form,
  disabled,
  intent = 'primary',
  ...rest
}: { form: SchemaForm<V, B> } & Omit<ButtonProps, 'form' | 'type' | 'onClick' | 'loading'>) {
  const { isSubmitting } = useFormState({ control: form.control });
  return (
    <Button
      {...rest}
      type="submit"
      intent={intent}
      loading={isSubmitting}
      disabled={disabled || isSubmitting}
      onClick={(e) => {
        e.preventDefault();
        if (!isSubmitting) void form.submit();
      }}
    />
  );
}
