/**
 * SQL of asset data quality (issue 17 part D): the settings row, and the checks computed in SQL over every asset
 * of the tenant (one pass, grouped per company; the fix list filtered, sorted and paged on the server), so 100,000
 * assets never travel to Node. The expressions mirror shared/data-quality.ts (missingFields); the API tests check
 * the two agree asset by asset. Every function takes the caller's transaction (tenant-scoped under RLS).
 */
import type { Knex } from 'knex';
import type { Trx } from '../../../../kernel/index';
import { COMPANY_TABLES } from '../../../companies/public';
import {
  DEFAULT_DQ_SETTINGS,
  DQ_FIELDS,
  DQ_SETTING_OF,
  DQ_TYPE_FLAGS,
  emptyTally,
  type DataQualitySettings,
  type DqField,
  type DqTally,
  type DqTypeFlag,
} from '../../shared/data-quality';
import type { DataQualitySettingsRow, FixListQuery } from '../../shared/data-quality-api';

export const DQ_SETTINGS_TABLE = 'asset_data_quality_settings';

const SETTING_COLUMNS = [
  ...DQ_FIELDS.map((f) => DQ_SETTING_OF[f]),
  'stale_after_days',
  'good_score',
  'fair_score',
] as const;

type SettingsDbRow = DataQualitySettings & { version: number; updated_at: Date | string };

const toSettings = (r: SettingsDbRow | undefined): DataQualitySettingsRow =>
  r
    ? {
        ...(Object.fromEntries(
          SETTING_COLUMNS.map((c) => [c, c.startsWith('check_') ? !!r[c] : Number(r[c])]),
        ) as unknown as DataQualitySettings),
        version: Number(r.version),
        updated_at: new Date(r.updated_at).toISOString(),
      }
    : { ...DEFAULT_DQ_SETTINGS, version: 0, updated_at: null };

/** The tenant's settings (the defaults with version 0 when never saved). */
export async function selectSettings(db: Trx, forUpdate = false): Promise<DataQualitySettingsRow> {
  const q = db<SettingsDbRow>(DQ_SETTINGS_TABLE).select([...SETTING_COLUMNS, 'version', 'updated_at']);
  if (forUpdate) q.forUpdate();
  return toSettings((await q.first()) as SettingsDbRow | undefined);
}

/** Inserts (version 0: none stored) or updates the row at `version`; answers the row, or null when it was stale. */
export async function writeSettings(
  db: Trx,
  tenantId: number,
  values: DataQualitySettings,
  version: number,
  userId: number | null,
): Promise<DataQualitySettingsRow | null> {
  const v = Object.fromEntries(SETTING_COLUMNS.map((c) => [c, values[c]]));
  if (version === 0) {
    const rows = (await db(DQ_SETTINGS_TABLE)
      .insert({ tenant_id: tenantId, ...v, updated_by: userId })
      .onConflict('tenant_id')
      .ignore()
      .returning([...SETTING_COLUMNS, 'version', 'updated_at'])) as SettingsDbRow[];
    return rows[0] ? toSettings(rows[0]) : null;
  }
  const rows = (await db(DQ_SETTINGS_TABLE)
    .where({ version })
    .update({ ...v, updated_by: userId, version: db.raw('version + 1'), updated_at: db.fn.now() })
    .returning([...SETTING_COLUMNS, 'version', 'updated_at'])) as SettingsDbRow[];
  return rows[0] ? toSettings(rows[0]) : null;
}

const { companies, assetTypes } = COMPANY_TABLES;
const COMPANY_ASSET_TYPES = 'tenant_company_asset_types';

/** The effective type flag (the company's row, else the tenant's); an asset without a type: every check counts. */
const typeFlag = (flag: DqTypeFlag) => `(a.asset_type_id is null or coalesce(ct.${flag}, t.${flag}, false))`;
const blank = (col: string) => `coalesce(btrim(a.${col}), '') = ''`;

/** Whether the asset lacks `field` (shared/data-quality.ts lacks); `?` binds the stale days. */
function lacksSql(field: DqField): string {
  switch (field) {
    case 'asset_type':
      return 'a.asset_type_id is null';
    case 'make':
    case 'model':
    case 'serial':
    case 'assigned_to':
      return blank(field);
    case 'warranty':
      return 'a.warranty_expiry is null';
    case 'eol':
      return `(a.eol_date is null and (a.purchase_date is null or coalesce(ct.default_life_in_months, t.default_life_in_months, 0) <= 0))`;
    case 'purchase_date':
      return 'a.purchase_date is null';
    case 'stale':
      return `(a.last_seen_at is not null and a.last_seen_at < now() - make_interval(days => ?::int))`;
  }
}

