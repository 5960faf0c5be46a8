/**
 * Custom fields (platform.md 2.4 "custom fields"): tenant-defined fields of companies, contacts and the records of
 * later plugins (targets, `companies.customFieldTargets`). The API's schemas and the pure value rules both sides run:
 * the server validates every value with them, the workspace shows the same messages while typing.
 */
import { z } from 'zod';
import { isRealDate } from './dates';

export const FIELD_TYPES = ['text', 'number', 'date', 'choice'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  choice: 'Choice',
};

const MAX_TEXT_LENGTH = 1000;
const MAX_OPTIONS = 100;
const KEY_RE = /^[a-z][a-z0-9_]{0,39}$/;
const MSG_KEY = 'Lowercase letters, digits and _, starting with a letter (max 40 characters)';
const MSG_REQUIRED = 'Required.';

/** A value as stored and answered: numbers as numbers, dates as YYYY-MM-DD, text and choices as text. */
export type FieldValue = string | number;
/** What the rules need of a field definition. */
interface FieldRule {
  field_key: string;
  label: string;
  field_type: FieldType;
  required: boolean;
  options: string[];
}

/**
 * The value rule of one field: empty (null, undefined, '' or blanks) is null, refused for a required field; text up to
 * 1000 characters; a number (or numeric text) that is finite; a real YYYY-MM-DD date; a choice among the options
 * (exact text). Answers the canonical value or the message.
 */
export function checkFieldValue(
  field: FieldRule,
  raw: unknown,
): { ok: true; value: FieldValue | null } | { ok: false; message: string } {
  const empty = raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '');
  if (empty) return field.required ? { ok: false, message: MSG_REQUIRED } : { ok: true, value: null };
  switch (field.field_type) {
    case 'text': {
      if (typeof raw !== 'string') return { ok: false, message: 'Must be text' };
      const v = raw.trim();
      if (v.length > MAX_TEXT_LENGTH) return { ok: false, message: `Max ${MAX_TEXT_LENGTH} characters` };
      return { ok: true, value: v };
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(n) || Math.abs(n) > 1e15) return { ok: false, message: 'Must be a number' };
      return { ok: true, value: n };
    }
    case 'date': {
      const v = typeof raw === 'string' ? raw.trim() : '';
      if (!isRealDate(v)) return { ok: false, message: 'Must be a date (YYYY-MM-DD)' };
      return { ok: true, value: v };
    }
    case 'choice': {
      const v = typeof raw === 'string' ? raw.trim() : String(raw);
      if (!field.options.includes(v)) return { ok: false, message: `Must be one of: ${field.options.join(', ')}` };
      return { ok: true, value: v };
    }
  }
}

/** The stored text of a canonical value, and back (the database keeps one text column). */
export const toStored = (v: FieldValue): string => String(v);
export function fromStored(type: FieldType, stored: string): FieldValue {
  return type === 'number' ? Number(stored) : stored;
}

/**
 * The filter rule: does a record's value match what the user typed? Text: contains, any case; number: the same
 * number; date and choice: the same value. No value never matches.
 */
export function matchesFilter(type: FieldType, value: FieldValue | null | undefined, filter: string): boolean {
  if (value === null || value === undefined) return false;
  const f = filter.trim();
  if (type === 'text') return String(value).toLowerCase().includes(f.toLowerCase());
  if (type === 'number') return f !== '' && Number(f) === value;
  return String(value) === f;
}

/** A value as a list or CSV cell shows it ('' for none). */
export const displayValue = (v: FieldValue | null | undefined): string =>
  v === null || v === undefined ? '' : String(v);

/** A field's definition: its label and value rules, which record type it extends, its place in lists. */
const int = z.number().int();
const labelSchema = z.string().trim().min(1, MSG_REQUIRED).max(80, 'Max 80 characters');
const optionsSchema = z
  .array(z.string().trim().min(1, MSG_REQUIRED).max(80, 'Max 80 characters'))
  .max(MAX_OPTIONS, `At most ${MAX_OPTIONS} options`)
  .refine((o) => new Set(o).size === o.length, 'Options must be different');
const sortOrder = int.min(0, 'Must be 0 or more').max(10_000, 'Max 10000');

export const customFieldBody = z
  .object({
    target: z.string().trim().min(1, MSG_REQUIRED).max(40, 'Max 40 characters'),
    field_key: z.string().trim().regex(KEY_RE, MSG_KEY),
    label: labelSchema,
    field_type: z.enum(FIELD_TYPES),
    required: z.boolean().optional(),
    options: optionsSchema.optional(),
    sort_order: sortOrder.optional(),
    is_active: z.boolean().optional(),
  })
  .superRefine((b, ctx) => optionRule(b.field_type, b.options, ctx));

