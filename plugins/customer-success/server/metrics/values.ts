/**
 * Current metric values of companies (CompanyCsHealthMetricValues, CompanyCsEffortMetricValues): per company its
 * overall score, the previous one (the latest month of its history before the month of the score) with the
 * delta, and one entry per active metric (healthMetricId or effortMetricId, calcCode, weight, max, value, score).
 * One query for all the companies asked for, whatever their number (no query per company).
 */
import type { Trx } from '../../../../kernel/index';
import { healthDelta, type HealthDelta } from '../../shared/health-delta';
import type { ScoreType } from '../../shared/metric-calc-codes';
import { listMetrics, type MetricRow } from './definitions';
import { COMPANY_TABLES } from '../../../companies/public';

interface MetricValueApi {
  healthMetricId?: number;
  effortMetricId?: number;
  calcCode: string;
  weight: number;
  max: number;
  value: number | null;
  score: number | null;
  source: 'calculated' | 'manual';
  version: number;
}
export interface CompanyValuesApi {
  tenantCompanyId: number;
  [key: string]: unknown;
  metrics: MetricValueApi[];
}

export const scoreKeys = (t: ScoreType) =>
  t === 'health'
    ? ({
        score: 'healthScore',
        previous: 'previousHealthScore',
        delta: 'healthDelta',
        metricId: 'healthMetricId',
      } as const)
    : ({
        score: 'effortScore',
        previous: 'previousEffortScore',
        delta: 'effortDelta',
        metricId: 'effortMetricId',
      } as const);

interface Row {
  tenant_company_id: number;
  score: number | null;
  calculated_at: Date | string | null;
  previous_score: number | null;
  metrics: [number, number | null, number | null, string, number][] | null;
}

/**
 * Values of the tenant's active companies; `companyIds` narrows them (null: every company). With `single`, a
 * company that was never calculated still answers one entry (no scores, its metrics without values).
 */
export async function companyValues(
  db: Trx,
  tenantId: number,
  type: ScoreType,
  companyIds: number[] | null,
  opts: { single?: number } = {},
): Promise<{ companies: CompanyValuesApi[]; metrics: MetricRow[] }> {
  const metrics = await listMetrics(db, tenantId, type, 1);
  const metricIds = metrics.map((m) => m.cs_metric_id);
  // Driven by the tenant's active companies, so a company added since the last calculation is listed too
  // (without scores until it is calculated); deactivated companies drop out of the lists.
  const filter = companyIds ? ' and c.tenant_company_id = any(?::bigint[])' : '';
  const r = await db.raw(
    `select c.tenant_company_id, s.score, s.calculated_at, p.score as previous_score,
            (select json_agg(json_build_array(v.cs_metric_id, v.value, v.score, v.source, v.version))
               from cs_metric_values v
              where v.tenant_id = c.tenant_id and v.tenant_company_id = c.tenant_company_id and v.cs_metric_id = any(?::bigint[])) as metrics
       from ${COMPANY_TABLES.companies.table} c
       left join cs_company_scores s on s.tenant_id = c.tenant_id and s.tenant_company_id = c.tenant_company_id and s.score_type = ?
       left join lateral (
         select h.score from cs_company_score_history h
          where h.tenant_id = c.tenant_id and h.score_type = ? and h.tenant_company_id = c.tenant_company_id
            and h.month < date_trunc('month', s.calculated_at at time zone 'UTC')::date
          order by h.month desc limit 1) p on s.calculated_at is not null
      where c.tenant_id = ? and c.is_active${filter}
      order by c.tenant_company_id`,
    [metricIds, type, type, tenantId, ...(companyIds ? [companyIds] : [])],
  );
  const rows = r.rows as Row[];
  if (opts.single !== undefined && rows.length === 0)
    rows.push({ tenant_company_id: opts.single, score: null, calculated_at: null, previous_score: null, metrics: [] });
  const keys = scoreKeys(type);
  const companies = rows.map((row) => {
    const byMetric = new Map((row.metrics ?? []).map((x) => [Number(x[0]), x]));
    const score = row.score === null ? null : Number(row.score);
    const previous = row.previous_score === null ? null : Number(row.previous_score);
    const delta: HealthDelta = healthDelta(score, previous);
    return {
      tenantCompanyId: Number(row.tenant_company_id),
      [keys.score]: score,
      [keys.previous]: previous,
      [keys.delta]: delta,
      calculatedAt: row.calculated_at === null ? null : new Date(row.calculated_at).toISOString(),
      metrics: metrics.map((m) => {
        const x = byMetric.get(m.cs_metric_id);
        return {
          [keys.metricId]: m.cs_metric_id,
          calcCode: m.calc_code,
          weight: Number(m.weight),
          max: Number(m.max),
          value: x && x[1] !== null ? Number(x[1]) : null,
          score: x && x[2] !== null ? Number(x[2]) : null,
          source: (x?.[3] ?? 'calculated') as 'calculated' | 'manual',
          // The version of a value entered by hand (0: none entered yet), sent back with the next entry.
          version: x && x[3] === 'manual' ? Number(x[4]) : 0,
        } as MetricValueApi;
      }),
    } as CompanyValuesApi;
  });
  return { companies, metrics };
}
