/** Custom field rules: targets, definitions (tenant admins) and values of records; the kernel's errors on refusal. */
import { badRequest, conflict, HttpError, notFound, type Kernel, type Trx } from '../../../kernel/index';
import {
  checkRecordValues,
  fromStored,
  matchesFilter,
  optionsProblem,
  toStored,
  type CustomField,
  type FieldValue,
  type RecordValues,
} from '../shared/custom-fields';
import { customFieldTargetsPoint, TARGET_ID, type CustomFieldTarget } from './custom-field-targets';
import * as store from './custom-fields-store';

type K = Pick<Kernel, 'extensions'>;

/** The registered targets with a valid id, the first registration of an id winning. */
export function customFieldTargets(k: K): CustomFieldTarget[] {
  const seen = new Set<string>();
  return k.extensions(customFieldTargetsPoint).filter((t) => {
    if (!TARGET_ID.test(t.target) || seen.has(t.target)) return false;
    seen.add(t.target);
    return true;
  });
}

export const listFields = (db: Trx, target?: string) => store.selectFields(db, { target });

export async function createField(
  k: K,
  db: Trx,
  tenantId: number,
  body: Omit<store.NewField, 'required' | 'options' | 'sort_order' | 'is_active'> & Partial<store.NewField>,
): Promise<CustomField> {
  if (!customFieldTargets(k).some((t) => t.target === body.target))
    throw badRequest('Unknown target', [{ path: 'body.target', message: `No record type "${body.target}"` }]);
  const same = await store.selectFields(db, { target: body.target });
  if (same.some((f) => f.field_key === body.field_key))
    throw badRequest('Key in use', [{ path: 'body.field_key', message: 'A field with this key exists' }]);
  const id = await store.insertField(db, tenantId, {
    target: body.target,
    field_key: body.field_key,
    label: body.label,
    field_type: body.field_type,
    required: body.required ?? false,
    options: body.field_type === 'choice' ? (body.options ?? []) : [],
    sort_order: body.sort_order ?? (same.length ? Math.max(...same.map((f) => f.sort_order)) + 10 : 10),
    is_active: body.is_active ?? true,
  });
  return (await store.fieldById(db, id))!;
}

async function requireField(db: Trx, id: number): Promise<CustomField> {
  const f = await store.fieldById(db, id);
  if (!f) throw notFound('Custom field not found');
  return f;
}

const stale = () => conflict('The field was changed by someone else. Reload it and try again.');

export async function changeField(
  db: Trx,
  id: number,
  patch: Parameters<typeof store.updateField>[3] & { version: number },
): Promise<CustomField> {
  const f = await requireField(db, id);
  if (f.version !== patch.version) throw stale();
  const problem = optionsProblem(f.field_type, patch.options);
  if (problem) throw badRequest(problem, [{ path: 'body.options', message: problem }]);
  if (patch.options && f.field_type === 'choice') {
    const inUse = [...(await store.valueCounts(db, id))].filter(([v]) => !patch.options!.includes(v));
    if (inUse.length) {
      const message = inUse.map(([v, n]) => `"${v}" is set on ${n} record${n === 1 ? '' : 's'}`).join('; ');
      throw badRequest('Options in use', [{ path: 'body.options', message: `${message}: change them first` }]);
    }
  }
  const { version, ...rest } = patch;
  if (!(await store.updateField(db, id, version, rest))) throw stale();
  return requireField(db, id);
}

/** Deletes a field; one with values needs confirm (409 has_values with the count otherwise). */
export async function removeField(
  db: Trx,
  id: number,
  opts: { confirm: boolean; version?: number },
): Promise<{ field: CustomField; values_deleted: number }> {
  const f = await requireField(db, id);
  if (opts.version !== undefined && opts.version !== f.version) throw stale();
  if (f.value_count > 0 && !opts.confirm)
    throw new HttpError(
      409,
      `${f.label} has values on ${f.value_count} record${f.value_count === 1 ? '' : 's'}. Confirm to delete them with it.`,
      'has_values',
      undefined,
      { value_count: f.value_count },
    );
  await store.deleteField(db, id);
  return { field: f, values_deleted: f.value_count };
}

function group(fields: readonly CustomField[], rows: readonly store.StoredValue[]): RecordValues[] {
  const byId = new Map(fields.map((f) => [f.custom_field_id, f]));
  const out = new Map<number, Record<string, FieldValue>>();
  for (const r of rows) {
    const f = byId.get(r.custom_field_id)!;
    const values = out.get(r.record_id) ?? {};
    values[f.field_key] = fromStored(f.field_type, r.value);
    out.set(r.record_id, values);
  }
  return [...out].map(([record_id, values]) => ({ record_id, values }));
}

/** The active fields of a target and the records holding values, only those matching the filter when one is given. */
export async function recordsWithValues(
  db: Trx,
  target: string,
  filter: { field?: string; value?: string },
): Promise<{ fields: CustomField[]; records: RecordValues[] }> {
  const fields = await store.selectFields(db, { target, activeOnly: true });
  let records = group(
    fields,
    await store.selectValues(
      db,
      fields.map((f) => f.custom_field_id),
    ),
  );
  if (filter.field !== undefined) {
    const f = fields.find((x) => x.field_key === filter.field);
    if (!f) throw badRequest('Unknown field', [{ path: 'query.field', message: 'No such field' }]);
    const value = filter.value ?? '';
    if (value.trim() === '') throw badRequest('Value required', [{ path: 'query.value', message: 'Required.' }]);
    if (f.field_type === 'number' && !Number.isFinite(Number(value)))
      throw badRequest('Not a number', [{ path: 'query.value', message: 'Must be a number' }]);
    records = records.filter((r) => matchesFilter(f.field_type, r.values[f.field_key], value));
  }
  return { fields, records };
}

/** Sets (or with null/'' removes) values of one record; refusals name `body.values.<key>` and change nothing. */
export async function saveRecordValues(
  db: Trx,
  tenantId: number,
  target: CustomFieldTarget,
  recordId: number,
  given: Record<string, unknown>,
): Promise<{ values: Record<string, FieldValue>; changed: number }> {
  if (!(await target.existing(db, [recordId])).includes(recordId)) throw notFound('Record not found');
  const fields = await store.selectFields(db, { target: target.target });
  const storedRows = await store.selectValues(
    db,
    fields.map((f) => f.custom_field_id),
    [recordId],
  );
  const stored = group(fields, storedRows)[0]?.values ?? {};
  const { changes, problems } = checkRecordValues(fields, stored, given);
  if (problems.length)
    throw badRequest(
      problems.map((p) => p.message).join('; '),
      problems.map((p) => ({ ...p, path: `body.${p.path}` })),
    );
  let changed = 0;
  for (const [key, value] of Object.entries(changes)) {
    const f = fields.find((x) => x.field_key === key)!;
    if (value === null) changed += await store.deleteValue(db, f.custom_field_id, recordId);
    else if (stored[key] !== value) {
      await store.upsertValue(db, tenantId, {
        custom_field_id: f.custom_field_id,
        record_id: recordId,
        value: toStored(value),
      });
      changed++;
    }
  }
  const active = fields.filter((f) => f.is_active);
  const after = group(
    active,
    await store.selectValues(
      db,
      active.map((f) => f.custom_field_id),
      [recordId],
    ),
  );
  return { values: after[0]?.values ?? {}, changed };
}
