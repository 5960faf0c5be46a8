/**
 * The AIR dashboard's chart rules (issue 17 part B), pure and shared by the server, the browser and the tests. The
 * server aggregates in SQL (server/charts/store.ts) with the same buckets; `chartsOf` is the reference the SQL is
 * tested against (tests/charts-api.test.ts) and what a list of assets already in memory is summed with.
 *
 * Rules (dates are calendar days YYYY-MM-DD; asOf is the day of the figures):
 * - Lifecycle counts: every state of LIFECYCLE_STATES, zeros included, in precedence order.
 * - Warranty expiries: per calendar month for 12 months starting with asOf's month; an expiry counts from asOf
 *   (inclusive; expiries earlier in the month are past) to the last day of the 12th month.
 * - Age: whole years (age in months / 12, rounded down) in the buckets 0-1, 1-2, 2-3, 3-4, 4-5 and 5+ years;
 *   'unknown' without a purchase date. Per asset type ('No type' for assets without one).
 * - Replacement cost per calendar quarter: the replacement due date (end of life) and replacement cost of
 *   shared/lifecycle.ts, for `quarters` quarters (4 to 8) starting with asOf's quarter, counting due dates after asOf;
 *   due today or earlier is 'overdue', shown apart (ScalePad's overdue bucket). An asset without a cost counts with 0.
 * - Per type: count, average age in months (assets with a purchase date), average replacement cost (assets with a
 *   replacement cost) and the total replacement cost.
 * - Due soon (90, 120, 180, 365 days): cumulative windows (asOf, asOf + days]: each holds the smaller ones, as
 *   "due within 180 days" reads. Overdue is apart.
 */
import { addDays, addMonths } from '../../../common/dates';
import type { AssetChartsAnswer } from './charts-api';
import {
  DUE_SOON_WINDOWS,
  LIFECYCLE_LABELS,
  LIFECYCLE_STATES,
  lifecycleOf,
  type LifecycleInput,
  type LifecycleSettings,
  type LifecycleState,
} from './lifecycle';

export const AGE_BUCKETS = ['0-1', '1-2', '2-3', '3-4', '4-5', '5+', 'unknown'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  '0-1': 'Under 1 year',
  '1-2': '1-2 years',
  '2-3': '2-3 years',
  '3-4': '3-4 years',
  '4-5': '4-5 years',
  '5+': '5 years or more',
  unknown: 'Unknown',
};
export const WARRANTY_MONTHS = 12;
export const QUARTERS_MIN = 4;
export const QUARTERS_MAX = 8;
export const QUARTERS_DEFAULT = 8;
export const NO_TYPE_LABEL = 'No type';

/** The bucket of an age in months (null: unknown). */
export function ageBucket(ageMonths: number | null): AgeBucket {
  if (ageMonths === null) return 'unknown';
  return AGE_BUCKETS[Math.min(Math.floor(Math.max(ageMonths, 0) / 12), 5)];
}

const monthStart = (asOf: string) => `${asOf.slice(0, 7)}-01`;

/** The 12 months (YYYY-MM) of the warranty chart, from asOf's month. */
export function warrantyMonths(asOf: string, n = WARRANTY_MONTHS): string[] {
  return Array.from({ length: n }, (_, i) => addMonths(monthStart(asOf), i).slice(0, 7));
}
/** The first day after the warranty chart's last month. */
export const warrantyEnd = (asOf: string, n = WARRANTY_MONTHS) => addMonths(monthStart(asOf), n);

/** The calendar quarter of a day, e.g. '2026-Q4'. */
export function quarterOf(date: string): string {
  return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
}
/** The first day of asOf's quarter. */
export function quarterStart(asOf: string): string {
  const m = Math.floor((Number(asOf.slice(5, 7)) - 1) / 3) * 3 + 1;
  return `${asOf.slice(0, 4)}-${String(m).padStart(2, '0')}-01`;
}
/** The quarters of the replacement chart, from asOf's quarter. */
export function replacementQuarters(asOf: string, n = QUARTERS_DEFAULT): { quarter: string; start: string }[] {
  return Array.from({ length: n }, (_, i) => {
    const start = addMonths(quarterStart(asOf), i * 3);
    return { quarter: quarterOf(start), start };
  });
}
/** The first day after the replacement chart's last quarter. */
export const quartersEnd = (asOf: string, n = QUARTERS_DEFAULT) => addMonths(quarterStart(asOf), n * 3);

/** A sum of money rounded to cents (sums of numeric(14,2) values stay exact this way). */
export const cents = (v: number) => Math.round(v * 100) / 100;
const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** The figures as GET assetCharts answers them (charts-api.ts `assetChartsAnswer`). */
export type AssetCharts = AssetChartsAnswer;
export type TypeSummary = AssetCharts['types'][number];

/** What the aggregation needs of one asset (the reference `chartsOf` and the SQL read the same fields). */
export interface ChartAsset extends LifecycleInput {
  asset_type_id: number | null;
  asset_type: string | null;
  settings: LifecycleSettings | null;
}

/** Types in the table's order: most assets first, then by name; 'No type' last. */
export function sortTypes(types: TypeSummary[]): TypeSummary[] {
  return [...types].sort(
    (x, y) =>
      Number(x.asset_type_id === null) - Number(y.asset_type_id === null) ||
      y.count - x.count ||
      x.asset_type.localeCompare(y.asset_type),
  );
}

