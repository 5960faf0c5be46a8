/**
 * SQL of the assets, and nothing else: each function takes the caller's transaction (tenant-scoped under RLS).
 * The lifecycle state is computed in SQL too (LIFECYCLE_SQL), so the list filters and sorts by it on the server; the
 * expression mirrors shared/lifecycle.ts (PostgreSQL's date + interval clamps month ends as addMonths does) and
 * tests/assets-api.test.ts checks the two agree on a table of cases.
 */
import type { Knex } from 'knex';
import type { Trx } from '../../../kernel/index';
import { COMPANY_TABLES } from '../../companies/public';
import type { AssetListQuery } from '../shared/api';
import type { AssetSource } from '../shared/fields';
import { LIFECYCLE_STATES, type LifecycleSettings } from '../shared/lifecycle';

export const ASSETS_TABLE = 'assets';
export const FIELD_SOURCES_TABLE = 'asset_field_sources';

/** The stored row with its company, type, status names and the type's effective settings (null: no type). */
export interface AssetDbRow {
  asset_id: number;
  tenant_company_id: number;
  company_moniker: string;
  asset_type_id: number | null;
  asset_type_moniker: string | null;
  tenant_asset_status_id: number | null;
  status_moniker: string | null;
  name: string;
  serial: string | null;
  make: string | null;
  model: string | null;
  purchase_date: string | null;
  warranty_start: string | null;
  warranty_expiry: string | null;
  eol_date: string | null;
  operating_system: string | null;
  assigned_to: string | null;
  location_id: number | null;
  cost: number | string | null;
  notes: string | null;
  source: AssetSource;
  source_id: string | null;
  last_seen_at: Date | string | null;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
  settings: LifecycleSettings | null;
}

/** The stored values a write sets. */
export interface AssetValues {
  tenant_company_id: number;
  asset_type_id: number | null;
  tenant_asset_status_id: number | null;
  name: string;
  serial: string | null;
  make: string | null;
  model: string | null;
  purchase_date: string | null;
  warranty_start: string | null;
  warranty_expiry: string | null;
  eol_date: string | null;
  operating_system: string | null;
  assigned_to: string | null;
  location_id: number | null;
  cost: number | null;
  notes: string | null;
}

const { companies, assetTypes, assetStatuses } = COMPANY_TABLES;
/** The company's own settings for a type (companies' per-company asset type rows) override the tenant's. */
const COMPANY_ASSET_TYPES = 'tenant_company_asset_types';

/** The effective setting of the asset's type: the company's, else the tenant's; 0 without a type. */
const setting = (col: string) => `coalesce(ct.${col}, t.${col}, 0)`;
const ASOF = '?::date';
/** End of life: eol_date, else purchase + default life (none when the life is 0). */
const EOL_SQL = `coalesce(a.eol_date, case when ${setting('default_life_in_months')} > 0 then (a.purchase_date + make_interval(months => ${setting('default_life_in_months')}::int))::date end)`;
const WARRANTY_SQL = `case when a.warranty_expiry is null then 'unknown'
  when a.warranty_expiry < ${ASOF} then 'expired'
  when ${setting('approaching_duration_in_months_warranty')} > 0
    and a.warranty_expiry <= (${ASOF} + make_interval(months => ${setting('approaching_duration_in_months_warranty')}::int))::date then 'expiring'
  else 'in_warranty' end`;
const EOL_STATE_SQL = `case when (${EOL_SQL}) is null then 'unknown'
  when (${EOL_SQL}) <= ${ASOF} then 'reached'
  when ${setting('approaching_duration_in_months_eol')} > 0
    and (${EOL_SQL}) <= (${ASOF} + make_interval(months => ${setting('approaching_duration_in_months_eol')}::int))::date then 'approaching'
  else 'ok' end`;

/**
 * The lifecycle state (shared/lifecycle.ts lifecycleState) as SQL text with its bindings (asOf, repeated): the
 * precedence eol_reached > out_of_warranty > eol_approaching > warranty_expiring > unknown > healthy.
 */
