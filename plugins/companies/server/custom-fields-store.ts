/** Custom fields: SQL only (the caller's transaction; rows converted at the boundary). */
import type { Trx } from '../../../kernel/index';
import type { CustomField, FieldType } from '../shared/custom-fields';

const FIELD_COLUMNS = [
  'f.custom_field_id',
  'f.target',
  'f.field_key',
  'f.label',
  'f.field_type',
  'f.required',
  'f.options',
  'f.sort_order',
  'f.is_active',
  'f.version',
];

interface FieldRow extends Omit<CustomField, 'value_count' | 'options' | 'custom_field_id'> {
  custom_field_id: string | number;
  options: unknown;
  value_count: string | number | null;
}

const toField = (r: FieldRow): CustomField => ({
  custom_field_id: Number(r.custom_field_id),
  target: r.target,
  field_key: r.field_key,
  label: r.label,
  field_type: r.field_type as FieldType,
  required: !!r.required,
  options: Array.isArray(r.options)
    ? r.options.map(String)
    : typeof r.options === 'string'
      ? JSON.parse(r.options)
      : [],
  sort_order: Number(r.sort_order),
  is_active: !!r.is_active,
  version: Number(r.version),
  value_count: Number(r.value_count ?? 0),
});

/** Definitions with their value counts, by target, sort order then label. */
export async function selectFields(
  db: Trx,
  opts: { target?: string; activeOnly?: boolean; id?: number } = {},
): Promise<CustomField[]> {
  const counts = db('tenant_custom_field_values')
    .select('custom_field_id')
    .count({ value_count: '*' })
    .groupBy('custom_field_id')
    .as('c');
  const q = db('tenant_custom_fields as f')
    .leftJoin(counts, 'c.custom_field_id', 'f.custom_field_id')
    .select(...FIELD_COLUMNS, 'c.value_count')
    .orderBy([{ column: 'f.target' }, { column: 'f.sort_order' }, { column: 'f.label' }]);
  if (opts.target !== undefined) q.where('f.target', opts.target);
  if (opts.activeOnly) q.where('f.is_active', true);
  if (opts.id !== undefined) q.where('f.custom_field_id', opts.id);
  return ((await q) as FieldRow[]).map(toField);
}

export async function fieldById(db: Trx, id: number): Promise<CustomField | undefined> {
  return (await selectFields(db, { id }))[0];
}

/** The stored values of a new field: the answer's fields but its id, version and value count. */
export type NewField = Omit<CustomField, 'custom_field_id' | 'version' | 'value_count'>;

export async function insertField(db: Trx, tenantId: number, f: NewField): Promise<number> {
  const [row] = await db('tenant_custom_fields')
    .insert({ tenant_id: tenantId, ...f, options: JSON.stringify(f.options) })
    .returning('custom_field_id');
  return Number(row.custom_field_id);
}

/** Updates when the version matches; answers the number of rows changed (0: stale or gone). */
export async function updateField(
  db: Trx,
  id: number,
  version: number,
  patch: Partial<Pick<NewField, 'label' | 'required' | 'options' | 'sort_order' | 'is_active'>>,
): Promise<number> {
  const { options, ...rest } = patch;
  return db('tenant_custom_fields')
    .where({ custom_field_id: id, version })
    .update({
      ...rest,
      ...(options ? { options: JSON.stringify(options) } : {}),
      version: db.raw('version + 1'),
      updated_at: db.fn.now(),
    });
}

export async function deleteField(db: Trx, id: number): Promise<number> {
  return db('tenant_custom_fields').where({ custom_field_id: id }).delete();
}

/** How many records hold each of the values (choice options in use). */
export async function valueCounts(db: Trx, fieldId: number): Promise<Map<string, number>> {
  const rows: { value: string; n: string | number }[] = await db('tenant_custom_field_values')
    .where({ custom_field_id: fieldId })
    .select('value')
    .count({ n: '*' })
    .groupBy('value');
  return new Map(rows.map((r) => [r.value, Number(r.n)]));
}

export interface StoredValue {
  custom_field_id: number;
  record_id: number;
  value: string;
}

/** Stored values of the given fields, optionally of some records only. */
export async function selectValues(
  db: Trx,
  fieldIds: readonly number[],
  recordIds?: readonly number[],
): Promise<StoredValue[]> {
  if (!fieldIds.length) return [];
  const q = db('tenant_custom_field_values')
    .whereIn('custom_field_id', [...fieldIds])
    .select('custom_field_id', 'record_id', 'value')
    .orderBy('record_id');
  if (recordIds) q.whereIn('record_id', [...recordIds]);
  const rows: { custom_field_id: string | number; record_id: string | number; value: string }[] = await q;
  return rows.map((r) => ({
    custom_field_id: Number(r.custom_field_id),
    record_id: Number(r.record_id),
    value: r.value,
  }));
}

export async function upsertValue(db: Trx, tenantId: number, v: StoredValue): Promise<void> {
  await db('tenant_custom_field_values')
    .insert({ tenant_id: tenantId, ...v, updated_at: db.fn.now() })
    .onConflict(['tenant_id', 'custom_field_id', 'record_id'])
    .merge(['value', 'updated_at']);
}

export async function deleteValue(db: Trx, fieldId: number, recordId: number): Promise<number> {
  return db('tenant_custom_field_values').where({ custom_field_id: fieldId, record_id: recordId }).delete();
}