/** Age rows in a stable order: type as in `types`, then bucket order. */
export function sortAgeRows(rows: AssetCharts['ageByType'], types: readonly TypeSummary[]): AssetCharts['ageByType'] {
  const rank = new Map(types.map((t, i) => [t.asset_type_id, i]));
  return [...rows].sort(
    (x, y) =>
      (rank.get(x.asset_type_id) ?? 1e9) - (rank.get(y.asset_type_id) ?? 1e9) ||
      AGE_BUCKETS.indexOf(x.bucket) - AGE_BUCKETS.indexOf(y.bucket),
  );
}

/** Every chart of a set of assets, computed in memory by the rules above (the SQL's reference). */
export function chartsOf(assets: readonly ChartAsset[], asOf: string, quarters = QUARTERS_DEFAULT): AssetCharts {
  const months = warrantyMonths(asOf);
  const wEnd = warrantyEnd(asOf);
  const qs = replacementQuarters(asOf, quarters);
  const qEnd = quartersEnd(asOf, quarters);
  const states = new Map<LifecycleState, number>();
  const expiries = new Map<string, number>();
  const ages = new Map<string, AssetCharts['ageByType'][number]>();
  const byQuarter = new Map<string, { count: number; cost: number }>();
  const overdue = { count: 0, cost: 0 };
  const types = new Map<
    number | null,
    { name: string; count: number; ageSum: number; ageN: number; costSum: number; costN: number }
  >();
  const soon = DUE_SOON_WINDOWS.map((days) => ({ days, end: addDays(asOf, days), count: 0, cost: 0 }));
  for (const a of assets) {
    const l = lifecycleOf(a, a.settings, asOf);
    const typeName = a.asset_type_id === null ? NO_TYPE_LABEL : (a.asset_type ?? NO_TYPE_LABEL);
    states.set(l.lifecycle_state, (states.get(l.lifecycle_state) ?? 0) + 1);
    if (a.warranty_expiry && a.warranty_expiry >= asOf && a.warranty_expiry < wEnd) {
      const m = a.warranty_expiry.slice(0, 7);
      expiries.set(m, (expiries.get(m) ?? 0) + 1);
    }
    const bucket = ageBucket(l.age_months);
    const ageKey = `${a.asset_type_id}|${bucket}`;
    const ageRow = ages.get(ageKey) ?? { asset_type_id: a.asset_type_id, asset_type: typeName, bucket, count: 0 };
    ageRow.count++;
    ages.set(ageKey, ageRow);
    const cost = l.replacement_cost ?? 0;
    const due = l.replacement_due;
    if (due && due <= asOf) {
      overdue.count++;
      overdue.cost += cost;
    } else if (due && due < qEnd) {
      const q = quarterOf(due);
      const row = byQuarter.get(q) ?? { count: 0, cost: 0 };
      row.count++;
      row.cost += cost;
      byQuarter.set(q, row);
    }
    if (due && due > asOf)
      for (const w of soon)
        if (due <= w.end) {
          w.count++;
          w.cost += cost;
        }
    const t = types.get(a.asset_type_id) ?? { name: typeName, count: 0, ageSum: 0, ageN: 0, costSum: 0, costN: 0 };
    t.count++;
    if (l.age_months !== null) {
      t.ageSum += l.age_months;
      t.ageN++;
    }
    if (l.replacement_cost !== null) {
      t.costSum += l.replacement_cost;
      t.costN++;
    }
    types.set(a.asset_type_id, t);
  }
  const typeRows = sortTypes(
    [...types].map(([id, t]) => ({
      asset_type_id: id,
      asset_type: t.name,
      count: t.count,
      average_age_months: t.ageN ? oneDecimal(t.ageSum / t.ageN) : null,
      average_replacement_cost: t.costN ? cents(t.costSum / t.costN) : null,
      replacement_cost: cents(t.costSum),
    })),
  );
  return {
    asOf,
    total: assets.length,
    lifecycle: LIFECYCLE_STATES.map((state) => ({
      state,
      label: LIFECYCLE_LABELS[state],
      count: states.get(state) ?? 0,
    })),
    warrantyExpiries: months.map((month) => ({ month, count: expiries.get(month) ?? 0 })),
    ageByType: sortAgeRows([...ages.values()], typeRows),
    replacementByQuarter: qs.map((q) => ({
      ...q,
      count: byQuarter.get(q.quarter)?.count ?? 0,
      cost: cents(byQuarter.get(q.quarter)?.cost ?? 0),
    })),
    overdue: { count: overdue.count, cost: cents(overdue.cost) },
    types: typeRows,
    dueSoon: soon.map((w) => ({ days: w.days, count: w.count, cost: cents(w.cost) })),
  };
}

/**
 * The URL of the asset list filtered to lifecycle states and companies, in the url query the list page keeps its
 * filters in (workspace/list/list-query.ts parseListState: `states=` and `companies=`, comma separated; `dueSoon=`
 * a window of days).
 */
export function assetListHref(
  states: readonly LifecycleState[],
  companyIds: readonly number[] = [],
  dueSoonDays?: number,
): string {
  const p = new URLSearchParams();
  if (companyIds.length) p.set('companies', companyIds.join(','));
  if (states.length) p.set('states', states.join(','));
  // The list's due soon window (`dueSoon=`): due after asOf and within the days, overdue left out, as dueSoon here.
  if (dueSoonDays) p.set('dueSoon', String(dueSoonDays));
  const q = p.toString();
  return q ? `/assetList?${q}` : '/assetList';
}