export function lifecycleSql(asOf: string): { sql: string; bindings: string[] } {
  const w = `(${WARRANTY_SQL})`;
  const e = `(${EOL_STATE_SQL})`;
  const sql = `(case when ${e} = 'reached' then 'eol_reached'
    when ${w} = 'expired' then 'out_of_warranty'
    when ${e} = 'approaching' then 'eol_approaching'
    when ${w} = 'expiring' then 'warranty_expiring'
    when ${w} = 'unknown' and ${e} = 'unknown' then 'unknown'
    else 'healthy' end)`;
  // Every binding is asOf.
  return { sql, bindings: Array<string>((sql.match(/\?/g) ?? []).length).fill(asOf) };
}

/** The lifecycle state's rank (its place in LIFECYCLE_STATES), to sort by urgency. */
function lifecycleRankSql(asOf: string): { sql: string; bindings: string[] } {
  const { sql, bindings } = lifecycleSql(asOf);
  const whens = LIFECYCLE_STATES.map((s, i) => `when '${s}' then ${i}`).join(' ');
  return { sql: `(case ${sql} ${whens} end)`, bindings };
}

const dateCol = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

function base(db: Trx): Knex.QueryBuilder {
  return db(`${ASSETS_TABLE} as a`)
    .join(`${companies.table} as co`, function () {
      this.on('co.tenant_id', 'a.tenant_id').andOn(`co.${companies.id}`, 'a.tenant_company_id');
    })
    .leftJoin(`${assetTypes.table} as t`, function () {
      this.on('t.tenant_id', 'a.tenant_id').andOn(`t.${assetTypes.id}`, 'a.asset_type_id');
    })
    .leftJoin(`${COMPANY_ASSET_TYPES} as ct`, function () {
      this.on('ct.tenant_id', 'a.tenant_id')
        .andOn('ct.tenant_company_id', 'a.tenant_company_id')
        .andOn('ct.asset_type_id', 'a.asset_type_id');
    })
    .leftJoin(`${assetStatuses.table} as st`, function () {
      this.on('st.tenant_id', 'a.tenant_id').andOn(`st.${assetStatuses.id}`, 'a.tenant_asset_status_id');
    });
}

function columns(db: Trx): (string | Knex.Raw)[] {
  const s = (col: string) =>
    db.raw(`case when a.asset_type_id is null then null else ${setting(col)} end as ??`, [col]);
  return [
    'a.asset_id',
    'a.tenant_company_id',
    'co.moniker as company_moniker',
    'a.asset_type_id',
    't.asset_type_moniker',
    'a.tenant_asset_status_id',
    'st.moniker as status_moniker',
    'a.name',
    'a.serial',
    'a.make',
    'a.model',
    db.raw(`${dateCol('a.purchase_date')} as purchase_date`),
    db.raw(`${dateCol('a.warranty_start')} as warranty_start`),
    db.raw(`${dateCol('a.warranty_expiry')} as warranty_expiry`),
    db.raw(`${dateCol('a.eol_date')} as eol_date`),
    'a.operating_system',
    'a.assigned_to',
    'a.location_id',
    'a.cost',
    'a.notes',
    'a.source',
    'a.source_id',
    'a.last_seen_at',
    'a.version',
    'a.created_at',
    'a.updated_at',
    s('default_replacement_cost'),
    s('default_life_in_months'),
    s('approaching_duration_in_months_eol'),
    s('approaching_duration_in_months_warranty'),
  ];
}

type RawRow = Omit<AssetDbRow, 'settings'> & {
  default_replacement_cost: number | string | null;
  default_life_in_months: number | string | null;
  approaching_duration_in_months_eol: number | string | null;
  approaching_duration_in_months_warranty: number | string | null;
};

