/**
 * SQL of the AIR charts (part B): one scan of the tenant's assets (RLS) aggregated with GROUP BY GROUPING SETS, so
 * the dashboard answers in one query however many assets there are. The replacement due date and cost are the
 * lifecycle dates stored on the asset (migration 0005, server/store.ts chartsSql); the lifecycle state follows the
 * list's rule; the buckets
 * follow shared/charts.ts; tests/charts-api.test.ts checks the answer against the in-memory reference `chartsOf`.
 */
import type { Knex } from 'knex';
import type { Trx } from '../../../../kernel/index';
import { AGE_BUCKETS, replacementQuarters, WARRANTY_MONTHS, warrantyMonths } from '../../shared/charts';
import { addDays } from '../../../../common/dates';
import { DUE_SOON_WINDOWS } from '../../shared/lifecycle';
import { COMPANY_TABLES } from '../../../companies/public';
import { ASSETS_TABLE, chartsSql } from '../store';

/** One row of the grouping sets; `kind` names the set. */
export interface ChartGroupRow {
  kind: 'state' | 'expiry' | 'age' | 'due' | 'type' | 'total';
  state: string | null;
  expiry_month: string | null;
  type_id: number | string | null;
  type_name: string | null;
  age_bucket: string | null;
  due_quarter: string | null;
  n: number | string;
  cost_sum: number | string | null;
  cost_n: number | string;
  avg_age: number | string | null;
  age_n: number | string;
  soon: Record<number, { count: number; cost: number }>;
}

/** A SQL text builder with positional bindings kept in the order the text is written. */
function sqlText() {
  const bindings: Knex.Value[] = [];
  return {
    bindings,
    v(value: Knex.Value, cast = '') {
      bindings.push(value);
      return `?${cast}`;
    },
    inline(part: { sql: string; bindings: readonly Knex.Value[] }) {
      bindings.push(...part.bindings);
      return part.sql;
    },
  };
}

/**
 * Age in whole months as shared/lifecycle.ts ageInMonths: the largest n with purchase + n months <= asOf, 0 for a
 * purchase on or after asOf, null without a purchase date. In integers (no interval per row): n is the months between
 * the two months, less one when the purchase day, clamped to the length of asOf's month (as addMonths clamps), is
 * after asOf's day.
 */
function ageMonthsSql(t: ReturnType<typeof sqlText>, asOf: string): string {
  const [y, m, day] = asOf.split('-').map(Number);
  const monthDays = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `(case when a.purchase_date is null then null
    when a.purchase_date >= ${t.v(asOf, '::date')} then 0
    else (${t.v(y)}::int - date_part('year', a.purchase_date)::int) * 12
      + (${t.v(m)}::int - date_part('month', a.purchase_date)::int)
      - case when least(date_part('day', a.purchase_date)::int, ${t.v(monthDays)}::int) > ${t.v(day)}::int then 1 else 0 end
    end)`;
}

const { assetTypes } = COMPANY_TABLES;

/**
 * The grouped figures of the assets of these companies (all when none), as of a day. Each asset's values are computed
 * once (x: the lifecycle dates stored on the asset by migration 0005, eol_effective, replacement_cost_effective,
 * eol_approaching_from, warranty_expiring_from, so no join to the type's settings; y: warranty and end-of-life
 * states, the age), then the lifecycle state by the precedence of shared/lifecycle.ts (server/store.ts lifecycleSql's
 * rule), then one GROUPING SETS pass. The type's name is the only join (tenant_asset_types, a few rows).
 */
