/**
 * SQL of the assets, and nothing else: each function takes the caller's transaction (tenant-scoped under RLS).
 * The lifecycle state is computed in SQL too (LIFECYCLE_SQL), so the list filters and sorts by it on the server; the
 * expression mirrors shared/lifecycle.ts (PostgreSQL's date + interval clamps month ends as addMonths does) and
 * tests/assets-api.test.ts checks the two agree on a table of cases.
 */
import type { Knex } from 'knex';
import type { Trx } from '../../../kernel/index';
import { COMPANY_TABLES } from '../../companies/public';
import type { DbRow } from '../../../common/db-row';
import type { Asset, AssetListQuery, assetFields } from '../shared/api';
import type { AssetSource } from '../shared/fields';
import { LIFECYCLE_STATES, type Lifecycle, type LifecycleSettings } from '../shared/lifecycle';

export const ASSETS_TABLE = 'assets';
export const FIELD_SOURCES_TABLE = 'asset_field_sources';

/**
 * The stored row with its company, type, status names and the type's effective settings (null: no type): the
 * answer's fields (shared/api.ts `assetRow`) without the lifecycle, which the service computes; cost (numeric) may
 * read as text, the times as Date.
 */
export type AssetDbRow = DbRow<Omit<Asset, keyof Lifecycle>, 'cost', 'last_seen_at' | 'created_at' | 'updated_at'> & {
  settings: LifecycleSettings | null;
};

/** The stored values a write sets: every field a person edits (shared/api.ts `assetFields`), none left out. */
export type AssetValues = Pick<Asset, keyof typeof assetFields.shape>;

const { companies, assetTypes, assetStatuses } = COMPANY_TABLES;
/** The company's own settings for a type (companies' per-company asset type rows) override the tenant's. */
const COMPANY_ASSET_TYPES = 'tenant_company_asset_types';

/** The effective setting of the asset's type: the company's, else the tenant's; 0 without a type. */
const setting = (col: string) => `coalesce(ct.${col}, t.${col}, 0)`;
const ASOF = '?::date';
/**
 * The lifecycle state (shared/lifecycle.ts lifecycleState) as SQL text with its bindings (asOf, repeated): the
 * precedence eol_reached > out_of_warranty > eol_approaching > warranty_expiring > unknown > healthy. It reads the
 * lifecycle dates kept on the row (migration 0005: eol_effective, eol_approaching_from, warranty_expiring_from, from
 * the type's effective settings), so it is a few date comparisons with asOf and needs no join.
 */
export function lifecycleSql(asOf: string): { sql: string; bindings: string[] } {
  const sql = `(case when a.eol_effective <= ${ASOF} then 'eol_reached'
    when a.warranty_expiry < ${ASOF} then 'out_of_warranty'
    when a.eol_approaching_from <= ${ASOF} then 'eol_approaching'
    when a.warranty_expiring_from <= ${ASOF} then 'warranty_expiring'
    when a.warranty_expiry is null and a.eol_effective is null then 'unknown'
    else 'healthy' end)`;
  // Every binding is asOf.
  return { sql, bindings: Array<string>((sql.match(/\?/g) ?? []).length).fill(asOf) };
}

/** The longest approaching window (months) of the tenant's asset type settings, its own or its companies'. */
const longestWindow = (col: string) =>
  `(select coalesce(max(m), 0) from (select max(${col}) as m from ${assetTypes.table} union all select max(${col}) from ${COMPANY_ASSET_TYPES}) w)`;

/**
 * The rows in one of the lifecycle states, as conditions an index can serve (each state's rule with the precedence
 * spelled out, on the lifecycle dates of migration 0005). Only leakproof operators (date comparisons) reach an index
 * under the tenant policy: end of life reached is a range of (tenant, eol_effective), out of warranty of (tenant,
 * warranty_expiry); warranty expiring lies between asOf and asOf + the longest warranty window of the tenant's
 * settings (and warranty_expiring_from <= asOf), end of life approaching likewise on eol_effective. Agrees with
 * lifecycleSql (tests/assets-lifecycle-dates.test.ts filters by each state on a grid of month-end cases).
 */
