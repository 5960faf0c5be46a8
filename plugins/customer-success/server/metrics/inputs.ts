/**
 * The input of each metric per company, by calcCode, for a set of companies at once (one query per source,
 * never one per company):
 *   number-of-tickets    imported tickets opened in the rolling window, excluded ticket tables left out, per user
 *                        of the company when switchTicketsByUserFlag is on (shared/ticket-input.ts); no tickets: 0
 *   smileback-csat       percent positive of the imported CSAT responses in the rolling window; none: no value
 *   number-of-locations  the company's locations (companies plugin); none: 0
 *   assessment-template  the latest assessment result of the metric's template (any template when none is set)
 *   custom               the value entered by hand; none: no value
 */
import type { Trx } from '../../../../kernel/index';
import { csatPercent } from '../../shared/csat-score';
import type { CalcCode } from '../../shared/metric-calc-codes';
import { rollingWindow } from '../../shared/rolling-window';
import { ticketsInput } from '../../shared/ticket-input';
import type { MetricRow } from './definitions';
import type { EffortDisplaySettings } from './display-info';
import { companyLocationCounts } from './locations';

interface InputCompany {
  tenantCompanyId: number;
  seats: number;
}
interface InputScope {
  db: Trx;
  tenantId: number;
  companies: InputCompany[];
  settings: EffortDisplaySettings;
  asOf: Date;
}

/** `and tenant_company_id = any(?)` when the scope is a subset; the statement text stays the same for any size. */
function companyFilter(ids: number[] | null): { sql: string; bindings: any[] } {
  return ids ? { sql: ' and tenant_company_id = any(?::bigint[])', bindings: [ids] } : { sql: '', bindings: [] };
}

async function ticketCounts(
  db: Trx,
  tenantId: number,
  ids: number[] | null,
  settings: EffortDisplaySettings,
  asOf: Date,
): Promise<Map<number, number>> {
  const w = rollingWindow(asOf, settings.rollingWindow);
  const f = companyFilter(ids);
  const r = await db.raw(
    `select tenant_company_id, count(*)::int as n from cs_tickets
      where tenant_id = ? and opened_at >= ? and opened_at < ? and not (ticket_table = any(?::text[]))${f.sql}
      group by tenant_company_id`,
    [
      tenantId,
      w.from.toISOString(),
      w.to.toISOString(),
      settings.excludedTicketsTables.map((t) => t.toLowerCase()),
      ...f.bindings,
    ],
  );
  return new Map(
    r.rows.map((x: { tenant_company_id: number; n: number }) => [Number(x.tenant_company_id), Number(x.n)]),
  );
}

async function csatValues(
  db: Trx,
  tenantId: number,
  ids: number[] | null,
  settings: EffortDisplaySettings,
  asOf: Date,
): Promise<Map<number, number | null>> {
  const w = rollingWindow(asOf, settings.rollingWindow);
  const f = companyFilter(ids);
  const r = await db.raw(
    `select tenant_company_id,
        count(*) filter (where rating = 'positive')::int as positive,
        count(*) filter (where rating = 'neutral')::int as neutral,
        count(*) filter (where rating = 'negative')::int as negative
      from cs_csat_responses where tenant_id = ? and responded_at >= ? and responded_at < ?${f.sql}
      group by tenant_company_id`,
    [tenantId, w.from.toISOString(), w.to.toISOString(), ...f.bindings],
  );
  return new Map(
    r.rows.map((x: { tenant_company_id: number; positive: number; neutral: number; negative: number }) => [
      Number(x.tenant_company_id),
      csatPercent({ positive: Number(x.positive), neutral: Number(x.neutral), negative: Number(x.negative) }),
    ]),
  );
}