/** Per check: the boolean "fails it" as SQL with its bindings (a check that is off is false). */
function checkSql(s: DataQualitySettings): { field: DqField; sql: string; bindings: number[] }[] {
  return DQ_FIELDS.map((field) => {
    if (!s[DQ_SETTING_OF[field]]) return { field, sql: 'false', bindings: [] };
    const flag = (DQ_TYPE_FLAGS as Partial<Record<DqField, DqTypeFlag>>)[field];
    const lacks = lacksSql(field);
    const sql = flag ? `(${typeFlag(flag)} and ${lacks})` : `(${lacks})`;
    return { field, sql, bindings: field === 'stale' ? [s.stale_after_days] : [] };
  });
}

const JOINS = `from assets a
  join ${companies.table} co on co.tenant_id = a.tenant_id and co.${companies.id} = a.tenant_company_id
  left join ${assetTypes.table} t on t.tenant_id = a.tenant_id and t.${assetTypes.id} = a.asset_type_id
  left join ${COMPANY_ASSET_TYPES} ct on ct.tenant_id = a.tenant_id and ct.tenant_company_id = a.tenant_company_id
    and ct.asset_type_id = a.asset_type_id`;

/** `select <asset columns>, m_<field> booleans, incomplete, missing_count from ... [where]` as one subquery. */
function checked(
  s: DataQualitySettings,
  columns: string,
  where: string,
  whereBindings: Knex.RawBinding[],
): { sql: string; bindings: Knex.RawBinding[] } {
  const checks = checkSql(s);
  const bindings: Knex.RawBinding[] = [];
  const cols = checks.map((c) => {
    bindings.push(...c.bindings);
    return `${c.sql} as m_${c.field}`;
  });
  return {
    sql: `select ${columns}, ${cols.join(', ')} ${JOINS} ${where}`,
    bindings: [...bindings, ...whereBindings],
  };
}

const anyMissing = DQ_FIELDS.map((f) => `q.m_${f}`).join(' or ');
const missingCount = DQ_FIELDS.map((f) => `q.m_${f}::int`).join(' + ');

export interface CompanyTally extends DqTally {
  tenant_company_id: number;
  company_moniker: string;
}

/** Each company with assets (among `companyIds` when given): its assets, complete ones and misses per check. */
export async function selectCompanyTallies(
  db: Trx,
  s: DataQualitySettings,
  companyIds?: readonly number[],
): Promise<CompanyTally[]> {
  const where = companyIds?.length ? `where a.tenant_company_id in (${companyIds.map(() => '?').join(', ')})` : '';
  const inner = checked(s, 'a.tenant_company_id, co.moniker as company_moniker', where, [...(companyIds ?? [])]);
  const counts = DQ_FIELDS.map((f) => `count(*) filter (where q.m_${f}) as n_${f}`).join(', ');
  const { rows } = (await db.raw(
    `select q.tenant_company_id, q.company_moniker, count(*) as assets,
       count(*) filter (where not (${anyMissing})) as complete, ${counts}
     from (${inner.sql}) q group by q.tenant_company_id, q.company_moniker`,
    inner.bindings,
  )) as { rows: Record<string, unknown>[] };
  return rows.map((r) => {
    const t = emptyTally();
    for (const f of DQ_FIELDS) t.missing[f] = Number(r[`n_${f}`]);
    return {
      ...t,
      tenant_company_id: Number(r.tenant_company_id),
      company_moniker: String(r.company_moniker),
      assets: Number(r.assets),
      complete: Number(r.complete),
    };
  });
}

export interface FixListDbRow {
  asset_id: number;
  tenant_company_id: number;
  company_moniker: string;
  asset_type_id: number | null;
  asset_type_moniker: string | null;
  name: string;
  serial: string | null;
  make: string | null;
  model: string | null;
  purchase_date: string | null;
  warranty_expiry: string | null;
  eol_date: string | null;
  assigned_to: string | null;
  last_seen_at: string | null;
  version: number;
  missing: DqField[];
}

