/**
 * SQL of the AIR charts (part B): one scan of the tenant's assets (RLS) aggregated with GROUP BY GROUPING SETS, so
 * the dashboard answers in one query however many assets there are. The per-asset values come from the list's own
 * SQL (server/store.ts: the lifecycle state, replacement due date and cost), the buckets follow shared/charts.ts,
 * and tests/charts-api.test.ts checks the answer against the in-memory reference `chartsOf`.
 */
import type { Knex } from 'knex';
import type { Trx } from '../../../../kernel/index';
import { AGE_BUCKETS, quartersEnd, warrantyEnd } from '../../shared/charts';
import { addDays, DUE_SOON_WINDOWS } from '../../shared/lifecycle';
import { chartsSql, lifecycleSql } from '../store';

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
 * Age in whole months as shared/lifecycle.ts ageInMonths: the largest n with purchase + n months <= asOf (month ends
 * clamped as addMonths does), 0 for a purchase on or after asOf, null without a purchase date.
 */
function ageMonthsSql(t: ReturnType<typeof sqlText>, asOf: string): string {
  const n = () =>
    `(((extract(year from ${t.v(asOf, '::date')}) - extract(year from a.purchase_date)) * 12 + (extract(month from ${t.v(asOf, '::date')}) - extract(month from a.purchase_date)))::int)`;
  return `(case when a.purchase_date is null then null
    when a.purchase_date >= ${t.v(asOf, '::date')} then 0
    else ${n()} - case when (a.purchase_date + make_interval(months => ${n()}))::date > ${t.v(asOf, '::date')} then 1 else 0 end end)`;
}

/** The grouped figures of the assets of these companies (all when none), as of a day. */
export async function selectChartGroups(
  db: Trx,
  opts: { asOf: string; quarters: number; tenantCompanyIds?: readonly number[] },
): Promise<ChartGroupRow[]> {
  const { asOf, quarters } = opts;
  const t = sqlText();
  const inner = chartsSql
    .base(db)
    .select(
      db.raw(
        [
          'a.asset_type_id as type_id',
          't.asset_type_moniker as type_name',
          `${t.inline(lifecycleSql(asOf))} as state`,
          `case when a.warranty_expiry >= ${t.v(asOf, '::date')} and a.warranty_expiry < ${t.v(warrantyEnd(asOf), '::date')} then to_char(a.warranty_expiry, 'YYYY-MM') end as expiry_month`,
          `${ageMonthsSql(t, asOf)} as age_months`,
          `${chartsSql.replacementDue} as due`,
          `${chartsSql.replacementCost} as cost`,
        ].join(',\n'),
        t.bindings,
      ),
    );
  if (opts.tenantCompanyIds?.length) inner.whereIn('a.tenant_company_id', [...opts.tenantCompanyIds]);
  const x = inner.toSQL();

  const o = sqlText();
  const buckets = AGE_BUCKETS.filter((b) => b !== 'unknown')
    .map((b) => `'${b}'`)
    .join(', ');
  // Bindings in the order of the text: y's, then the due soon columns'.
  const y = `select x.*,
      case when age_months is null then 'unknown' else (array[${buckets}])[least(age_months / 12, 5) + 1] end as age_bucket,
      case when due is null then null when due <= ${o.v(asOf, '::date')} then 'overdue'
        when due < ${o.v(quartersEnd(asOf, quarters), '::date')} then to_char(due, 'YYYY-"Q"Q') end as due_quarter
    from x`;
  const soon = DUE_SOON_WINDOWS.map((d) => {
    const f = `filter (where due > ${o.v(asOf, '::date')} and due <= ${o.v(addDays(asOf, d), '::date')})`;
    const g = `filter (where due > ${o.v(asOf, '::date')} and due <= ${o.v(addDays(asOf, d), '::date')})`;
    return `count(*) ${f} as soon_${d}, coalesce(sum(coalesce(cost, 0)) ${g}, 0) as soon_cost_${d}`;
  }).join(',\n');
  const sql = `with x as materialized (${x.sql}), y as (${y})
    select case when grouping(state) = 0 then 'state'
        when grouping(expiry_month) = 0 then 'expiry'
        when grouping(type_id, age_bucket) = 0 then 'age'
        when grouping(due_quarter) = 0 then 'due'
        when grouping(type_id) = 0 then 'type'
        else 'total' end as kind,
      state, expiry_month, type_id, max(type_name) as type_name, age_bucket, due_quarter,
      count(*) as n,
      coalesce(sum(coalesce(cost, 0)), 0) as cost_sum,
      count(cost) as cost_n,
      avg(age_months) as avg_age,
      count(age_months) as age_n,
      ${soon}
    from y
    group by grouping sets ((state), (expiry_month), (type_id, age_bucket), (due_quarter), (type_id), ())`;
  // The inner query's bindings come first: its text comes first.
  const r = await db.raw(sql, [...x.bindings, ...o.bindings]);
  return (r.rows as Record<string, unknown>[]).map((row) => ({
    ...(row as unknown as ChartGroupRow),
    soon: Object.fromEntries(
      DUE_SOON_WINDOWS.map((d) => [d, { count: Number(row[`soon_${d}`]), cost: Number(row[`soon_cost_${d}`]) }]),
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
