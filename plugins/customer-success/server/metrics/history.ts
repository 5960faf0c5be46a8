/**
 * Monthly history of companies' scores (CompanyCsHealthMetricHistoricValues, CompanyCsEffortMetricHistoricValues):
 * per company, one entry per month with history (oldest first): the overall score and each active metric's value
 * and score that month. The last `months` months up to the current one (default 12). One query for all companies.
 */
import type { Trx } from '../../../../kernel/index';
import { monthKey, monthsBefore } from '../../shared/history-month';
import type { ScoreType } from '../../shared/metric-calc-codes';
import { listMetrics, type MetricRow } from './definitions';
import { scoreKeys } from './values';

const DEFAULT_HISTORY_MONTHS = 12;
export const MAX_HISTORY_MONTHS = 60;

interface Row {
  tenant_company_id: number;
  month: string | Date;
  score: number | null;
  metrics: [number, number | null, number | null][] | null;
}

export async function companyHistory(
  db: Trx,
  tenantId: number,
  type: ScoreType,
  companyIds: number[] | null,
  opts: { months?: number; asOf?: Date } = {},
): Promise<{ companies: { tenantCompanyId: number; history: Record<string, unknown>[] }[]; metrics: MetricRow[] }> {
  const months = opts.months ?? DEFAULT_HISTORY_MONTHS;
  const from = monthsBefore(opts.asOf ?? new Date(), months - 1);
  const metrics = await listMetrics(db, tenantId, type, 1);
  const filter = companyIds ? ' and h.tenant_company_id = any(?::bigint[])' : '';
  const r = await db.raw(
    `select h.tenant_company_id, to_char(h.month, 'YYYY-MM') as month, h.score,
            (select json_agg(json_build_array(mv.cs_metric_id, mv.value, mv.score))
               from cs_metric_value_history mv
              where mv.tenant_id = h.tenant_id and mv.tenant_company_id = h.tenant_company_id and mv.month = h.month
                and mv.cs_metric_id = any(?::bigint[])) as metrics
       from cs_company_score_history h
      where h.tenant_id = ? and h.score_type = ? and h.month >= ?::date${filter}
      order by h.tenant_company_id, h.month`,
    [metrics.map((m) => m.cs_metric_id), tenantId, type, from, ...(companyIds ? [companyIds] : [])],
  );
  const keys = scoreKeys(type);
  const out: { tenantCompanyId: number; history: Record<string, unknown>[] }[] = [];
  for (const row of r.rows as Row[]) {
    const id = Number(row.tenant_company_id);
    let entry = out[out.length - 1];
    if (!entry || entry.tenantCompanyId !== id) {
      entry = { tenantCompanyId: id, history: [] };
      out.push(entry);
    }
    const byMetric = new Map((row.metrics ?? []).map((x) => [Number(x[0]), x]));
    entry.history.push({
      month: monthKey(row.month),
      [keys.score]: row.score === null ? null : Number(row.score),
      metrics: metrics.map((m) => {
        const x = byMetric.get(m.cs_metric_id);
        return {
          [keys.metricId]: m.cs_metric_id,
          value: x && x[1] !== null ? Number(x[1]) : null,
          score: x && x[2] !== null ? Number(x[2]) : null,
        };
      }),
    });
  }
  return { companies: out, metrics };
}
