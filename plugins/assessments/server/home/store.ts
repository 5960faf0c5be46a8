/** SQL of the assessments dashboard panel (shared/home-chart.ts): due open assessments and the latest completed. */
import type { Trx } from '../../../../kernel/index';
import { tenantToday } from '../../../../common/dates';
import { tenantTimeZoneOf } from '../../../settings/public';
import { ASSESSMENTS_DUE_DAYS, ASSESSMENTS_HOME_ROWS, type AssessmentsHomeChart } from '../../shared/home-chart';

export async function assessmentsHome(db: Trx, tenantId: number): Promise<AssessmentsHomeChart> {
  // "Today" and the completion dates are the tenant's, in its time zone (settings), not the server's.
  const timeZone = await tenantTimeZoneOf(db, tenantId);
  const today = tenantToday({ timeZone });
  const events = () =>
    db('assessment_events as e')
      .join('tenant_companies as c', 'c.tenant_company_id', 'e.tenant_company_id')
      .join('assessment_template_defs as t', 't.assessment_template_id', 'e.assessment_template_id')
      .where('c.is_active', true);
  const open = events()
    .whereIn('e.status', ['draft', 'in_review'])
    .whereRaw('e.assessed_on <= ?::date + ?::int', [today, ASSESSMENTS_DUE_DAYS]);
  const [{ n, overdue }] = await open
    .clone()
    .select(
      db.raw('count(*)::int as n'),
      db.raw('count(*) filter (where e.assessed_on < ?::date)::int as overdue', [today]),
    );
  const common = [
    'e.assessment_event_id',
    'e.tenant_company_id',
    'c.moniker as company',
    'e.title',
    't.name as template',
    db.raw(`to_char(e.assessed_on, 'YYYY-MM-DD') as assessed_on`),
  ];
  const due = await open
    .clone()
    .orderBy([{ column: 'e.assessed_on' }, { column: 'e.assessment_event_id' }])
    .limit(ASSESSMENTS_HOME_ROWS)
    .select(...common, 'e.status', db.raw('(e.assessed_on - ?::date)::int as days_left', [today]));
  const recent = await events()
    .where('e.status', 'completed')
    .orderBy([
      { column: 'e.completed_at', order: 'desc' },
      { column: 'e.assessment_event_id', order: 'desc' },
    ])
    .limit(ASSESSMENTS_HOME_ROWS)
    .select(
      ...common,
      'e.overall_score',
      db.raw(`to_char(e.completed_at at time zone ?, 'YYYY-MM-DD') as completed_on`, [timeZone]),
    );
  const base = (r: Record<string, unknown>) => ({
    assessment_event_id: Number(r.assessment_event_id),
    tenant_company_id: Number(r.tenant_company_id),
    company: String(r.company),
    title: String(r.title),
    template: String(r.template),
    assessed_on: String(r.assessed_on),
  });
  return {
    within_days: ASSESSMENTS_DUE_DAYS,
    due_total: Number(n),
    overdue: Number(overdue),
    due: due.map((r: Record<string, unknown>) => ({
      ...base(r),
      status: r.status as 'draft' | 'in_review',
      days_left: Number(r.days_left),
    })),
    recent: recent.map((r: Record<string, unknown>) => ({
      ...base(r),
      overall_score: r.overall_score === null ? null : Math.round(Number(r.overall_score) * 10) / 10,
      completed_on: String(r.completed_on),
    })),
  };
}
