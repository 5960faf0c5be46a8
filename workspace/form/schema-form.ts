/**
 * The workspace form model: react-hook-form checked by the API's own zod schema (`zodResolver`), so a rule has one
 * message, the schema's. The form holds what its inputs hold (`defaultValues`); `toBody` turns that into the request
 * body the schema checks and `onSubmit` sends. A refusal of the server lands under the fields it names (placing.ts),
 * anything else above the form (`errors.root.form`, shown by <FormError>); while `onSubmit` runs the form is
 * submitting (<SubmitButton> spins and takes no click).
 *
 *   const form = useSchemaForm({
 *     schema: createContactBody,
 *     defaultValues: { first_name: '', email: '' },
 *     toBody: (v) => ({ ...v, email: v.email.trim() || null }),
 *     onSubmit: async (body) => onClose((await api.post<{ contact: Contact }>(path, body)).contact),
 *   });
 *   <Form form={form}><TextField control={form.control} name="first_name" label="First name" /> ...
 *     <SubmitButton form={form} text="Add" /></Form>
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, type BaseSyntheticEvent } from 'react';
import {
  get,
  set,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { fieldIn, placeErrors, type PlacingTexts } from './placing';

/** A request body's schema (an object's, or one refined or piped from it). */
export type BodySchema = z.ZodType;
/** The body a schema checks (its input); an object of any fields when the schema does not say. */
export type BodyOf<S extends BodySchema> = z.input<S> extends FieldValues ? z.input<S> : FieldValues;

/** The name of the form's own message among the errors (`form.formState.errors.root?.form`). */
export const FORM_ERROR = 'root.form' as const;

export interface SchemaFormOptions<S extends BodySchema, V extends FieldValues> extends PlacingTexts {
  /** The request body's schema (a plugin's shared/api.ts): its rules and messages are the form's. */
  schema: S;
  /** The values the inputs start with (strings for text inputs, booleans for switches, ...). */
  defaultValues: V;
  /** The body checked by the schema and sent, from the form's values; absent: the values themselves. */
  toBody?(values: V): BodyOf<S>;
  /** Sends the body (made from `values`); what it throws is shown (field errors under their fields, the rest above the form). */
  onSubmit(body: BodyOf<S>, values: V): unknown;
  /** Body fields held under another name in the form (body field → form field), e.g. { tenantCompanyIds: 'others' }. */
  renames?: Record<string, Path<V>>;
  /**
   * The form field a body path (`body.` already dropped) belongs to, or null (shown above the form); absent or
   * undefined: the longest leading part of the path (renamed by `renames`) that is a field of `defaultValues`.
   */
  fieldOf?(path: string): Path<V> | null | undefined;
  /** When fields are checked before the first submit (react-hook-form's mode; default 'onSubmit', then on change). */
  mode?: UseFormProps<V>['mode'];
}

export type SchemaForm<V extends FieldValues, B = V> = UseFormReturn<V, unknown, B> & {
  /** Checks and sends (a form's onSubmit, or a button's onClick). */
  submit(event?: BaseSyntheticEvent): Promise<void>;
};

type Latest<S extends BodySchema, V extends FieldValues> = { current: SchemaFormOptions<S, V> };

function placeOf<V extends FieldValues>(o: SchemaFormOptions<BodySchema, V>): (path: string) => string | null {
  const known = fieldIn(o.defaultValues);
  const renames = (o.renames ?? {}) as Record<string, string>;
  return (path) => {
    const chosen = o.fieldOf?.(path);
    if (chosen !== undefined) return chosen;
    const [head, ...rest] = path.split('.');
    return known(head in renames ? [renames[head], ...rest].join('.') : path);
  };
}

/** The leaves of nested resolver errors (those with a type): [dot path, error]. */
function leaves(errors: object, prefix = ''): [string, { message?: string }][] {
  return Object.entries(errors).flatMap(([k, e]) => {
    if (!e || typeof e !== 'object') return [];
    const path = prefix ? `${prefix}.${k}` : k;
    return 'type' in e && typeof e.type === 'string' ? [[path, e as { message?: string }]] : leaves(e, path);
  });
}

/** The zod resolver over `toBody(values)`, its errors moved onto the form's fields (the rest: the form's message). */
export function schemaResolver<S extends BodySchema, V extends FieldValues>(
  latest: Latest<S, V>,
): Resolver<V, unknown, BodyOf<S>> {
  return async (values, context, options) => {
    const o = latest.current;
    const check = zodResolver(o.schema as never, undefined, { raw: true }) as unknown as Resolver<
      FieldValues,
      unknown,
      FieldValues
    >;
    const r = await check(o.toBody ? o.toBody(values) : (values as FieldValues), context, options as never);
    const found = leaves(r.errors);
    if (!found.length) return r as never;
    const place = placeOf(o as never);
    const errors: Record<string, unknown> = {};
    const rest: string[] = [];
    for (const [path, e] of found) {
      const field = place(path);
      if (field === null) rest.push(e.message ?? path);
      else if (get(errors, field) === undefined) set(errors, field, e);
    }
    if (rest.length) errors.root = { form: { type: 'schema', message: rest.join(' ') } };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/** The react-hook-form options of a schema form (its resolver reads the latest options). */
export function schemaFormProps<S extends BodySchema, V extends FieldValues>(
  latest: Latest<S, V>,
): UseFormProps<V, unknown, BodyOf<S>> {
  return {
    defaultValues: latest.current.defaultValues as DefaultValues<V>,
    mode: latest.current.mode ?? 'onSubmit',
    reValidateMode: 'onChange',
    resolver: schemaResolver(latest),
  };
}

/** Checks, then sends (once at a time: a submit while one runs is ignored); a failure is placed on the fields and above the form. */
export function submitOf<S extends BodySchema, V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, BodyOf<S>>, 'handleSubmit' | 'setError' | 'getValues'>,
  latest: Latest<S, V>,
): SchemaForm<V, BodyOf<S>>['submit'] {
  let sending = false;
  const send = form.handleSubmit(async (body) => {
    const o = latest.current;
    try {
      await o.onSubmit(body, form.getValues());
    } catch (e) {
      const placed = placeErrors(e, placeOf(o as never), o);
      let first = true;
      for (const [field, message] of Object.entries(placed.fields)) {
        form.setError(field as Path<V>, { type: 'server', message }, { shouldFocus: first });
        first = false;
      }
      if (placed.form !== null) form.setError(FORM_ERROR, { type: 'server', message: placed.form });
    }
  });
  return async (event) => {
    event?.preventDefault();
    if (sending) return;
    sending = true;
    try {
      await send(event);
    } finally {
      sending = false;
    }
  };
}

/** A form checked by `schema`, sent by `onSubmit` (see the top of this file). */
export function useSchemaForm<S extends BodySchema, V extends FieldValues = BodyOf<S>>(
  options: SchemaFormOptions<S, V>,
): SchemaForm<V, BodyOf<S>> {
  const latest = useRef(options);
  latest.current = options;
  const props = useRef<UseFormProps<V, unknown, BodyOf<S>>>(null);
  props.current ??= schemaFormProps(latest);
  const form = useForm<V, unknown, BodyOf<S>>(props.current);
  const submit = useRef<SchemaForm<V, BodyOf<S>>['submit']>(null);
  submit.current ??= submitOf(form, latest);
  return { ...form, submit: submit.current };
}
