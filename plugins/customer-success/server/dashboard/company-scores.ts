/**
 * The companies' current health and effort scores (metrics area: cs_company_scores) with their cut-score
 * variants (cuts area), as the segments, the dashboard and the company detail show them. Pure over the request's
 * inputs (inputs/request-inputs.ts): the scores and cuts are read once per request.
 */
import { cutFor } from '../../shared/cut-scores';
import type { CsInputs } from '../inputs/request-inputs';

export interface CompanyScore {
  healthScore: number | null;
  healthVariant: string | null;
  effortScore: number | null;
  effortVariant: string | null;
}

export async function companyScores(
  inputs: CsInputs,
  companyIds: readonly number[],
): Promise<Map<number, CompanyScore>> {
  const out = new Map<number, CompanyScore>();
  if (companyIds.length === 0) return out;
  const health = await inputs.cuts('health');
  const effort = await inputs.cuts('effort');
  const rows = await inputs.scores(companyIds);
  for (const id of companyIds) {
    const s: CompanyScore = { healthScore: null, healthVariant: null, effortScore: null, effortVariant: null };
    for (const r of rows.get(id) ?? []) {
      if (r.score === null) continue;
      if (r.scoreType === 'health') {
        s.healthScore = r.score;
        s.healthVariant = cutFor(r.score, health)?.variant ?? null;
      } else {
        s.effortScore = r.score;
        s.effortVariant = cutFor(r.score, effort)?.variant ?? null;
      }
    }
    out.set(id, s);
  }
  return out;
}
