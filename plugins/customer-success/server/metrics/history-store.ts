/** SQL of the companies' monthly score history (cs_company_score_history) for the headlines and the insights. */
import type { Trx } from '../../../../kernel/index';
import type { ScoreHistoryRow } from '../../shared/insights';

/** The latest health score of each company before `monthStart` (first day of a month, `YYYY-MM-01`). */
export async function previousHealthScores(db: Trx, ids: number[], monthStart: string): Promise<Map<number, number>> {
  const rows = await db('cs_company_score_history')
    .distinctOn('tenant_company_id')
    .select('tenant_company_id', 'score')
    .where('score_type', 'health')
    .whereIn('tenant_company_id', ids)
    .where('month', '<', monthStart)
    .whereNotNull('score')
    .orderBy([{ column: 'tenant_company_id' }, { column: 'month', order: 'desc' }]);
  return new Map(rows.map((r) => [Number(r.tenant_company_id), Number(r.score)]));
}

/** The companies' scores of every type in the months `first`..`last` (`YYYY-MM`), month as `YYYY-MM`. */
export async function scoreHistoryRows(
  db: Trx,
  ids: number[],
  first: string,
  last: string,
): Promise<ScoreHistoryRow[]> {
  if (!ids.length) return [];
  const rows = await db('cs_company_score_history')
    .select('tenant_company_id', 'score_type', 'month', 'score')
    .whereIn('tenant_company_id', ids)
    .where('month', '>=', `${first}-01`)
    .where('month', '<=', `${last}-01`);
  return rows.map((r) => ({
    tenantCompanyId: Number(r.tenant_company_id),
    scoreType: r.score_type,
    month: (r.month instanceof Date ? r.month.toISOString() : String(r.month)).slice(0, 7),
    score: r.score === null ? null : Number(r.score),
  }));
}