function toRow(r: RawRow): AssetDbRow {
  const {
    default_replacement_cost,
    default_life_in_months,
    approaching_duration_in_months_eol,
    approaching_duration_in_months_warranty,
    ...rest
  } = r;
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...rest,
    asset_id: Number(r.asset_id),
    tenant_company_id: Number(r.tenant_company_id),
    asset_type_id: n(r.asset_type_id),
    tenant_asset_status_id: n(r.tenant_asset_status_id),
    location_id: n(r.location_id),
    version: Number(r.version),
    settings:
      r.asset_type_id === null
        ? null
        : {
            default_replacement_cost: Number(default_replacement_cost),
            default_life_in_months: Number(default_life_in_months),
            approaching_duration_in_months_eol: Number(approaching_duration_in_months_eol),
            approaching_duration_in_months_warranty: Number(approaching_duration_in_months_warranty),
          },
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Sort expressions of the list (ties broken by the asset id, so pages never overlap). */
function sortSql(sort: AssetListQuery['sort'], asOf: string): { sql: string; bindings: string[] } {
  const plain = (sql: string) => ({ sql, bindings: [] as string[] });
  switch (sort) {
    case 'name':
      return plain('lower(a.name)');
    case 'company':
      return plain('lower(co.moniker)');
    case 'asset_type':
      return plain('lower(t.asset_type_moniker)');
    case 'status':
      return plain('lower(st.moniker)');
    case 'serial':
    case 'make':
    case 'model':
    case 'operating_system':
    case 'assigned_to':
      return plain(`lower(a.${sort})`);
    case 'replacement_due':
      return plain(`(${EOL_SQL})`);
    case 'age':
      // Older first on ascending would surprise: age ascending is the purchase date descending.
      return plain("(-(a.purchase_date - date '2000-01-01'))");
    case 'lifecycle_state':
      return lifecycleRankSql(asOf);
    case 'replacement_cost':
      return plain(
        `coalesce(a.cost, case when a.asset_type_id is not null then ${setting('default_replacement_cost')} end)`,
      );
    default:
      return plain(`a.${sort}`);
  }
}

/** The filters and sort of the list, without its paging (the CSV export reads every row of them). */
export type AssetQuery = Omit<AssetListQuery, 'page' | 'pageSize'>;

/** The assets matching the filters (joined, no columns chosen yet). */
function filtered(db: Trx, q: AssetQuery, asOf: string): Knex.QueryBuilder {
  const qb = base(db);
  if (q.tenantCompanyIds?.length) qb.whereIn('a.tenant_company_id', q.tenantCompanyIds);
  if (q.assetTypeIds?.length) qb.whereIn('a.asset_type_id', q.assetTypeIds);
  if (q.tenantAssetStatusIds?.length) qb.whereIn('a.tenant_asset_status_id', q.tenantAssetStatusIds);
  if (q.lifecycleStates?.length) {
    const { sql, bindings } = lifecycleSql(asOf);
    qb.whereRaw(`${sql} in (${q.lifecycleStates.map(() => '?').join(', ')})`, [...bindings, ...q.lifecycleStates]);
  }
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    qb.where((w) => {
      for (const col of ['a.name', 'a.serial', 'a.make', 'a.model', 'a.operating_system', 'a.assigned_to'])
        w.orWhereILike(col, like);
    });
  }
  return qb;
}

/** One page of assets matching the filters, with the number matching on every page. */
export async function selectAssets(
  db: Trx,
  q: AssetListQuery,
  asOf: string,
): Promise<{ rows: AssetDbRow[]; total: number }> {
  const qb = filtered(db, q, asOf);
  const [{ n }] = await qb.clone().count({ n: '*' });
  const dir = q.dir === 'desc' ? 'desc' : 'asc';
  const nulls = dir === 'asc' ? 'nulls last' : 'nulls first';
  const ordered = qb.clone().select(columns(db));
  const s = sortSql(q.sort, asOf);
  ordered.orderByRaw(`${s.sql} ${dir} ${nulls}`, s.bindings);
  ordered.orderBy('a.asset_id', dir);
  const rows = (await ordered.limit(q.pageSize).offset((q.page - 1) * q.pageSize)) as RawRow[];
  return { rows: rows.map(toRow), total: Number(n) };
}

