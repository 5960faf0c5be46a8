/**
 * TenantCsDashboardMetrics (customer-success.md sections 2, 3, 7: reads dashboardMetrics): over the filtered
 * active companies, counts by health and effort colour, the segment distribution (placed now; stale_data tells
 * the page the stored segments, which the segmentIds filter reads, need a refresh), the average scores, the total monthly value and the data quality chart
 * (overallScore, overallScoreColor, one entry per check; drilldown: the companies failing each check).
 */
import type { Trx } from '../../../../kernel/index';
import { dashboardMetrics, type DashboardCompany, type DashboardMetrics } from '../../shared/dashboard-metrics';
import {
  dataQuality,
  DATA_QUALITY_CHECKS,
  type DataQualityChart,
  type DataQualityCompany,
} from '../../shared/data-quality';
import type { SegmentId } from '../../shared/segment-settings';
import { listManagers } from '../accounts/store';
import { cutFor } from '../../shared/cut-scores';
import { companiesWithProfile } from '../detail/profile-store';
import { activeCompaniesOf, csInputs, type CsInputs } from '../inputs/request-inputs';
import { computePlacements } from '../segments/compute';
import { segmentsOf } from '../segments/store';
import { companyScores } from './company-scores';
import type { CsServices } from '../services';

/** The dashboard's own metrics and the charts other plugins add (csDashboardChartsPoint). */
interface DashboardAnswer extends DashboardMetrics, Record<string, unknown> {
  dataQuality: DataQualityChart & { drilldown: { key: string; tenantCompanyIds: number[] }[] };
  stale_data: boolean;
}

/**
 * The dashboard of the filtered companies. Every input (companies, segment settings, contracts, scores, cuts) is
 * read once for the request, through `inputs` (made here unless the caller made them, e.g. with the filters).
 */
export async function dashboardFor(
  cs: CsServices,
  db: Trx,
  companyIds: number[] | null,
  inputs: CsInputs = csInputs(cs, db),
): Promise<DashboardAnswer> {
  const companies = await activeCompaniesOf(inputs, companyIds);
  const ids = companies.map((c) => Number(c.tenant_company_id));
  // Segments as they are now (computed in memory; the page refreshes the stored ones when stale_data).
  const fresh = await computePlacements(inputs);
  const { stale_data } = await segmentsOf(inputs, ids);
  const seg = fresh.placements;
  const scores = await companyScores(inputs, ids);
  const rows: DashboardCompany[] = ids.map((id) => {
    const s = scores.get(id)!;
    const g = seg.get(id);
    return {
      tenantCompanyId: id,
      ...s,
      segmentId: (g?.segmentId ?? null) as SegmentId | null,
      monthlyValue: g?.monthlyValue ?? 0,
    };
  });
  const managed = new Set((await listManagers(db, 1)).flatMap((m) => m.tenantCompanyIds));
  const profiled = await companiesWithProfile(db, ids);
  const quality: DataQualityCompany[] = rows.map((r) => ({
    tenantCompanyId: r.tenantCompanyId,
    healthScored: r.healthScore !== null,
    effortScored: r.effortScore !== null,
    hasContracts: r.monthlyValue > 0,
    hasAccountManager: managed.has(r.tenantCompanyId),
    hasProfile: profiled.has(r.tenantCompanyId),
  }));
  const healthCuts = await inputs.cuts('health');
  const chart = dataQuality(quality, (score) => cutFor(score, healthCuts)?.variant ?? null);
  const settings = fresh.settings;
  // Charts other plugins add (csDashboardChartsPoint, e.g. stack-manager's MRR alignment charts), of the same companies.
  const added: Record<string, unknown> = {};
  for (const c of cs.dashboardCharts())
    Object.assign(
      added,
      await c.charts(db, companyIds === null ? null : ids, { activeCompanies: inputs.activeCompanies }),
    );
  return {
    ...added,
    ...dashboardMetrics(rows, settings),
    dataQuality: {
      ...chart,
      drilldown: DATA_QUALITY_CHECKS.map(({ key }) => ({
        key,
        tenantCompanyIds: quality.filter((q) => !q[key]).map((q) => q.tenantCompanyId),
      })),
    },
    stale_data,
  };
}