function lifecycleFilterSql(states: readonly string[], asOf: string): { sql: string; bindings: string[] } {
  const notReached = `(a.eol_effective is null or a.eol_effective > ${ASOF})`;
  const notExpired = `(a.warranty_expiry is null or a.warranty_expiry >= ${ASOF})`;
  const notApproaching = `(a.eol_approaching_from is null or a.eol_approaching_from > ${ASOF})`;
  const notExpiring = `(a.warranty_expiring_from is null or a.warranty_expiring_from > ${ASOF})`;
  // The bound as one scalar subquery (a parameter of the statement): under the tenant policy an index condition may
  // hold only leakproof functions, and make_interval, date + interval and the cast are not, so an expression around
  // the window would be a filter on every later row of the index (measured: 30,000 entries read instead of 8,700).
  const until = (col: string) => `(select (${ASOF} + make_interval(months => ${longestWindow(col)}))::date)`;
  const rules: Record<string, string> = {
    eol_reached: `a.eol_effective <= ${ASOF}`,
    out_of_warranty: `(a.warranty_expiry < ${ASOF} and ${notReached})`,
    eol_approaching: `(a.eol_effective > ${ASOF} and a.eol_effective <= ${until('approaching_duration_in_months_eol')}
      and a.eol_approaching_from <= ${ASOF} and ${notExpired})`,
    warranty_expiring: `(a.warranty_expiry >= ${ASOF} and a.warranty_expiry <= ${until('approaching_duration_in_months_warranty')}
      and a.warranty_expiring_from <= ${ASOF} and ${notReached} and ${notApproaching})`,
    unknown: '(a.warranty_expiry is null and a.eol_effective is null)',
    healthy: `(${notReached} and ${notExpired} and ${notApproaching} and ${notExpiring} and (a.warranty_expiry is not null or a.eol_effective is not null))`,
  };
  const sql = `(${[...new Set(states)].map((st) => rules[st]).join(' or ')})`;
  return { sql, bindings: Array<string>((sql.match(/\?/g) ?? []).length).fill(asOf) };
}

/** The lifecycle state's rank (its place in LIFECYCLE_STATES), to sort by urgency. */
function lifecycleRankSql(asOf: string): { sql: string; bindings: string[] } {
  const { sql, bindings } = lifecycleSql(asOf);
  const whens = LIFECYCLE_STATES.map((s, i) => `when '${s}' then ${i}`).join(' ');
  return { sql: `(case ${sql} ${whens} end)`, bindings };
}

const dateCol = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

