/**
 * Recalculation: the input of every active metric for every active company (or the given ones), its placeholder
 * score, the company's overall health and effort scores, and this month's history row of each (history is kept
 * per month; the last calculation of a month wins). Set-based: one read per input source and one upsert per
 * table whatever the number of companies (arrays through unnest), so a tenant of thousands of companies is one
 * short transaction. Runs on every write that changes an input (metric definitions, custom values, effort
 * display info, imports) and in the job cs.metrics.recalc.
 */
import type { Trx } from '../../../../kernel/index';
import { listCompanies } from '../../../companies/public';
import { monthStart } from '../../shared/history-month';
import { SCORE_TYPES, type ScoreType } from '../../shared/metric-calc-codes';
import { overallScore } from '../../shared/overall-score';
import { placeholderScore } from '../../shared/placeholder-score';
import { listMetrics, type MetricRow } from './definitions';
import { getEffortDisplay } from './display-info';
import { loadInputs } from './inputs';

interface RecalcOptions {
  /** Only these companies (default: every active company of the tenant). */
  companyIds?: number[] | null;
  asOf?: Date;
  /** Progress: `done` of `total` steps (one per company, then the saving of the scores). */
  onProgress?: (done: number, total: number, label: string) => void;
}
interface RecalcResult {
  companies: number;
  values: number;
  month: string;
}

export async function recalculate(db: Trx, tenantId: number, opts: RecalcOptions = {}): Promise<RecalcResult> {
  const asOf = opts.asOf ?? new Date();
  const month = monthStart(asOf);
  const only = opts.companyIds ? new Set(opts.companyIds.map(Number)) : null;
  const companies = (await listCompanies(db, { activeOnly: true }))
    .map((c) => ({ tenantCompanyId: Number(c.tenant_company_id), seats: Number(c.seats ?? 0) }))
    .filter((c) => !only || only.has(c.tenantCompanyId));
  const ids = only ? companies.map((c) => c.tenantCompanyId) : null;
  const metricsByType = new Map<ScoreType, MetricRow[]>();
  for (const t of SCORE_TYPES) metricsByType.set(t, await listMetrics(db, tenantId, t, 1));
  const all = [...metricsByType.values()].flat();
  const settings = await getEffortDisplay(db, tenantId);
  const input = await loadInputs({ db, tenantId, companies, settings, asOf }, all, ids);

  const v = {
    company: [] as number[],
    metric: [] as number[],
    value: [] as (number | null)[],
    score: [] as (number | null)[],
    source: [] as string[],
  };
  const s = { type: [] as string[], company: [] as number[], score: [] as (number | null)[] };
  const steps = companies.length + 1;
  opts.onProgress?.(0, steps, 'scoring companies');
  for (const [i, c] of companies.entries()) {
    for (const [type, metrics] of metricsByType) {
      const parts: { weight: number; max: number; value: number | null }[] = [];
      for (const m of metrics) {
        const { value, manual } = input(c.tenantCompanyId, m);
        const weight = Number(m.weight);
        const max = Number(m.max);
        v.company.push(c.tenantCompanyId);
        v.metric.push(m.cs_metric_id);
        v.value.push(value);
        v.score.push(placeholderScore(weight, value, max));
        v.source.push(manual ? 'manual' : 'calculated');
        parts.push({ weight, max, value });
      }
      s.type.push(type);
      s.company.push(c.tenantCompanyId);
      s.score.push(overallScore(parts));
    }
    opts.onProgress?.(i + 1, steps, `company ${c.tenantCompanyId}`);
  }

  if (v.company.length) {
    await db.raw(
      `insert into cs_metric_values (tenant_id, tenant_company_id, cs_metric_id, value, score, source, calculated_at)
       select ?, u.c, u.m, u.v, u.s, u.src, now() from unnest(?::bigint[], ?::bigint[], ?::float8[], ?::int[], ?::text[]) as u(c, m, v, s, src)
       on conflict (tenant_id, tenant_company_id, cs_metric_id) do update
         set value = excluded.value, score = excluded.score, source = excluded.source, calculated_at = excluded.calculated_at`,
      [tenantId, v.company, v.metric, v.value as number[], v.score as number[], v.source],
    );
    await db.raw(
      `insert into cs_metric_value_history (tenant_id, tenant_company_id, cs_metric_id, month, value, score)
       select ?, u.c, u.m, ?::date, u.v, u.s from unnest(?::bigint[], ?::bigint[], ?::float8[], ?::int[]) as u(c, m, v, s)
       on conflict (tenant_id, tenant_company_id, cs_metric_id, month) do update set value = excluded.value, score = excluded.score`,
      [tenantId, month, v.company, v.metric, v.value as number[], v.score as number[]],
    );
  }
  if (s.company.length) {
    await db.raw(
      `insert into cs_company_scores (tenant_id, score_type, tenant_company_id, score, calculated_at)
       select ?, u.t, u.c, u.s, ?::timestamptz from unnest(?::text[], ?::bigint[], ?::int[]) as u(t, c, s)
       on conflict (tenant_id, score_type, tenant_company_id) do update set score = excluded.score, calculated_at = excluded.calculated_at`,
      [tenantId, asOf.toISOString(), s.type, s.company, s.score as number[]],
    );
    await db.raw(
      `insert into cs_company_score_history (tenant_id, score_type, tenant_company_id, month, score)
       select ?, u.t, u.c, ?::date, u.s from unnest(?::text[], ?::bigint[], ?::int[]) as u(t, c, s)
       on conflict (tenant_id, score_type, tenant_company_id, month) do update set score = excluded.score`,
      [tenantId, month, s.type, s.company, s.score as number[]],
    );
  }
  // A full run drops the current scores of companies that are no longer active (their history stays).
  if (!only) {
    await db.raw(`delete from cs_company_scores where tenant_id = ? and not (tenant_company_id = any(?::bigint[]))`, [
      tenantId,
      companies.map((c) => c.tenantCompanyId),
    ]);
  }
  opts.onProgress?.(steps, steps, 'saved');
  return { companies: companies.length, values: v.company.length, month };
}
