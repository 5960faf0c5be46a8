/**
 * Between a stored schedule and the API: its timing rule (with the tenant's fiscal year start), its recipients as the
 * API lists them, its row, and a run's status from its deliveries. Shared by the CRUD (service.ts), the delivery of
 * a run (delivery.ts) and the tick (tick.ts).
 */
import type { Kernel, Trx } from '../../../../kernel/index';
import { tenantSettings } from '../../../settings/public';
import type { DeliveryRow, RunRow, ScheduleRow } from '../../shared/schedule-api';
import { describeFrequency, type ScheduleRule } from '../../shared/schedule-rules';
import type { ScheduleFields, StoredRecipient, StoredSchedule } from './store';

export function ruleOf(
  s: Pick<
    ScheduleFields,
    'frequency' | 'weekday' | 'month_day' | 'quarter_basis' | 'review_date' | 'send_time' | 'time_zone'
  >,
  fiscalYearStartMonth: number,
): ScheduleRule {
  return {
    frequency: s.frequency,
    weekday: s.weekday,
    monthDay: s.month_day,
    quarterBasis: s.quarter_basis,
    reviewDate: s.review_date,
    sendTime: s.send_time,
    timeZone: s.time_zone,
    fiscalYearStartMonth,
  };
}

export function splitRecipients(list: StoredRecipient[]): { contacts: number[]; users: number[] } {
  return {
    contacts: list.filter((r) => r.kind === 'contact').map((r) => r.id),
    users: list.filter((r) => r.kind === 'user').map((r) => r.id),
  };
}

export function toScheduleRow(s: StoredSchedule): ScheduleRow {
  return {
    report_schedule_id: s.report_schedule_id,
    name: s.name,
    report_template_id: s.report_template_id,
    template_name: s.template_name,
    vers: s.vers,
    tenant_company_id: s.tenant_company_id,
    company_name: s.company_name,
    frequency: s.frequency,
    weekday: s.weekday,
    month_day: s.month_day,
    quarter_basis: s.quarter_basis,
    review_date: s.review_date,
    send_time: s.send_time,
    time_zone: s.time_zone,
    frequency_text: describeFrequency({
      frequency: s.frequency,
      weekday: s.weekday,
      monthDay: s.month_day,
      quarterBasis: s.quarter_basis,
      reviewDate: s.review_date,
    }),
    recipients: splitRecipients(s.recipients),
    active: s.active,
    next_run_at: s.active && s.next_run_at ? s.next_run_at.toISOString() : null,
    last_run: s.last_run,
    version: s.version,
    created_at: s.created_at,
    updated_at: s.updated_at,
  };
}

/** A run's overall status from its deliveries: all sent, some sent, none sent. */
export function runStatus(deliveries: Pick<DeliveryRow, 'status'>[]): RunRow['status'] {
  const sent = deliveries.filter((d) => d.status === 'sent').length;
  if (sent && sent === deliveries.length) return 'sent';
  return sent ? 'partial' : 'failed';
}

/** The tenant's fiscal year start month (Account Settings), which quarterly rules count from. */
export async function fiscalStart(k: Kernel, db: Trx, tenantId: number) {
  return (await tenantSettings(k, db, tenantId)).fiscalYearStartMonth;
}
