/**
 * The scheduledReports API (customer-success.md 7; the shapes are this plugin's design, see README.md "Schedules"):
 * zod schemas of every schedule route's request and response, under /v3/tenant/:tenantId/scheduledReports. The
 * server validates with them and the workspace infers its types from them. Pure: imports zod and shared rules only.
 */
import { z } from 'zod';
import { FREQUENCIES, QUARTER_BASES, isDay, isSendTime } from './schedule-rules';

const id = z.coerce.number().int().positive();
const int = z.number().int();

export const scheduleTenantParams = z.object({ tenantId: id });
export const scheduleParams = scheduleTenantParams.extend({ scheduleId: id });

export const schedulePaths = {
  list: (tenantId: number) => `/v3/tenant/${tenantId}/scheduledReports`,
  options: (tenantId: number, companyId?: number) =>
    `/v3/tenant/${tenantId}/scheduledReports/options${companyId ? `?companyId=${companyId}` : ''}`,
  one: (tenantId: number, scheduleId: number) => `/v3/tenant/${tenantId}/scheduledReports/${scheduleId}`,
  runs: (tenantId: number, scheduleId: number) => `/v3/tenant/${tenantId}/scheduledReports/${scheduleId}/runs`,
  run: (tenantId: number, scheduleId: number) => `/v3/tenant/${tenantId}/scheduledReports/${scheduleId}/run`,
};

export const MSG_NO_RECIPIENTS = 'Choose at least one recipient';
export const MSG_CHOOSE_COMPANY = 'Choose a company';

/** Who receives a schedule's report: client contacts of the schedule's company and users of the tenant. */
export const scheduleRecipients = z.object({
  /** contact ids of the schedule's company (contacts plugin). */
  contacts: z.array(int.positive()).max(200, 'At most 200 contacts').default([]),
  /** user ids (user_id) of users of the tenant. */
  users: z.array(int.positive()).max(200, 'At most 200 users').default([]),
});

const fields = {
  name: z.string().trim().min(1, 'Enter a name').max(200, 'Max 200 characters'),
  templateId: int.positive(),
  /** The template version to send; null: the template's current version at each run. */
  vers: int.positive().nullable(),
  companyId: int.positive(MSG_CHOOSE_COMPANY),
  frequency: z.enum(FREQUENCIES, { message: `Must be one of ${FREQUENCIES.join(', ')}` }),
  /** weekly: 0 (Sunday) to 6 (Saturday). */
  weekday: int.min(0, 'Choose the day of the week').max(6, 'Choose the day of the week').nullable(),
  /** monthly: 1 to 28, or 'last'. */
  monthDay: z
    .union([int.min(1).max(28), z.literal('last')], { message: 'Choose a day from 1 to 28, or last' })
    .nullable(),
  /** quarterly: calendar quarters or the tenant's fiscal quarters. */
  quarterBasis: z.enum(QUARTER_BASES, { message: 'Choose calendar or fiscal quarters' }).nullable(),
  /** review_date: YYYY-MM-DD. */
  reviewDate: z.string().refine(isDay, 'Enter a date as YYYY-MM-DD').nullable(),
  /** HH:MM, 24-hour, in timeZone. */
  sendTime: z.string().refine(isSendTime, 'Enter the time as HH:MM (24-hour), e.g. 08:00'),
  /** IANA time zone; omitted on create: the tenant's (Account Settings). */
  timeZone: z.string().min(1).max(64),
  recipients: scheduleRecipients,
  active: z.boolean(),
};

/** POST scheduledReports. */
export const createScheduleBody = z.object({
  ...fields,
  vers: fields.vers.default(null),
  weekday: fields.weekday.optional(),
  monthDay: fields.monthDay.optional(),
  quarterBasis: fields.quarterBasis.optional(),
  reviewDate: fields.reviewDate.optional(),
  sendTime: fields.sendTime.default('08:00'),
  timeZone: fields.timeZone.optional(),
  active: fields.active.default(true),
});
export type CreateScheduleBody = z.input<typeof createScheduleBody>;