/** The assets (or `from`, a subquery of them named a) with their company, type, company settings and status. */
function base(db: Trx, from?: Knex.QueryBuilder): Knex.QueryBuilder {
  const qb: Knex.QueryBuilder = from ? db.from(from.as('a')) : db(`${ASSETS_TABLE} as a`);
  return qb
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

const num = (v: number | string | null) => (v === null ? null : Number(v));

/** A row as read (bigint ids as text) with its settings gathered; every field named, so each row has one shape. */
function toRow(r: RawRow): AssetDbRow {
  return {
    asset_id: Number(r.asset_id),
    tenant_company_id: Number(r.tenant_company_id),
    company_moniker: r.company_moniker,
    asset_type_id: num(r.asset_type_id),
    asset_type_moniker: r.asset_type_moniker,
    tenant_asset_status_id: num(r.tenant_asset_status_id),
    status_moniker: r.status_moniker,
    name: r.name,
    serial: r.serial,
    make: r.make,
    model: r.model,
    purchase_date: r.purchase_date,
    warranty_start: r.warranty_start,
    warranty_expiry: r.warranty_expiry,
    eol_date: r.eol_date,
    operating_system: r.operating_system,
    assigned_to: r.assigned_to,
    location_id: num(r.location_id),
    cost: r.cost,
    notes: r.notes,
    source: r.source,
    source_id: r.source_id,
    last_seen_at: r.last_seen_at,
    version: Number(r.version),
    created_at: r.created_at,
    updated_at: r.updated_at,
    settings:
      r.asset_type_id === null
        ? null
        : {
            default_replacement_cost: Number(r.default_replacement_cost),
            default_life_in_months: Number(r.default_life_in_months),
            approaching_duration_in_months_eol: Number(r.approaching_duration_in_months_eol),
            approaching_duration_in_months_warranty: Number(r.approaching_duration_in_months_warranty),
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
      return plain('a.eol_effective');
    case 'age':
      // Older first on ascending would surprise: age ascending is the purchase date descending.
      return plain("(-(a.purchase_date - date '2000-01-01'))");
    case 'lifecycle_state':
      return lifecycleRankSql(asOf);
    case 'replacement_cost':
      return plain('a.replacement_cost_effective');
    default:
      return plain(`a.${sort}`);
  }
}

/** The filters and sort of the list, without its paging (the CSV export reads every row of them). */
export type AssetQuery = Omit<AssetListQuery, 'page' | 'pageSize'>;

/**
 * The assets matching the filters, no columns chosen yet: joined (`base`), or the assets table alone (`qb`), which
 * is enough to count them: every filter reads the asset's own columns.
 */
function filtered(
  db: Trx,
  q: AssetQuery,
  asOf: string,
  qb: Knex.QueryBuilder = base(db),
  tenantId?: number,
): Knex.QueryBuilder {
  // The tenant policy alone is a range on tenant_id of values unknown when planning, which the planner estimates at
  // one row (nested loops over everything); the tenant named here too (row-level security still applies) lets it
  // plan for one tenant's rows and read (tenant, sort column) indexes in order.
  if (tenantId !== undefined) qb.where('a.tenant_id', tenantId);
  if (q.tenantCompanyIds?.length) qb.whereIn('a.tenant_company_id', q.tenantCompanyIds);
  if (q.assetTypeIds?.length) qb.whereIn('a.asset_type_id', q.assetTypeIds);
  if (q.tenantAssetStatusIds?.length) qb.whereIn('a.tenant_asset_status_id', q.tenantAssetStatusIds);
  if (q.lifecycleStates?.length) {
    const { sql, bindings } = lifecycleFilterSql(q.lifecycleStates, asOf);
    qb.whereRaw(sql, bindings);
  }
  // Due for replacement within N days: (asOf, asOf + N], a range of (tenant, eol_effective); overdue left out. The
  // upper bound is a scalar subquery: date + int is not leakproof, so under the tenant policy it would be a filter
  // instead of an index condition.
  if (q.dueSoonDays)
    qb.whereRaw(`a.eol_effective > ${ASOF} and a.eol_effective <= (select ${ASOF} + ?::int)`, [
      asOf,
      asOf,
      q.dueSoonDays,
    ]);
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    qb.where((w) => {
      for (const col of ['a.name', 'a.serial', 'a.make', 'a.model', 'a.operating_system', 'a.assigned_to'])
        w.orWhereILike(col, like);
    });
  }
  return qb;
}

/** The two statements of a list page: the number matching (the assets table alone) and the page's rows. */
export function assetListStatements(
  db: Trx,
  q: AssetListQuery,
  asOf: string,
  tenantId?: number,
): { count: Knex.QueryBuilder; page: Knex.QueryBuilder } {
  const count = filtered(db, q, asOf, db(`${ASSETS_TABLE} as a`), tenantId).count({ n: '*' });
  const dir = q.dir === 'desc' ? 'desc' : 'asc';
  const s = sortSql(q.sort, asOf);
  // Blanks last in both directions (the workspace's DataTable sorts so too): descending is not the ascending index
  // read backwards then, the page's rows are sorted (a top-N sort of the matches).
  const order = (qb: Knex.QueryBuilder) =>
    qb.orderByRaw(`${s.sql} ${dir} nulls last`, s.bindings).orderBy('a.asset_id', dir);
  const joined = q.sort === 'company' || q.sort === 'asset_type' || q.sort === 'status';
  if (joined) {
    const page = order(filtered(db, q, asOf, base(db), tenantId).select(columns(db)));
    return { count, page: page.limit(q.pageSize).offset((q.page - 1) * q.pageSize) };
  }
  // The page's assets first (the assets table alone: its indexes, no join planned for every match), then the names
  // and settings of those rows only.
  const ids = order(filtered(db, q, asOf, db(`${ASSETS_TABLE} as a`), tenantId).select('a.asset_id'))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const page = order(base(db).join(ids.as('p'), 'p.asset_id', 'a.asset_id').select(columns(db)));
  if (tenantId !== undefined) page.where('a.tenant_id', tenantId);
  return { count, page };
}

/** One page of assets matching the filters, with the number matching on every page. */
export async function selectAssets(
  db: Trx,
  q: AssetListQuery,
  asOf: string,
  tenantId?: number,
): Promise<{ rows: AssetDbRow[]; total: number }> {
  const { count, page } = assetListStatements(db, q, asOf, tenantId);
  const [{ n }] = (await count) as { n: number | string }[];
  const rows = (await page) as RawRow[];
  return { rows: rows.map(toRow), total: Number(n) };
}

/** Rows read at a time by selectAssetChunks. */
export const EXPORT_CHUNK_ROWS = 5000;

/**
 * Every asset matching the filters, in the list's order, `chunkRows` at a time, in two steps: the ids in order first
 * (one sort, of the assets table alone unless the sort is by a company, type or status name; answered as one text,
 * about 7 bytes an asset, so 100,000 assets take under 1 MB), then the rows of each chunk of ids by primary key. No
 * OFFSET (each page would sort again) and no cursor (a read request on PostgreSQL runs each statement on its own, with
 * no transaction block to hold one; PGlite has one session). The set is the one matching when the export starts; an
 * asset deleted meanwhile is left out, one changed is read as it is then.
 */
export async function* selectAssetChunks(
  db: Trx,
  q: AssetQuery,
  asOf: string,
  chunkRows = EXPORT_CHUNK_ROWS,
  tenantId?: number,
): AsyncGenerator<AssetDbRow[]> {
  const dir = q.dir === 'desc' ? 'desc' : 'asc';
  const s = sortSql(q.sort, asOf);
  const joined = q.sort === 'company' || q.sort === 'asset_type' || q.sort === 'status';
  const from = joined ? base(db) : db(`${ASSETS_TABLE} as a`);
  const [{ ids: text }] = (await filtered(db, q, asOf, from, tenantId).select(
    db.raw(
      `string_agg(a.asset_id::text, ',' order by ${s.sql} ${dir} nulls last, a.asset_id ${dir}) as ids`,
      s.bindings,
    ),
  )) as { ids: string | null }[];
  if (!text) return;
  const ids = Float64Array.from(text.split(','), Number);
  // The names and settings once (a tenant's companies, types, statuses and company settings: small tables), joined in
  // memory: each chunk is then a primary key read of the assets table alone. Joined in SQL, the planner (one row
  // estimated per table under the tenant policy) nested-looped every asset over the small tables: ~1 ms an asset.
  const SETTINGS = [
    'default_replacement_cost',
    'default_life_in_months',
    'approaching_duration_in_months_eol',
    'approaching_duration_in_months_warranty',
  ] as const;
  type Settings = Record<(typeof SETTINGS)[number], number | string | null>;
  // One after another: the transaction is one connection.
  const cos = await db(companies.table).select(`${companies.id} as id`, 'moniker');
  const types = await db(assetTypes.table).select(`${assetTypes.id} as id`, 'asset_type_moniker', ...SETTINGS);
  const own = await db(COMPANY_ASSET_TYPES).select('tenant_company_id', 'asset_type_id', ...SETTINGS);
  const sts = await db(assetStatuses.table).select(`${assetStatuses.id} as id`, 'moniker');
  const companyName = new Map((cos as { id: number; moniker: string }[]).map((r) => [Number(r.id), r.moniker]));
  const typeOf = new Map(
    (types as (Settings & { id: number; asset_type_moniker: string })[]).map((r) => [Number(r.id), r]),
  );
  const ownOf = new Map(
    (own as (Settings & { tenant_company_id: number; asset_type_id: number })[]).map((r) => [
      `${r.tenant_company_id}:${r.asset_type_id}`,
      r,
    ]),
  );
  const statusName = new Map((sts as { id: number; moniker: string }[]).map((r) => [Number(r.id), r.moniker]));
  // The row's own columns of columns() (the names and settings come from the maps above).
  const cols = columns(db).filter((c) =>
    typeof c === 'string' ? c.startsWith('a.') : !/\b(co|t|ct|st)\./.test(c.toQuery()),
  );
  for (let i = 0; i < ids.length; i += chunkRows) {
    const chunk = Array.from(ids.subarray(i, i + chunkRows));
    // Joined to the ids (unnest): one primary key lookup per id (= any(array) is a filter tested against the whole
    // array on every row of a scan).
    const q2 = db(`${ASSETS_TABLE} as a`)
      .joinRaw('join unnest(?::bigint[]) as u(id) on a.asset_id = u.id', [chunk as never])
      .select(cols);
    if (tenantId !== undefined) q2.where('a.tenant_id', tenantId);
    const rows = (await q2) as RawRow[];
    const byId = new Map(rows.map((r) => [Number(r.asset_id), r]));
    const ordered: AssetDbRow[] = [];
    for (const id of chunk) {
      const r = byId.get(id);
      if (!r) continue;
      const typeId = r.asset_type_id === null ? null : Number(r.asset_type_id);
      const t = typeId === null ? undefined : typeOf.get(typeId);
      const ct = typeId === null ? undefined : ownOf.get(`${r.tenant_company_id}:${typeId}`);
      const setting = (k: (typeof SETTINGS)[number]) => (typeId === null ? null : (ct?.[k] ?? t?.[k] ?? 0));
      ordered.push(
        toRow({
          ...r,
          company_moniker: companyName.get(Number(r.tenant_company_id)) ?? '',
          asset_type_moniker: t?.asset_type_moniker ?? null,
          status_moniker:
            r.tenant_asset_status_id === null ? null : (statusName.get(Number(r.tenant_asset_status_id)) ?? null),
          default_replacement_cost: setting('default_replacement_cost'),
          default_life_in_months: setting('default_life_in_months'),
          approaching_duration_in_months_eol: setting('approaching_duration_in_months_eol'),
          approaching_duration_in_months_warranty: setting('approaching_duration_in_months_warranty'),
        }),
      );
    }
    yield ordered;
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

/**
 * For the AIR charts (server/charts/store.ts, part B): the assets joined with their company, type, the company's type
 * settings and status (aliases a, co, t, ct, st), and the SQL text on those aliases of the replacement due date (the
 * end of life) and the replacement cost, as the list computes them. No bindings.
 */
export const chartsSql = {
  base: (db: Trx): Knex.QueryBuilder => base(db),
  // The stored lifecycle dates (migration 0005's triggers keep them from the type's effective settings).
  replacementDue: 'a.eol_effective',
  replacementCost: 'a.replacement_cost_effective',
};