const FIX_COLUMNS = `a.asset_id, a.tenant_company_id, co.moniker as company_moniker, a.asset_type_id,
  t.asset_type_moniker, a.name, a.serial, a.make, a.model,
  to_char(a.purchase_date, 'YYYY-MM-DD') as purchase_date, to_char(a.warranty_expiry, 'YYYY-MM-DD') as warranty_expiry,
  to_char(a.eol_date, 'YYYY-MM-DD') as eol_date, a.assigned_to, a.last_seen_at, a.version, a.updated_at`;

const SORTS: Record<FixListQuery['sort'], { sql: string; dir: 'asc' | 'desc' }> = {
  missing_count: { sql: `(${missingCount})`, dir: 'desc' },
  name: { sql: 'lower(q.name)', dir: 'asc' },
  company: { sql: 'lower(q.company_moniker)', dir: 'asc' },
  asset_type: { sql: 'lower(q.asset_type_moniker)', dir: 'asc' },
  updated_at: { sql: 'q.updated_at', dir: 'desc' },
  last_seen_at: { sql: 'q.last_seen_at', dir: 'asc' },
};

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** One page of the incomplete assets (filters of the query), worst first by default, with the total on every page. */
export async function selectFixList(
  db: Trx,
  s: DataQualitySettings,
  q: FixListQuery,
): Promise<{ rows: FixListDbRow[]; total: number }> {
  const conds: string[] = [];
  const wb: Knex.RawBinding[] = [];
  if (q.tenantCompanyIds?.length) {
    conds.push(`a.tenant_company_id in (${q.tenantCompanyIds.map(() => '?').join(', ')})`);
    wb.push(...q.tenantCompanyIds);
  }
  if (q.search) {
    conds.push(`(a.name ilike ? or a.serial ilike ? or a.make ilike ? or a.model ilike ?)`);
    const like = `%${escapeLike(q.search)}%`;
    wb.push(like, like, like, like);
  }
  const inner = checked(s, FIX_COLUMNS, conds.length ? `where ${conds.join(' and ')}` : '', wb);
  const outer = [`(${anyMissing})`];
  if (q.field) outer.push(`q.m_${q.field}`);
  const sort = SORTS[q.sort];
  const dir = q.dir ?? sort.dir;
  const nulls = dir === 'asc' ? 'nulls last' : 'nulls first';
  const { rows } = (await db.raw(
    `select q.*, count(*) over () as total from (${inner.sql}) q where ${outer.join(' and ')}
     order by ${sort.sql} ${dir} ${nulls}, lower(q.name), q.asset_id limit ? offset ?`,
    [...inner.bindings, q.pageSize, (q.page - 1) * q.pageSize],
  )) as { rows: Record<string, unknown>[] };
  let total = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.page > 1) {
    // Past the last page: the total still answers.
    const c = (await db.raw(
      `select count(*) as n from (${inner.sql}) q where ${outer.join(' and ')}`,
      inner.bindings,
    )) as { rows: { n: string }[] };
    total = Number(c.rows[0].n);
  }
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    total,
    rows: rows.map((r) => ({
      asset_id: Number(r.asset_id),
      tenant_company_id: Number(r.tenant_company_id),
      company_moniker: String(r.company_moniker),
      asset_type_id: n(r.asset_type_id),
      asset_type_moniker: (r.asset_type_moniker as string | null) ?? null,
      name: String(r.name),
      serial: (r.serial as string | null) ?? null,
      make: (r.make as string | null) ?? null,
      model: (r.model as string | null) ?? null,
      purchase_date: (r.purchase_date as string | null) ?? null,
      warranty_expiry: (r.warranty_expiry as string | null) ?? null,
      eol_date: (r.eol_date as string | null) ?? null,
      assigned_to: (r.assigned_to as string | null) ?? null,
      last_seen_at: r.last_seen_at === null ? null : new Date(r.last_seen_at as string).toISOString(),
      version: Number(r.version),
      missing: DQ_FIELDS.filter((f) => r[`m_${f}`] === true),
    })),
  };
}

/** asset id -> the checks it fails, as the SQL computes them (the agreement test). */
export async function selectMissingByAsset(db: Trx, s: DataQualitySettings): Promise<Map<number, DqField[]>> {
  const inner = checked(s, 'a.asset_id', '', []);
  const { rows } = (await db.raw(inner.sql, inner.bindings)) as { rows: Record<string, unknown>[] };
  return new Map(rows.map((r) => [Number(r.asset_id), DQ_FIELDS.filter((f) => r[`m_${f}`] === true)]));
}