/** Rows read at a time by selectAssetChunks. */
export const EXPORT_CHUNK_ROWS = 1000;

/**
 * Every asset matching the filters, in the list's order, `chunkRows` at a time: keyset paging on (sort value, asset
 * id), so each chunk is one indexed-or-sorted query that starts where the last ended (no OFFSET, no cursor: a read
 * request on PostgreSQL runs each statement on its own, PGlite has one session). The sort value travels back as
 * text, which PostgreSQL reads as the expression's own type. Rows changed between two chunks are read as they are
 * then (each chunk is its own snapshot on PostgreSQL).
 */
export async function* selectAssetChunks(
  db: Trx,
  q: AssetQuery,
  asOf: string,
  chunkRows = EXPORT_CHUNK_ROWS,
): AsyncGenerator<AssetDbRow[]> {
  const desc = q.dir === 'desc';
  const s = sortSql(q.sort, asOf);
  let after: { key: string | null; id: number } | null = null;
  for (;;) {
    const qb = filtered(db, q, asOf).select([...columns(db), db.raw(`(${s.sql})::text as sort_key`, s.bindings)]);
    if (after) {
      const { key, id } = after;
      const e = `(${s.sql})`;
      if (key === null) {
        // Nulls come last ascending, first descending.
        if (desc)
          qb.whereRaw(`((${e} is null and a.asset_id < ?) or ${e} is not null)`, [...s.bindings, id, ...s.bindings]);
        else qb.whereRaw(`(${e} is null and a.asset_id > ?)`, [...s.bindings, id]);
      } else if (desc) {
        qb.whereRaw(`(${e} < ? or (${e} = ? and a.asset_id < ?))`, [...s.bindings, key, ...s.bindings, key, id]);
      } else {
        qb.whereRaw(`(${e} > ? or (${e} = ? and a.asset_id > ?) or ${e} is null)`, [
          ...s.bindings,
          key,
          ...s.bindings,
          key,
          id,
          ...s.bindings,
        ]);
      }
    }
    qb.orderByRaw(`${s.sql} ${desc ? 'desc nulls first' : 'asc nulls last'}`, s.bindings);
    qb.orderBy('a.asset_id', desc ? 'desc' : 'asc');
    const raw = (await qb.limit(chunkRows)) as (RawRow & { sort_key: string | null })[];
    if (!raw.length) return;
    const last = raw[raw.length - 1];
    after = { key: last.sort_key, id: Number(last.asset_id) };
    yield raw.map(({ sort_key, ...r }) => (void sort_key, toRow(r)));
    if (raw.length < chunkRows) return;
  }
}

export async function selectAsset(db: Trx, assetId: number): Promise<AssetDbRow | null> {
  const row = (await base(db).where('a.asset_id', assetId).first(columns(db))) as RawRow | undefined;
  return row ? toRow(row) : null;
}

/** asset id -> lifecycle state as the SQL computes it (the agreement test, and a check for reports). */
export async function selectLifecycleStates(db: Trx, asOf: string): Promise<Map<number, string>> {
  const { sql, bindings } = lifecycleSql(asOf);
  const rows = (await base(db).select('a.asset_id', db.raw(`${sql} as state`, bindings))) as {
    asset_id: number;
    state: string;
  }[];
  return new Map(rows.map((r) => [Number(r.asset_id), r.state]));
}

export async function insertAsset(db: Trx, tenantId: number, v: AssetValues, source: AssetSource): Promise<number> {
  const [row] = await db(ASSETS_TABLE)
    .insert({ tenant_id: tenantId, ...v, source })
    .returning('asset_id');
  return Number((row as { asset_id: number }).asset_id);
}