/** An update: the key, target and type stay (stored values follow them); version is the one read. */
export const customFieldUpdate = z.object({
  label: labelSchema.optional(),
  required: z.boolean().optional(),
  options: optionsSchema.optional(),
  sort_order: sortOrder.optional(),
  is_active: z.boolean().optional(),
  version: int.min(1),
});

function optionRule(type: FieldType, options: string[] | undefined, ctx: z.RefinementCtx): void {
  if (type === 'choice' && !options?.length)
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice field needs at least one option' });
  if (type !== 'choice' && options?.length)
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice field has options' });
}

/** The options rule of an update, where the type is the stored one. */
export function optionsProblem(type: FieldType, options: string[] | undefined): string | null {
  if (options === undefined) return null;
  if (type === 'choice' && options.length === 0) return 'A choice field needs at least one option';
  if (type !== 'choice' && options.length > 0) return 'Only a choice field has options';
  return null;
}

const customField = z.object({
  custom_field_id: int,
  target: z.string(),
  field_key: z.string(),
  label: z.string(),
  field_type: z.enum(FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
  sort_order: int,
  is_active: z.boolean(),
  version: int,
  /** Records with a value of this field. */
  value_count: int,
});
export type CustomField = z.infer<typeof customField>;

const customFieldTarget = z.object({ target: z.string(), title: z.string(), page: z.string().nullable() });
export const customFieldsAnswer = z.object({ fields: z.array(customField), targets: z.array(customFieldTarget) });
export const customFieldsQuery = z.object({ target: z.string().max(40).optional() });
export const customFieldWriteAnswer = z.object({ field: customField, records_updated: int });
export const customFieldDeleteQuery = z.object({
  confirm: z.enum(['true', 'false']).optional(),
  version: z.coerce.number().int().min(1).optional(),
});
export const customFieldDeleteAnswer = z.object({ records_updated: int, values_deleted: int });

const fieldValue = z.union([z.string(), z.number()]);
const recordValues = z.object({ record_id: int, values: z.record(z.string(), fieldValue) });
export type RecordValues = z.infer<typeof recordValues>;
export const valuesQuery = z.object({
  field: z.string().max(40).optional(),
  value: z.string().max(MAX_TEXT_LENGTH).optional(),
});
export const valuesAnswer = z.object({ fields: z.array(customField), records: z.array(recordValues) });
export const valuesBody = z.object({
  values: z.record(z.string().max(40), z.union([z.string().max(MAX_TEXT_LENGTH * 2), z.number(), z.null()])),
});
export const valuesWriteAnswer = recordValues.extend({ records_updated: int });

/** A field of a record's values as the rules see it (active flag included). */
export interface RecordFieldRule extends FieldRule {
  is_active: boolean;
}

/**
 * The values a save sets on one record: each given key must name an active field of the target and pass its rule;
 * afterwards every required active field must hold a value (given now or stored before). Answers the canonical
 * changes (null: remove the value) or the problems, each naming `values.<key>`.
 */
export function checkRecordValues(
  fields: readonly RecordFieldRule[],
  stored: Readonly<Record<string, FieldValue>>,
  given: Readonly<Record<string, unknown>>,
): { changes: Record<string, FieldValue | null>; problems: { path: string; message: string }[] } {
  const byKey = new Map(fields.map((f) => [f.field_key, f]));
  const changes: Record<string, FieldValue | null> = {};
  const problems: { path: string; message: string }[] = [];
  for (const [key, raw] of Object.entries(given)) {
    const field = byKey.get(key);
    if (!field) problems.push({ path: `values.${key}`, message: 'No such field' });
    else if (!field.is_active) problems.push({ path: `values.${key}`, message: `${field.label} is not active` });
    else {
      const r = checkFieldValue(field, raw);
      if (r.ok) changes[key] = r.value;
      else problems.push({ path: `values.${key}`, message: `${field.label}: ${r.message}` });
    }
  }
  for (const f of fields) {
    if (!f.is_active || !f.required || key_in(given, f.field_key)) continue;
    if (stored[f.field_key] === undefined)
      problems.push({ path: `values.${f.field_key}`, message: `${f.label}: ${MSG_REQUIRED}` });
  }
  return { changes, problems };
}

const key_in = (o: Readonly<Record<string, unknown>>, k: string) => Object.prototype.hasOwnProperty.call(o, k);