export async function selectChartGroups(
  db: Trx,
  opts: { asOf: string; quarters: number; tenantCompanyIds?: readonly number[] },
): Promise<ChartGroupRow[]> {
  const { asOf, quarters } = opts;
  const t = sqlText();
  const d = () => t.v(asOf, '::date');
  const ids = opts.tenantCompanyIds ?? [];
  // A function: its bindings are added where its text goes (after the age's).
  const companies = () => (ids.length ? `where a.tenant_company_id in (${ids.map((id) => t.v(id)).join(', ')})` : '');
  const [aY, aM] = asOf.split('-').map(Number);
  /** Months from asOf's month to the date's month, in integers (no interval per row: the costliest part of a scan). */
  const monthDiff = (col: string) =>
    `((date_part('year', ${col})::int - ${aY}) * 12 + date_part('month', ${col})::int - ${aM})`;
  /** Quarters from asOf's quarter to the date's quarter. */
  const quarterDiff = (col: string) =>
    `((date_part('year', ${col})::int * 4 + (date_part('month', ${col})::int - 1) / 3) - ${aY * 4 + Math.floor((aM - 1) / 3)})`;
  const x = `select a.asset_type_id as type_id, t.asset_type_moniker as type_name, a.warranty_expiry,
      ${monthDiff('a.warranty_expiry')} as warranty_diff,
      ${ageMonthsSql(t, asOf)} as age_months,
      ${chartsSql.replacementDue} as due,
      ${chartsSql.replacementCost} as cost,
      a.warranty_expiring_from, a.eol_approaching_from
    from ${ASSETS_TABLE} a
    left join ${assetTypes.table} t on t.tenant_id = a.tenant_id and t.${assetTypes.id} = a.asset_type_id
    ${companies()}`;
  const y = `select type_id, type_name, age_months, due, cost,
      case when warranty_expiry >= ${d()} and warranty_diff < ${WARRANTY_MONTHS} then warranty_diff end as expiry_idx,
      case when warranty_expiry is null then 'unknown'
        when warranty_expiry < ${d()} then 'expired'
        when warranty_expiring_from <= ${d()} then 'expiring'
        else 'in_warranty' end as w,
      case when due is null then 'unknown'
        when due <= ${d()} then 'reached'
        when eol_approaching_from <= ${d()} then 'approaching'
        else 'ok' end as e,
      case when due is null then null when due <= ${d()} then -1
        when ${quarterDiff('due')} < ${quarters} then ${quarterDiff('due')} end as due_idx
    from x`;
  const buckets = AGE_BUCKETS.filter((b) => b !== 'unknown')
    .map((b) => `'${b}'`)
    .join(', ');
  const z = `select type_id, type_name, age_months, due, cost, expiry_idx, due_idx,
      case when e = 'reached' then 'eol_reached'
        when w = 'expired' then 'out_of_warranty'
        when e = 'approaching' then 'eol_approaching'
        when w = 'expiring' then 'warranty_expiring'
        when w = 'unknown' and e = 'unknown' then 'unknown'
        else 'healthy' end as state,
      case when age_months is null then 'unknown' else (array[${buckets}])[least(age_months / 12, 5) + 1] end as age_bucket
    from y`;
  const soon = DUE_SOON_WINDOWS.map((days) => {
    const f = () => `filter (where due > ${d()} and due <= ${t.v(addDays(asOf, days), '::date')})`;
    return `count(*) ${f()} as soon_${days}, coalesce(sum(coalesce(cost, 0)) ${f()}, 0) as soon_cost_${days}`;
  });
  // Two levels: one hash aggregate of the assets by every key at once (a few thousand groups), then the grouping sets
  // over those groups: six sorts of a few thousand rows instead of six of every asset.
  const sums = DUE_SOON_WINDOWS.map((w) => `sum(soon_${w}) as soon_${w}, sum(soon_cost_${w}) as soon_cost_${w}`);
  const sql = `with x as materialized (${x}), y as (${y}), z as (${z}),
    g as (select state, expiry_idx, type_id, age_bucket, due_idx, max(type_name) as type_name,
        count(*) as n,
        coalesce(sum(coalesce(cost, 0)), 0) as cost_sum,
        count(cost) as cost_n,
        sum(age_months) as age_sum,
        count(age_months) as age_n,
        ${soon.join(',\n')}
      from z group by state, expiry_idx, type_id, age_bucket, due_idx)
    select case when grouping(state) = 0 then 'state'
        when grouping(expiry_idx) = 0 then 'expiry'
        when grouping(type_id, age_bucket) = 0 then 'age'
        when grouping(due_idx) = 0 then 'due'
        when grouping(type_id) = 0 then 'type'
        else 'total' end as kind,
      state, expiry_idx, type_id, max(type_name) as type_name, age_bucket, due_idx,
      sum(n) as n,
      sum(cost_sum) as cost_sum,
      sum(cost_n) as cost_n,
      sum(age_sum) / nullif(sum(age_n), 0) as avg_age,
      sum(age_n) as age_n,
      ${sums.join(',\n')}
    from g
    group by grouping sets ((state), (expiry_idx), (type_id, age_bucket), (due_idx), (type_id), ())`;
  // Every binding was added in the order its text was written above.
  const r = await db.raw(sql, t.bindings);
  const months = warrantyMonths(asOf);
  const qs = replacementQuarters(asOf, quarters);
  const idx = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return (r.rows as Record<string, unknown>[]).map((row) => ({
    ...(row as unknown as ChartGroupRow),
    expiry_month: idx(row.expiry_idx) === null ? null : (months[idx(row.expiry_idx)!] ?? null),
    due_quarter:
      idx(row.due_idx) === null ? null : idx(row.due_idx) === -1 ? 'overdue' : (qs[idx(row.due_idx)!]?.quarter ?? null),
    soon: Object.fromEntries(
      DUE_SOON_WINDOWS.map((w) => [w, { count: Number(row[`soon_${w}`]), cost: Number(row[`soon_cost_${w}`]) }]),
    ),
  }));
}

/** One asset due for replacement (the report's list): due within 365 days of asOf, or overdue. */
export interface DueAssetRow {
  asset_id: number;
  name: string;
  asset_type: string | null;
  serial: string | null;
  replacement_due: string;
  replacement_cost: number | null;
}

/** The company's assets due for replacement by asOf + days (overdue included), soonest first, at most `limit`. */
export async function selectDueAssets(
  db: Trx,
  opts: { asOf: string; days: number; tenantCompanyIds: readonly number[]; limit: number },
): Promise<DueAssetRow[]> {
  const rows = await chartsSql
    .base(db)
    .whereIn('a.tenant_company_id', [...opts.tenantCompanyIds])
    .whereRaw(`${chartsSql.replacementDue} <= ?::date`, [addDays(opts.asOf, opts.days)])
    .select(
      'a.asset_id',
      'a.name',
      't.asset_type_moniker as asset_type',
      'a.serial',
      db.raw(`to_char(${chartsSql.replacementDue}, 'YYYY-MM-DD') as replacement_due`),
      db.raw(`${chartsSql.replacementCost} as replacement_cost`),
    )
    .orderByRaw(`${chartsSql.replacementDue} asc`)
    .orderBy('a.asset_id')
    .limit(opts.limit);
  return (rows as Record<string, unknown>[]).map((r) => ({
    asset_id: Number(r.asset_id),
    name: String(r.name),
    asset_type: (r.asset_type as string | null) ?? null,
    serial: (r.serial as string | null) ?? null,
    replacement_due: String(r.replacement_due),
    replacement_cost: r.replacement_cost === null ? null : Number(r.replacement_cost),
  }));
}
