/**
 * The workspace form helper (schema-form.ts, fields.tsx, placing.ts) without a browser: react-hook-form's control
 * outside React for checking and sending, server rendering for what a field and the submit button show.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createFormControl, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../api';
import { FormError, NumericField, SelectField, SubmitButton, TextField } from './fields';
import { bodyPath, fieldIn, placeErrors } from './placing';
import { schemaFormProps, submitOf, type SchemaForm, type SchemaFormOptions } from './schema-form';

const schema = z.object({
  name: z.string().trim().min(1, 'Required.').max(10, 'Max 10 characters'),
  cost: z.number({ error: 'Must be a number' }).min(0, 'Must be 0 or more').nullable(),
});
type Values = { name: string; cost: string };

function formOf(o: Partial<SchemaFormOptions<typeof schema, Values>> = {}) {
  const latest = {
    current: {
      schema,
      defaultValues: { name: '', cost: '' },
      toBody: (v: Values) => ({ name: v.name, cost: v.cost.trim() === '' ? null : Number(v.cost) }),
      onSubmit: async () => {},
      ...o,
    } as SchemaFormOptions<typeof schema, Values>,
  };
  const c = createFormControl<Values, unknown, z.input<typeof schema>>(schemaFormProps(latest));
  c.control._state.mount = true; // as useForm marks a rendered form (getValues then reads the typed values)
  const submit = submitOf(c, latest);
  const form = { ...c, formState: c.control._formState, submit } as unknown as SchemaForm<
    Values,
    z.input<typeof schema>
  >;
  return { c, submit, form, latest };
}

const errorsOf = (c: { control: { _formState: { errors: FieldValues } } }) => c.control._formState.errors;
const field = (form: SchemaForm<Values, z.input<typeof schema>>, name: 'name' | 'cost', label: string) =>
  renderToStaticMarkup(createElement(TextField<Values, 'name' | 'cost'>, { control: form.control, name, label }));

test('a rule of the schema blocks the submit and its message stands under its field', async () => {
  const onSubmit = jest.fn();
  const { c, submit, form } = formOf({ onSubmit });
  c.setValue('cost', 'abc');
  await submit();
  expect(onSubmit).not.toHaveBeenCalled();
  expect(errorsOf(c).name.message).toBe('Required.');
  expect(errorsOf(c).cost.message).toBe('Must be a number');
  const html = field(form, 'name', 'Name (required)');
  expect(html).toContain('Name (required)');
  expect(html).toContain('Required.');
  expect(html).toContain('bp6-intent-danger');
  expect(html).toContain('aria-invalid="true"');
});

test('valid values send the body made by toBody, checked by the schema', async () => {
  const onSubmit = jest.fn();
  const { c, submit } = formOf({ onSubmit });
  c.setValue('name', ' Printer ');
  c.setValue('cost', '12.5');
  await submit();
  expect(onSubmit).toHaveBeenCalledWith({ name: ' Printer ', cost: 12.5 }, { name: ' Printer ', cost: '12.5' });
  expect(errorsOf(c)).toEqual({});
});

test("the server's field errors land under their fields; the rest is the form's message", async () => {
  const refusal = new ApiError(400, 'Invalid body: body.name Taken.; body.version Required.', 'validation_failed', [
    { path: 'body.name', message: 'Taken.' },
    { path: 'body.version', message: 'Required.' },
  ]);
  const { c, submit, form } = formOf({
    onSubmit: () => {
      throw refusal;
    },
  });
  c.setValue('name', 'Printer');
  await submit();
  expect(errorsOf(c).name.message).toBe('Taken.');
  expect(errorsOf(c).version).toBeUndefined();
  expect(errorsOf(c).root.form.message).toBe(refusal.message);
  expect(field(form, 'name', 'Name')).toContain('Taken.');
  expect(renderToStaticMarkup(createElement(FormError<Values>, { control: form.control }))).toContain('role="alert"');
});

test('a refusal placed entirely on fields shows the page text; a failure naming no field its message', async () => {
  const placedOnly = formOf({
    fieldsMessage: 'Check the fields marked below.',
    onSubmit: () => {
      throw new ApiError(400, 'Invalid body', 'validation_failed', [{ path: 'body.cost', message: 'Too large' }]);
    },
  });
  placedOnly.c.setValue('name', 'x');
  await placedOnly.submit();
  expect(errorsOf(placedOnly.c).cost.message).toBe('Too large');
  expect(errorsOf(placedOnly.c).root.form.message).toBe('Check the fields marked below.');

  const stale = formOf({
    errorMessage: (e) => `${(e as Error).message} Open it again.`,
    onSubmit: () => {
      throw new ApiError(409, 'Someone else saved it.');
    },
  });
  stale.c.setValue('name', 'x');
  await stale.submit();
  expect(Object.keys(errorsOf(stale.c))).toEqual(['root']);
  expect(errorsOf(stale.c).root.form.message).toBe('Someone else saved it. Open it again.');
  const html = renderToStaticMarkup(createElement(FormError<Values>, { control: stale.form.control }));
  expect(html).toContain('Someone else saved it. Open it again.');
});

test('while a submit runs the form is submitting, a second submit sends nothing, and the button is free after', async () => {
  let finish = () => {};
  const onSubmit = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const { c, submit, form } = formOf({ onSubmit });
  const states: boolean[] = [];
  c.control._subjects.state.subscribe({ next: (s) => s.isSubmitting !== undefined && states.push(s.isSubmitting) });
  c.setValue('name', 'x');
  const first = submit();
  await new Promise((r) => setTimeout(r, 0));
  expect(states).toEqual([true]);
  await submit();
  expect(onSubmit).toHaveBeenCalledTimes(1);
  finish();
  await first;
  expect(states.at(-1)).toBe(false);
  const button = renderToStaticMarkup(createElement(() => SubmitButton({ form, text: 'Save' })));
  expect(button).toContain('type="submit"');
  expect(button).not.toContain('disabled');
});

test('a server path names a form field: body. dropped, the longest known leading part', () => {
  expect(bodyPath('body.items.2.name')).toBe('items.2.name');
  expect(bodyPath('query.page')).toBeNull();
  const fieldOf = fieldIn({ name: '', items: [{ name: '' }], address: { city: '' } });
  expect(fieldOf('items.0.name')).toBe('items.0.name');
  expect(fieldOf('items.5.name')).toBe('items');
  expect(fieldOf('address.zip')).toBe('address');
  expect(fieldOf('version')).toBeNull();
  expect(placeErrors(new Error('offline'), fieldOf)).toEqual({ fields: {}, form: 'offline' });
});

test("a nested body's messages land on the fields fieldOf names, the schema's and the server's alike", async () => {
  const nested = z.object({
    operation: z.literal('insert'),
    payload: z.object({ url: z.url({ message: 'A web address' }) }),
  });
  type Link = { address: string };
  const fieldOf = (path: string) => (path === 'payload.url' ? 'address' : null);
  let refusal: unknown = null;
  const latest = {
    current: {
      schema: nested,
      defaultValues: { address: '' },
      toBody: (v: Link) => ({ operation: 'insert' as const, payload: { url: v.address } }),
      fieldOf,
      onSubmit: async () => {
        if (refusal) throw refusal;
      },
    } as SchemaFormOptions<typeof nested, Link>,
  };
  const c = createFormControl<Link, unknown, z.input<typeof nested>>(schemaFormProps(latest));
  const submit = submitOf(c, latest);
  c.setValue('address', 'portal');
  await submit();
  expect(errorsOf(c)).toEqual({ address: expect.objectContaining({ message: 'A web address' }) });
  c.setValue('address', 'https://portal.example');
  refusal = new ApiError(400, 'Invalid body', 'validation_failed', [{ path: 'body.payload.url', message: 'Taken.' }]);
  await submit();
  expect(errorsOf(c).address.message).toBe('Taken.');
  expect(errorsOf(c).root).toBeUndefined();
});

test('a number field shows its number, a select its option, each with the message of its field', async () => {
  const counts = z.object({
    seats: z.number({ error: 'Must be a number' }).int().min(1, 'At least 1'),
    plan: z.number({ error: 'Choose a plan' }),
  });
  type Counts = { seats: number | null; plan: number | null };
  const latest = {
    current: { schema: counts, defaultValues: { seats: 0, plan: null }, onSubmit: async () => {} } as SchemaFormOptions<
      typeof counts,
      Counts
    >,
  };
  const c = createFormControl<Counts, unknown, z.input<typeof counts>>(schemaFormProps(latest));
  await submitOf(c, latest)();
  const html = renderToStaticMarkup(
    createElement(() => [
      NumericField({ control: c.control, name: 'seats', label: 'Seats' }),
      SelectField({
        control: c.control,
        name: 'plan',
        label: 'Plan',
        empty: 'Choose…',
        options: [{ value: 7, label: 'Gold' }],
      }),
    ]),
  );
  expect(html).toContain('value="0"');
  expect(html).toContain('At least 1');
  expect(html).toMatch(/<option value="" [^>]*selected="">Choose…<\/option>/);
  expect(html).toMatch(/<option value="7" [^>]*>Gold<\/option>/);
  expect(html).toContain('Choose a plan');
});
