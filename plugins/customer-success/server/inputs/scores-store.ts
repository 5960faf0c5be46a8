/** The companies' current scores (cs_company_scores of the metrics area): one read for the request (inputs/request-inputs.ts). */
import type { Trx } from '../../../../kernel/index';

export interface ScoreRow {
  scoreType: 'health' | 'effort';
  score: number | null;
  calculatedAt: Date | string | null;
}

/** Current health and effort scores by company: of the given companies, or (null) of every company of the tenant. */
export async function loadScoreRows(db: Trx, companyIds: readonly number[] | null): Promise<Map<number, ScoreRow[]>> {
  const out = new Map<number, ScoreRow[]>();
  if (companyIds && companyIds.length === 0) return out;
  const q = db('cs_company_scores').select('tenant_company_id', 'score_type', 'score', 'calculated_at');
  if (companyIds) q.whereIn('tenant_company_id', [...companyIds]);
  for (const r of await q) {
    const id = Number(r.tenant_company_id);
    let rows = out.get(id);
    if (!rows) out.set(id, (rows = []));
    rows.push({
      scoreType: r.score_type,
      score: r.score === null ? null : Number(r.score),
      calculatedAt: r.calculated_at,
    });
  }
  return out;
}