/** PUT scheduledReports/{id}: the fields to change and the version read (a stale one answers 409). */
export const updateScheduleBody = z.object(fields).partial().extend({ version: int.positive() });
export type UpdateScheduleBody = z.input<typeof updateScheduleBody>;

export const deleteScheduleQuery = z.object({ version: z.coerce.number().int().positive().optional() });

export const RUN_STATUSES = ['running', 'sent', 'partial', 'failed'] as const;
export const DELIVERY_STATUSES = ['sent', 'failed', 'skipped'] as const;
export const DELIVERY_MODES = ['attachment', 'link', 'none'] as const;

export const lastRunRow = z.object({
  period_key: z.string(),
  status: z.enum(RUN_STATUSES),
  started_at: z.string(),
});

export const scheduleRow = z.object({
  report_schedule_id: int.positive(),
  name: z.string(),
  report_template_id: int.positive(),
  template_name: z.string(),
  vers: int.nullable(),
  tenant_company_id: int.positive(),
  company_name: z.string(),
  frequency: z.enum(FREQUENCIES),
  weekday: int.nullable(),
  month_day: z.union([int, z.literal('last')]).nullable(),
  quarter_basis: z.enum(QUARTER_BASES).nullable(),
  review_date: z.string().nullable(),
  send_time: z.string(),
  time_zone: z.string(),
  /** The frequency in words ('Weekly on Monday'). */
  frequency_text: z.string(),
  recipients: z.object({ contacts: z.array(int), users: z.array(int) }),
  active: z.boolean(),
  /** null: runs no more (a past review date) or inactive. */
  next_run_at: z.string().nullable(),
  last_run: lastRunRow.nullable(),
  version: int.positive(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ScheduleRow = z.infer<typeof scheduleRow>;

export const scheduleListAnswer = z.object({ schedules: z.array(scheduleRow) });
export const scheduleListQuery = z.object({
  templateId: id.optional(),
  companyId: id.optional(),
});
export const scheduleWriteAnswer = z.object({ schedule: scheduleRow, records_updated: z.literal(1) });
export const scheduleDeleteAnswer = z.object({ records_updated: z.literal(1), report_schedule_id: int.positive() });

export const deliveryRow = z.object({
  report_delivery_id: int.positive(),
  recipient_kind: z.enum(['contact', 'user']),
  recipient_id: int.nullable(),
  email: z.string(),
  mode: z.enum(DELIVERY_MODES),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;

export const runRow = z.object({
  report_schedule_run_id: int.positive(),
  period_key: z.string(),
  /** A run started by hand ("send now"). */
  manual: z.boolean(),
  due_at: z.string(),
  status: z.enum(RUN_STATUSES),
  error: z.string().nullable(),
  saved_report_id: int.nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  deliveries: z.array(deliveryRow),
});
export type RunRow = z.infer<typeof runRow>;

export const runsAnswer = z.object({ runs: z.array(runRow) });
export const runsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const runNowAnswer = z.object({ run: runRow });

/** GET scheduledReports/options?companyId=: what the schedule dialog offers. */
export const optionsQuery = z.object({ companyId: id.optional() });
export const optionsAnswer = z.object({
  companies: z.array(z.object({ tenant_company_id: int.positive(), name: z.string() })),
  /** The company's active contacts with an e-mail (empty without companyId). */
  contacts: z.array(z.object({ contact_id: int.positive(), name: z.string(), email: z.string() })),
  users: z.array(z.object({ user_id: int.positive(), name: z.string(), email: z.string() })),
  /** The tenant's time zone and fiscal year start (Account Settings): defaults of a new schedule. */
  timeZone: z.string(),
  fiscalYearStartMonth: int.min(1).max(12),
});
export type ScheduleOptions = z.infer<typeof optionsAnswer>;
