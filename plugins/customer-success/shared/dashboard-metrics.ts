/**
 * Dashboard metrics (TenantCsDashboardMetrics): over the filtered companies, the count per health colour
 * and per effort colour (the cut-score variant of each score; 'none' when not scored), the segment
 * distribution with the monthly value per segment, the average health and effort scores (one decimal,
 * null when nobody is scored) and the total monthly value.
 */
import { SEGMENT_IDS, segmentName, type SegmentId, type SegmentSettings } from './segment-settings';

export interface DashboardCompany {
  tenantCompanyId: number;
  healthScore: number | null;
  healthVariant: string | null;
  effortScore: number | null;
  effortVariant: string | null;
  segmentId: SegmentId | null;
  monthlyValue: number;
}

export interface ColorCount {
  variant: string;
  count: number;
}
export interface SegmentCount {
  segmentId: SegmentId;
  name: string;
  count: number;
  monthlyValue: number;
}

export interface DashboardMetrics {
  companyCount: number;
  healthByColor: ColorCount[];
  effortByColor: ColorCount[];
  segmentDistribution: SegmentCount[];
  averageHealthScore: number | null;
  averageEffortScore: number | null;
  totalMonthlyValue: number;
}

/** Variants in display order (section 9), 'none' last. */
export const VARIANT_ORDER = ['success', 'warning', 'danger', 'info', 'secondary', 'dark', 'none'];

function byColor(variants: (string | null)[]): ColorCount[] {
  const counts = new Map<string, number>();
  for (const v of variants) counts.set(v ?? 'none', (counts.get(v ?? 'none') ?? 0) + 1);
  const rank = (v: string) => {
    const i = VARIANT_ORDER.indexOf(v);
    return i < 0 ? VARIANT_ORDER.length : i;
  };
  return [...counts]
    .map(([variant, count]) => ({ variant, count }))
    .sort((a, b) => rank(a.variant) - rank(b.variant) || a.variant.localeCompare(b.variant));
}

const avg = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => typeof x === 'number');
  return v.length ? Math.round((v.reduce((a, b) => a + b, 0) / v.length) * 10) / 10 : null;
};
const cents = (n: number) => Math.round(n * 100) / 100;

export function dashboardMetrics(
  rows: DashboardCompany[],
  settings: Pick<SegmentSettings, 'segmentNames'>,
): DashboardMetrics {
  return {
    companyCount: rows.length,
    healthByColor: byColor(rows.map((r) => (r.healthScore === null ? null : r.healthVariant))),
    effortByColor: byColor(rows.map((r) => (r.effortScore === null ? null : r.effortVariant))),
    segmentDistribution: SEGMENT_IDS.map((id) => {
      const inSeg = rows.filter((r) => r.segmentId === id);
      return {
        segmentId: id,
        name: segmentName(settings, id),
        count: inSeg.length,
        monthlyValue: cents(inSeg.reduce((a, r) => a + r.monthlyValue, 0)),
      };
    }),
    averageHealthScore: avg(rows.map((r) => r.healthScore)),
    averageEffortScore: avg(rows.map((r) => r.effortScore)),
    totalMonthlyValue: cents(rows.reduce((a, r) => a + r.monthlyValue, 0)),
  };
}
