/**
 * The AIR charts (part B): the grouped rows of the store shaped into AssetCharts (shared/charts.ts; months and
 * quarters without assets as zeros), served by GET /v3/tenant/:tenantId/assetCharts (the AIR dashboard, with the
 * company filter) and contributed to the kernel's dashboardCharts (the whole tenant, one chart id per figure).
 */
import type { DashboardChart, Trx } from '../../../../kernel/index';
import {
  cents,
  NO_TYPE_LABEL,
  QUARTERS_DEFAULT,
  replacementQuarters,
  sortAgeRows,
  sortTypes,
  warrantyMonths,
  type AgeBucket,
  type AssetCharts,
} from '../../shared/charts';
import {
  ageByType,
  dueSoonSummary,
  lifecycleCounts,
  replacementByQuarter,
  typeSummaries,
  warrantyExpiries,
  type AssetChartsQuery,
} from '../../shared/charts-api';
import { tenantTodayOf } from '../../../settings/public';
import { DUE_SOON_WINDOWS, LIFECYCLE_LABELS, LIFECYCLE_STATES } from '../../shared/lifecycle';
import { AIR_DASHBOARD_PAGE } from '../../shared/pages';
import { selectChartGroups, type ChartGroupRow } from './store';

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const typeId = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** AssetCharts from the grouped rows (pure). */
function shapeCharts(rows: readonly ChartGroupRow[], asOf: string, quarters: number): AssetCharts {
  const of = (kind: ChartGroupRow['kind']) => rows.filter((r) => r.kind === kind);
  const total = of('total')[0];
  const states = new Map(of('state').map((r) => [r.state, num(r.n)]));
  const expiries = new Map(of('expiry').map((r) => [r.expiry_month, num(r.n)]));
  const dues = new Map(of('due').map((r) => [r.due_quarter, r]));
  const typeName = (r: ChartGroupRow) => (r.type_id === null ? NO_TYPE_LABEL : (r.type_name ?? NO_TYPE_LABEL));
  const types = sortTypes(
    of('type').map((r) => ({
      asset_type_id: typeId(r.type_id),
      asset_type: typeName(r),
      count: num(r.n),
      average_age_months: num(r.age_n) ? Math.round(num(r.avg_age) * 10) / 10 : null,
      average_replacement_cost: num(r.cost_n) ? cents(num(r.cost_sum) / num(r.cost_n)) : null,
      replacement_cost: cents(num(r.cost_sum)),
    })),
  );
  const overdue = dues.get('overdue');
  return {
    asOf,
    total: num(total?.n),
    lifecycle: LIFECYCLE_STATES.map((state) => ({
      state,
      label: LIFECYCLE_LABELS[state],
      count: states.get(state) ?? 0,
    })),
    warrantyExpiries: warrantyMonths(asOf).map((month) => ({ month, count: expiries.get(month) ?? 0 })),
    ageByType: sortAgeRows(
      of('age').map((r) => ({
        asset_type_id: typeId(r.type_id),
        asset_type: typeName(r),
        bucket: r.age_bucket as AgeBucket,
        count: num(r.n),
      })),
      types,
    ),
    replacementByQuarter: replacementQuarters(asOf, quarters).map((q) => ({
      ...q,
      count: num(dues.get(q.quarter)?.n),
      cost: cents(num(dues.get(q.quarter)?.cost_sum)),
    })),
    overdue: { count: num(overdue?.n), cost: cents(num(overdue?.cost_sum)) },
    types,
    dueSoon: DUE_SOON_WINDOWS.map((days) => ({
      days,
      count: total?.soon[days]?.count ?? 0,
      cost: cents(total?.soon[days]?.cost ?? 0),
    })),
  };
}

/** The charts of the assets of these companies (all when none) as of a day (default: the tenant's today, its zone). */
export async function assetCharts(db: Trx, tenantId: number, q: Partial<AssetChartsQuery>): Promise<AssetCharts> {
  const asOf = q.asOf ?? (await tenantTodayOf(db, tenantId));
  const quarters = q.quarters ?? QUARTERS_DEFAULT;
  const rows = await selectChartGroups(db, { asOf, quarters, tenantCompanyIds: q.tenantCompanyIds });
  return shapeCharts(rows, asOf, quarters);
}

/**
 * The asset charts of GET dashboardCharts (kernel point; page /airdashboard, so a caller who cannot open the AIR
 * dashboard gets none): the whole tenant, today. Each id loads its own figure.
 */
const perRequest = new WeakMap<Trx, Promise<AssetCharts>>();
function dashboardChart<K extends keyof AssetCharts>(
  id: string,
  key: K,
  schema: DashboardChart['schema'],
): DashboardChart {
  return {
    id,
    page: AIR_DASHBOARD_PAGE,
    schema,
    load: async (trx, tenantId) => {
      // The charts of one request share one query (the request's transaction is the key).
      let charts = perRequest.get(trx);
      if (!charts) perRequest.set(trx, (charts = assetCharts(trx, tenantId, {})));
      return (await charts)[key];
    },
  };
}

export const ASSET_DASHBOARD_CHARTS: DashboardChart[] = [
  dashboardChart('assetLifecycle', 'lifecycle', lifecycleCounts),
  dashboardChart('assetWarrantyExpiries', 'warrantyExpiries', warrantyExpiries),
  dashboardChart('assetAgeByType', 'ageByType', ageByType),
  dashboardChart('assetReplacementCost', 'replacementByQuarter', replacementByQuarter),
  dashboardChart('assetTypes', 'types', typeSummaries),
  dashboardChart('assetDueSoon', 'dueSoon', dueSoonSummary),
];
