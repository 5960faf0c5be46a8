/**
 * SQL of asset data quality (issue 17 part D): the settings row, and the checks computed in SQL over every asset
 * of the tenant (one pass, grouped per company; the fix list filtered, sorted and paged on the server), so 100,000
 * assets never travel to Node. The expressions mirror shared/data-quality.ts (missingFields); the API tests check
 * the two agree asset by asset. Every function takes the caller's transaction (tenant-scoped under RLS).
 */
import type { Knex } from 'knex';
import type { Trx } from '../../../../kernel/index';
import type { FixListAsset } from '../../shared/data-quality-api';
import { COMPANY_TABLES } from '../../../companies/public';
import {
  DEFAULT_DQ_SETTINGS,
  DQ_FIELDS,
  DQ_SETTING_OF,
  emptyTally,
  type DataQualitySettings,
  type DqField,
  type DqTally,
} from '../../shared/data-quality';
import { FIX_LIST_SORT_DIRS, type DataQualitySettingsRow, type FixListQuery } from '../../shared/data-quality-api';

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

/**
 * Whether the asset fails `field` whatever the settings: bit i of `assets.dq_missing` is DQ_FIELDS[i] (migration 0006
 * keeps it by trigger: the blank field and, for the five the type governs, the type's include_*_in_missing_flag,
 * the company's own row else the tenant's; an asset without a type: every check counts). "Not seen recently" is
 * measured against the database clock here; `?` binds the stale days.
 */
function lacksSql(field: DqField): string {
  if (field === 'stale')
    return `(a.last_seen_at is not null and a.last_seen_at < now() - make_interval(days => ?::int))`;
  return `((a.dq_missing & ${1 << DQ_FIELDS.indexOf(field)}) <> 0)`;
}

/** Per check: the boolean "fails it" as SQL with its bindings (a check that is off is false). */
function checkSql(s: DataQualitySettings): { field: DqField; sql: string; bindings: number[] }[] {
  return DQ_FIELDS.map((field) => {
    if (!s[DQ_SETTING_OF[field]]) return { field, sql: 'false', bindings: [] };
    return { field, sql: lacksSql(field), bindings: field === 'stale' ? [s.stale_after_days] : [] };
  });
}

/** "Fails an enabled check" and "how many", on the assets table alone (alias a), with their bindings. */
function gapsSql(s: DataQualitySettings): { any: string; count: string; bindings: number[] } {
  const checks = checkSql(s).filter((c) => c.sql !== 'false');
  const mask = checks.filter((c) => c.field !== 'stale').reduce((m, c) => m | (1 << DQ_FIELDS.indexOf(c.field)), 0);
  const stale = checks.find((c) => c.field === 'stale');
  const parts = [`(a.dq_missing & ${mask}) <> 0`, ...(stale ? [stale.sql] : [])];
  const counts = checks.map((c) => `(${c.sql})::int`);
  return {
    any: `(${parts.join(' or ')})`,
    count: counts.length ? `(${counts.join(' + ')})` : '0',
    bindings: stale ? [s.stale_after_days] : [],
  };
}

const JOINS = `from assets a
  join ${companies.table} co on co.tenant_id = a.tenant_id and co.${companies.id} = a.tenant_company_id
  left join ${assetTypes.table} t on t.tenant_id = a.tenant_id and t.${assetTypes.id} = a.asset_type_id`;

/** `select <asset columns>, m_<field> booleans from ... [where]` as one subquery. */
function checked(
  s: DataQualitySettings,
  columns: string,
  where: string,
  whereBindings: Knex.RawBinding[],
  from = JOINS,
): { sql: string; bindings: Knex.RawBinding[] } {
  const checks = checkSql(s);
  const bindings: Knex.RawBinding[] = [];
  const cols = checks.map((c) => {
    bindings.push(...c.bindings);
    return `${c.sql} as m_${c.field}`;
  });
  return {
    sql: `select ${columns}, ${cols.join(', ')} ${from} ${where}`,
    bindings: [...bindings, ...whereBindings],
  };
}

