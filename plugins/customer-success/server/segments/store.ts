/**
 * Reading the company segments (TenantCompanySegment / TenantCompanyCsSegment): the stored placements of the
 * tenant's active companies with each one's stale_data (shared/segment-staleness.ts), the company name, the
 * segment name and the health score the chart colours by.
 */
import type { Trx } from '../../../../kernel/index';
import type { CompanySegment } from '../../shared/api';
import { isSegmentStale } from '../../shared/segment-staleness';
import { segmentName, type SegmentId } from '../../shared/segment-settings';
import { companyScores } from '../dashboard/company-scores';
import { activeCompaniesOf, csInputs, type CsInputs } from '../inputs/request-inputs';
import { loadSegmentInputs } from './inputs';
import type { CsServices } from '../services';
import type { ComputedSegments } from './compute';
import { ymd } from '../../shared/date-presets';

interface Stored {
  tenant_company_id: number;
  segment_id: number;
  monthly_value: number;
  effort_score: number | null;
  stale_data: boolean;
  computed_at: Date | string;
}

/**
 * The segments of the given companies (null: every active company). `stale_data` of the list: any row stale.
 * With a fresh computation the rows come from it (all fresh), else from the stored rows.
 */
export async function listCompanySegments(
  cs: CsServices,
  db: Trx,
  companyIds: number[] | null,
  now = new Date(),
  fresh?: ComputedSegments,
): Promise<{ segments: CompanySegment[]; stale_data: boolean }> {
  return segmentsOf(csInputs(cs, db), companyIds, now, fresh);
}

/** listCompanySegments over the request's inputs (each read once however many parts of the request list segments). */
export async function segmentsOf(
  request: CsInputs,
  companyIds: readonly number[] | null,
  now = new Date(),
  fresh?: ComputedSegments,
): Promise<{ segments: CompanySegment[]; stale_data: boolean }> {
  const settings = fresh?.settings ?? (await request.segmentSettings());
  const companies = await activeCompaniesOf(request, companyIds);
  const ids = companies.map((c) => Number(c.tenant_company_id));
  const stored: Stored[] = fresh
    ? [...fresh.placements.values()].map((p) => ({
        tenant_company_id: p.tenantCompanyId,
        segment_id: p.segmentId,
        monthly_value: p.monthlyValue,
        effort_score: p.effortScore,
        stale_data: false,
        computed_at: fresh.computedAt,
      }))
    : ids.length
      ? await request.db<Stored>('cs_company_segments').select('*').whereIn('tenant_company_id', ids)
      : [];
  const byId = new Map(stored.map((r) => [Number(r.tenant_company_id), r]));
  const inputs = fresh
    ? new Map()
    : new Map((await loadSegmentInputs(request, ymd(now), ids)).map((i) => [i.tenantCompanyId, i]));
  const scores = await companyScores(request, ids);
  const settingsUpdatedAt = settings.updatedAt ? new Date(settings.updatedAt).getTime() : null;
  const segments = companies.map((c): CompanySegment => {
    const id = Number(c.tenant_company_id);
    const r = byId.get(id);
    const s = scores.get(id);
    const stale = fresh
      ? !r
      : isSegmentStale(r ? { stale_data: r.stale_data, computedAt: new Date(r.computed_at).getTime() } : null, {
          settingsUpdatedAt,
          inputsChangedAt: inputs.get(id)?.changedAt ?? null,
          now: now.getTime(),
        });
    return {
      tenantCompanyId: id,
      companyName: c.moniker,
      segmentId: r ? (Number(r.segment_id) as SegmentId) : null,
      segmentName: r ? segmentName(settings, Number(r.segment_id) as SegmentId) : null,
      monthlyValue: r ? Number(r.monthly_value) : null,
      effortScore: r && r.effort_score !== null ? Number(r.effort_score) : null,
      healthScore: s?.healthScore ?? null,
      healthVariant: s?.healthVariant ?? null,
      effortVariant: s?.effortVariant ?? null,
      stale_data: stale,
      computedAt: r ? new Date(r.computed_at).toISOString() : null,
    };
  });
  return { segments, stale_data: segments.some((s) => s.stale_data) };
}

/** Companies whose stored segment is one of the given ids (the segmentIds filter). */
export async function companiesInSegments(db: Trx, segmentIds: number[]): Promise<number[]> {
  const rows = await db('cs_company_segments').select('tenant_company_id').whereIn('segment_id', segmentIds);
  return rows.map((r) => Number(r.tenant_company_id));
}
