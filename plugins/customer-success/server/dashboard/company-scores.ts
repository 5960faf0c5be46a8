/**
 * The companies' current health and effort scores (metrics area: cs_company_scores) with their cut-score
 * variants (cuts area), as the segments, the dashboard and the company detail show them.
 */
import type { Trx } from '../../../../kernel/index';
import { cutFor } from '../../shared/cut-scores';
import { loadCuts } from '../cuts/store';

export interface CompanyScore {
  healthScore: number | null;
  healthVariant: string | null;
  effortScore: number | null;
  effortVariant: string | null;
}

export async function companyScores(db: Trx, companyIds: number[]): Promise<Map<number, CompanyScore>> {
  const out = new Map<number, CompanyScore>();
  if (companyIds.length === 0) return out;
  const health = await loadCuts(db, 'health');
  const effort = await loadCuts(db, 'effort');
  const rows = await db('cs_company_scores').select('tenant_company_id', 'score_type', 'score').whereIn('tenant_company_id', companyIds);
  for (const id of companyIds) out.set(id, { healthScore: null, healthVariant: null, effortScore: null, effortVariant: null });
  for (const r of rows) {
    if (r.score === null) continue;
    const s = out.get(Number(r.tenant_company_id))!;
    const score = Number(r.score);
    if (r.score_type === 'health') { s.healthScore = score; s.healthVariant = cutFor(score, health)?.variant ?? null; }
    else { s.effortScore = score; s.effortVariant = cutFor(score, effort)?.variant ?? null; }
  }
  return out;
}