/** Updates when the stored version is `version`; answers the rows changed (0 or 1). */
export async function updateAsset(
  db: Trx,
  assetId: number,
  version: number,
  patch: Partial<AssetValues>,
): Promise<number> {
  return db(ASSETS_TABLE)
    .where({ asset_id: assetId, version })
    .update({ ...patch, version: db.raw('version + 1'), updated_at: db.fn.now() });
}

export async function deleteAsset(db: Trx, assetId: number, version: number | undefined): Promise<number> {
  const q = db(ASSETS_TABLE).where({ asset_id: assetId });
  if (version !== undefined) q.where({ version });
  return q.delete();
}

/** Those of the ids that name assets of the tenant (RLS scopes the query), locked for a bulk change. */
export async function lockAssets(db: Trx, ids: readonly number[]): Promise<number[]> {
  const rows = await db(ASSETS_TABLE)
    .whereIn('asset_id', [...new Set(ids)])
    .forUpdate()
    .pluck('asset_id');
  return rows.map(Number);
}

export async function bulkUpdate(
  db: Trx,
  ids: readonly number[],
  patch: Partial<Pick<AssetValues, 'asset_type_id' | 'tenant_asset_status_id'>>,
): Promise<number> {
  return db(ASSETS_TABLE)
    .whereIn('asset_id', [...new Set(ids)])
    .update({ ...patch, version: db.raw('version + 1'), updated_at: db.fn.now() });
}

/** The id of another asset of the tenant with this make + serial (any case), or null. */
export async function assetIdWithSerial(
  db: Trx,
  make: string | null,
  serial: string,
  exceptId?: number,
): Promise<number | null> {
  const q = db(ASSETS_TABLE)
    .whereRaw("coalesce(lower(make), '') = coalesce(lower(?::text), '')", [make])
    .whereRaw('lower(serial) = lower(?)', [serial]);
  if (exceptId !== undefined) q.whereNot({ asset_id: exceptId });
  const row = await q.first('asset_id');
  return row ? Number(row.asset_id) : null;
}

/** Whether the id names a row of the table (RLS scopes it to the tenant); `where` narrows it (e.g. the company). */
export async function exists(
  db: Trx,
  kind: 'assetTypes' | 'assetStatuses' | 'locations',
  rowId: number,
  where: Record<string, number> = {},
): Promise<boolean> {
  const { table, id } = COMPANY_TABLES[kind];
  return !!(await db(table)
    .where({ [id]: rowId, ...where })
    .first(id));
}

/** Records which source gave each field (one row per field; the newest replaces). */
export async function recordFieldSources(
  db: Trx,
  tenantId: number,
  assetId: number,
  fields: readonly string[],
  source: AssetSource,
  sourceId: string | null,
): Promise<void> {
  if (!fields.length) return;
  await db(FIELD_SOURCES_TABLE)
    .insert(fields.map((field) => ({ tenant_id: tenantId, asset_id: assetId, field, source, source_id: sourceId })))
    .onConflict(['tenant_id', 'asset_id', 'field'])
    .merge(['source', 'source_id', 'seen_at']);
}

export async function selectFieldSources(
  db: Trx,
  assetId: number,
): Promise<{ field: string; source: AssetSource; source_id: string | null; seen_at: string }[]> {
  const rows = await db(FIELD_SOURCES_TABLE).where({ asset_id: assetId }).orderBy('field');
  return rows.map((r: { field: string; source: AssetSource; source_id: string | null; seen_at: Date | string }) => ({
    ...r,
    seen_at: new Date(r.seen_at).toISOString(),
  }));
}

/**
 * For the AIR charts (server/charts/store.ts, part B): the assets joined with their company, type, the company's type
 * settings and status (aliases a, co, t, ct, st), and the SQL text on those aliases of the replacement due date (the
 * end of life) and the replacement cost, as the list computes them. No bindings.
 */
export const chartsSql = {
  base: (db: Trx): Knex.QueryBuilder => base(db),
  replacementDue: `(${EOL_SQL})`,
  replacementCost: `coalesce(a.cost, case when a.asset_type_id is not null then ${setting('default_replacement_cost')} end)`,
};