/** Latest result per company and template, with the latest of any template under key 'any'. */
async function latestAssessmentScores(
  db: Trx,
  tenantId: number,
  ids: number[] | null,
): Promise<Map<number, Map<number | 'any', number>>> {
  const f = companyFilter(ids);
  const r = await db.raw(
    `select distinct on (tenant_company_id, assessment_template_id) tenant_company_id, assessment_template_id, score, completed_at
       from cs_assessment_results where tenant_id = ?${f.sql}
      order by tenant_company_id, assessment_template_id, completed_at desc, assessment_result_id desc`,
    [tenantId, ...f.bindings],
  );
  const out = new Map<number, Map<number | 'any', number>>();
  const latestAt = new Map<number, number>();
  for (const x of r.rows as {
    tenant_company_id: number;
    assessment_template_id: number;
    score: number;
    completed_at: Date | string;
  }[]) {
    const c = Number(x.tenant_company_id);
    const m = out.get(c) ?? new Map<number | 'any', number>();
    m.set(Number(x.assessment_template_id), Number(x.score));
    const at = new Date(x.completed_at).getTime();
    if (!latestAt.has(c) || at > latestAt.get(c)!) {
      latestAt.set(c, at);
      m.set('any', Number(x.score));
    }
    out.set(c, m);
  }
  return out;
}

/** Values entered by hand for custom metrics: company -> metric -> value. */
async function customValues(
  db: Trx,
  tenantId: number,
  ids: number[] | null,
  metricIds: number[],
): Promise<Map<number, Map<number, number | null>>> {
  const out = new Map<number, Map<number, number | null>>();
  if (!metricIds.length) return out;
  const f = companyFilter(ids);
  const r = await db.raw(
    `select tenant_company_id, cs_metric_id, value from cs_metric_values
      where tenant_id = ? and source = 'manual' and cs_metric_id = any(?::bigint[])${f.sql}`,
    [tenantId, metricIds, ...f.bindings],
  );
  for (const x of r.rows as { tenant_company_id: number; cs_metric_id: number; value: number | null }[]) {
    const c = Number(x.tenant_company_id);
    const m = out.get(c) ?? new Map<number, number | null>();
    m.set(Number(x.cs_metric_id), x.value === null ? null : Number(x.value));
    out.set(c, m);
  }
  return out;
}

type InputFn = (companyId: number, metric: MetricRow) => { value: number | null; manual: boolean };

/**
 * Reads every source the metrics need (each once) and answers the input of a metric for a company.
 * `ids` null: the scope is every company of the tenant.
 */
export async function loadInputs(scope: InputScope, metrics: MetricRow[], ids: number[] | null): Promise<InputFn> {
  const { db, tenantId, settings, asOf } = scope;
  const codes = new Set<CalcCode>(metrics.map((m) => m.calc_code));
  const seats = new Map(scope.companies.map((c) => [c.tenantCompanyId, c.seats]));
  const tickets = codes.has('number-of-tickets')
    ? await ticketCounts(db, tenantId, ids, settings, asOf)
    : new Map<number, number>();
  const csat = codes.has('smileback-csat')
    ? await csatValues(db, tenantId, ids, settings, asOf)
    : new Map<number, number | null>();
  const locations = codes.has('number-of-locations')
    ? await companyLocationCounts(db, tenantId, ids)
    : new Map<number, number>();
  const assessments = codes.has('assessment-template')
    ? await latestAssessmentScores(db, tenantId, ids)
    : new Map<number, Map<number | 'any', number>>();
  const custom = await customValues(
    db,
    tenantId,
    ids,
    metrics.filter((m) => m.calc_code === 'custom').map((m) => m.cs_metric_id),
  );

  return (companyId, metric) => {
    switch (metric.calc_code) {
      case 'number-of-tickets':
        return {
          value: ticketsInput(tickets.get(companyId) ?? 0, {
            switchTicketsByUserFlag: settings.switchTicketsByUserFlag,
            users: seats.get(companyId) ?? 0,
          }),
          manual: false,
        };
      case 'smileback-csat':
        return { value: csat.get(companyId) ?? null, manual: false };
      case 'number-of-locations':
        return { value: locations.get(companyId) ?? 0, manual: false };
      case 'assessment-template': {
        const key = metric.assessment_template_id === null ? 'any' : Number(metric.assessment_template_id);
        return { value: assessments.get(companyId)?.get(key) ?? null, manual: false };
      }
      case 'custom': {
        const v = custom.get(companyId)?.get(metric.cs_metric_id);
        return { value: v ?? null, manual: v !== undefined };
      }
    }
  };
}