const anyMissing = DQ_FIELDS.map((f) => `q.m_${f}`).join(' or ');

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
  // The assets table alone (dq_missing: no join to the type settings), grouped by company; then the companies' names.
  const inner = checked(s, 'a.tenant_id, a.tenant_company_id', where, [...(companyIds ?? [])], 'from assets a');
  const counts = DQ_FIELDS.map((f) => `count(*) filter (where q.m_${f}) as n_${f}`).join(', ');
  const { rows } = (await db.raw(
    `select g.*, co.moniker as company_moniker from (select q.tenant_id, q.tenant_company_id, count(*) as assets,
       count(*) filter (where not (${anyMissing})) as complete, ${counts}
     from (${inner.sql}) q group by q.tenant_id, q.tenant_company_id) g
     join ${companies.table} co on co.tenant_id = g.tenant_id and co.${companies.id} = g.tenant_company_id`,
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

const FIX_COLUMNS = `a.asset_id, a.tenant_company_id, co.moniker as company_moniker, a.asset_type_id,
  t.asset_type_moniker, a.name, a.serial, a.make, a.model,
  to_char(a.purchase_date, 'YYYY-MM-DD') as purchase_date, to_char(a.warranty_expiry, 'YYYY-MM-DD') as warranty_expiry,
  to_char(a.eol_date, 'YYYY-MM-DD') as eol_date, a.assigned_to, a.last_seen_at, a.version, a.updated_at`;

/** The fix list's sorts, on the assets table (a) or the names (co, t: joined only for those sorts). */
const SORTS: Record<FixListQuery['sort'], { sql: (count: string) => string; dir: 'asc' | 'desc'; names?: true }> = {
  missing_count: { sql: (count) => count, dir: FIX_LIST_SORT_DIRS.missing_count },
  name: { sql: () => 'lower(a.name)', dir: FIX_LIST_SORT_DIRS.name },
  company: { sql: () => 'lower(co.moniker)', dir: FIX_LIST_SORT_DIRS.company, names: true },
  asset_type: { sql: () => 'lower(t.asset_type_moniker)', dir: FIX_LIST_SORT_DIRS.asset_type, names: true },
  updated_at: { sql: () => 'a.updated_at', dir: FIX_LIST_SORT_DIRS.updated_at },
  last_seen_at: { sql: () => 'a.last_seen_at', dir: FIX_LIST_SORT_DIRS.last_seen_at },
};

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * One page of the incomplete assets (filters of the query), worst first by default, and their total. In steps: the
 * page's ids sorted from the assets table alone (names joined only to sort by them), the total by a plain count, then
 * the page's rows with their names and checks.
 */
export async function selectFixList(
  db: Trx,
  s: DataQualitySettings,
  q: FixListQuery,
): Promise<{ rows: FixListAsset[]; total: number }> {
  const gaps = gapsSql(s);
  const conds: string[] = [gaps.any];
  const wb: Knex.RawBinding[] = [...gaps.bindings];
  if (q.tenantCompanyIds?.length) {
    conds.push(`a.tenant_company_id in (${q.tenantCompanyIds.map(() => '?').join(', ')})`);
    wb.push(...q.tenantCompanyIds);
  }
  if (q.search) {
    conds.push(`(a.name ilike ? or a.serial ilike ? or a.make ilike ? or a.model ilike ?)`);
    const like = `%${escapeLike(q.search)}%`;
    wb.push(like, like, like, like);
  }
  if (q.field) {
    const c = checkSql(s).find((x) => x.field === q.field)!;
    conds.push(c.sql);
    wb.push(...c.bindings);
  }
  const where = `where ${conds.join(' and ')}`;
  const sort = SORTS[q.sort];
  const dir = q.dir ?? sort.dir;
  const from = sort.names ? JOINS : 'from assets a';
  const ids = (await db.raw(
    `select a.asset_id ${from} ${where}
     order by ${sort.sql(gaps.count)} ${dir} nulls last, lower(a.name), a.asset_id limit ? offset ?`,
    [...wb, ...(q.sort === 'missing_count' ? gaps.bindings : []), q.pageSize, (q.page - 1) * q.pageSize],
  )) as { rows: { asset_id: string | number }[] };
  const c = (await db.raw(`select count(*) as n from assets a ${where}`, wb)) as { rows: { n: string }[] };
  const total = Number(c.rows[0].n);
  const pageIds = ids.rows.map((r) => Number(r.asset_id));
  if (!pageIds.length) return { total, rows: [] };
  const inner = checked(s, FIX_COLUMNS, 'where a.asset_id = any(?::bigint[])', [pageIds as never]);
  const byId = new Map(
    ((await db.raw(inner.sql, inner.bindings)) as { rows: Record<string, unknown>[] }).rows.map((r) => [
      Number(r.asset_id),
      r,
    ]),
  );
  const rows = pageIds.map((id) => byId.get(id)).filter((r): r is Record<string, unknown> => !!r);
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
