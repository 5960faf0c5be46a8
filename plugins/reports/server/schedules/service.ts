/**
 * Scheduled reports, the routes' work: the rules of a schedule (checked recipients, its next run) when it is
 * created or changed, its list, runs and dialog options, its removal, and "send now". The run of one period is
 * delivery.ts, the tick that runs every due schedule tick.ts; the timing rules are pure and shared with the browser
 * (shared/schedule-rules.ts).
 */
import { badRequest, conflict, notFound, type Kernel, type Trx } from '../../../../kernel/index';
import { activeContactsWithEmail } from '../../../contacts/public';
import { tenantSettings } from '../../../settings/public';
import { getCompany, listCompanies } from '../../../companies/public';
import type {
  CreateScheduleBody,
  RunRow,
  ScheduleOptions,
  ScheduleRow,
  createScheduleBody,
  updateScheduleBody,
} from '../../shared/schedule-api';
import { MSG_NO_RECIPIENTS } from '../../shared/schedule-api';
import type { z } from 'zod';
import { manualPeriodKey, nextRunAt, ruleProblem } from '../../shared/schedule-rules';
import { ATTACH_MAX_BYTES, deliverRun, type RunProgress } from './delivery';
import { fiscalStart, ruleOf, splitRecipients, toScheduleRow } from './rows';
import {
  claimRun,
  deleteSchedule,
  insertSchedule,
  selectRuns,
  selectSchedule,
  selectSchedules,
  templateVersions,
  tenantUsers,
  updateSchedule,
  type ScheduleFields,
  type StoredRecipient,
  type StoredSchedule,
} from './store';

export const MSG_SCHEDULE_NOT_FOUND = 'Scheduled report not found';
export const MSG_SCHEDULE_STALE =
  'This scheduled report was changed by someone else since you opened it. Reload it to see their changes.';

type CreateInput = z.output<typeof createScheduleBody>;
type UpdateInput = z.output<typeof updateScheduleBody>;

const FIELD_OF: Record<string, string> = {
  frequency: 'frequency',
  weekday: 'weekday',
  monthDay: 'monthDay',
  quarterBasis: 'quarterBasis',
  reviewDate: 'reviewDate',
  sendTime: 'sendTime',
  timeZone: 'timeZone',
};

// ---- checks against the database -------------------------------------------------------------------------------

/** Checks every field of a schedule (as it will be stored) and answers its columns with the next run. */
async function checkedFields(
  k: Kernel,
  db: Trx,
  tenantId: number,
  f: Omit<ScheduleFields, 'next_run_at'>,
  now: Date,
  /** Recipients already on the schedule (same company): kept even if inactive since (skipped when sending). */
  kept: StoredRecipient[] = [],
): Promise<ScheduleFields> {
  const wasThere = (kind: StoredRecipient['kind'], id: number) => kept.some((r) => r.kind === kind && r.id === id);
  const fy = await fiscalStart(k, db, tenantId);
  const rule = ruleOf(f, fy);
  const problem = ruleProblem(rule);
  if (problem) {
    const path = `body.${FIELD_OF[problem[0]] ?? problem[0]}`;
    throw badRequest(`${path}: ${problem[1]}`, [{ path, message: problem[1] }]);
  }
  const template = await templateVersions(db, f.report_template_id);
  if (!template)
    throw badRequest('body.templateId: No such report template', [
      { path: 'body.templateId', message: 'No such report template' },
    ]);
  if (f.vers !== null && !template.versions.includes(f.vers) && f.vers !== template.current_vers)
    throw badRequest(`body.vers: The template has no version ${f.vers}`, [
      { path: 'body.vers', message: `The template has no version ${f.vers}` },
    ]);
  const company = await getCompany(db, f.tenant_company_id);
  if (!company)
    throw badRequest('body.companyId: No such company', [{ path: 'body.companyId', message: 'No such company' }]);
  const { contacts, users } = splitRecipients(f.recipients);
  if (!contacts.length && !users.length)
    throw badRequest(`body.recipients: ${MSG_NO_RECIPIENTS}`, [
      { path: 'body.recipients', message: MSG_NO_RECIPIENTS },
    ]);
  const companyContacts = new Set(
    (await activeContactsWithEmail(db, f.tenant_company_id)).map((c) => Number(c.contact_id)),
  );
  const foreignContacts = contacts.filter((id) => !companyContacts.has(id) && !wasThere('contact', id));
  if (foreignContacts.length) {
    const message = `Not active contacts with an e-mail of ${company.moniker}: ${foreignContacts.join(', ')}`;
    throw badRequest(`body.recipients.contacts: ${message}`, [{ path: 'body.recipients.contacts', message }]);
  }
  const known = new Set((await tenantUsers(db, users)).filter((u) => u.active).map((u) => u.user_id));
  const foreignUsers = users.filter((id) => !known.has(id) && !wasThere('user', id));
  if (foreignUsers.length) {
    const message = `Not active users of this account: ${foreignUsers.join(', ')}`;
    throw badRequest(`body.recipients.users: ${message}`, [{ path: 'body.recipients.users', message }]);
  }
  return { ...f, next_run_at: f.active ? nextRunAt(rule, now) : null };
}

const dedupe = (ids: number[]) => [...new Set(ids)];
const recipientsOf = (r: { contacts: number[]; users: number[] }): StoredRecipient[] => [
  ...dedupe(r.contacts).map((id) => ({ kind: 'contact' as const, id })),
  ...dedupe(r.users).map((id) => ({ kind: 'user' as const, id })),
];

async function getStored(db: Trx, scheduleId: number): Promise<StoredSchedule> {
  const s = await selectSchedule(db, scheduleId);
  if (!s) throw notFound(MSG_SCHEDULE_NOT_FOUND);
  return s;
}

// ---- the routes' work ------------------------------------------------------------------------------------------

export async function listSchedules(db: Trx, filter: { templateId?: number; companyId?: number }) {
  return (await selectSchedules(db, filter)).map(toScheduleRow);
}

export async function createSchedule(
  k: Kernel,
  db: Trx,
  tenantId: number,
  userId: number | null,
  body: CreateInput | CreateScheduleBody,
  now = new Date(),
): Promise<ScheduleRow> {
  const b = body as CreateInput;
  const timeZone = b.timeZone ?? (await tenantSettings(k, db, tenantId)).timeZone;
  const fields = await checkedFields(
    k,
    db,
    tenantId,
    {
      name: b.name,
      report_template_id: b.templateId,
      vers: b.vers ?? null,
      tenant_company_id: b.companyId,
      frequency: b.frequency,
      weekday: b.frequency === 'weekly' ? (b.weekday ?? null) : null,
      month_day: b.frequency === 'monthly' ? (b.monthDay ?? null) : null,
      quarter_basis: b.frequency === 'quarterly' ? (b.quarterBasis ?? null) : null,
      review_date: b.frequency === 'review_date' ? (b.reviewDate ?? null) : null,
      send_time: b.sendTime ?? '08:00',
      time_zone: timeZone,
      recipients: recipientsOf(b.recipients ?? { contacts: [], users: [] }),
      active: b.active ?? true,
    },
    now,
  );
  const id = await insertSchedule(db, tenantId, fields, userId);
  return toScheduleRow(await getStored(db, id));
}

export async function editSchedule(
  k: Kernel,
  db: Trx,
  tenantId: number,
  scheduleId: number,
  b: UpdateInput,
  now = new Date(),
): Promise<ScheduleRow> {
  const s = await getStored(db, scheduleId);
  if (s.version !== b.version) throw conflict(MSG_SCHEDULE_STALE);
  const frequency = b.frequency ?? s.frequency;
  const pick = <T>(v: T | undefined, old: T) => (v === undefined ? old : v);
  const fields = await checkedFields(
    k,
    db,
    tenantId,
    {
      name: pick(b.name, s.name),
      report_template_id: pick(b.templateId, s.report_template_id),
      vers: pick(b.vers, s.vers),
      tenant_company_id: pick(b.companyId, s.tenant_company_id),
      frequency,
      weekday: frequency === 'weekly' ? pick(b.weekday, s.weekday) : null,
      month_day: frequency === 'monthly' ? pick(b.monthDay, s.month_day) : null,
      quarter_basis: frequency === 'quarterly' ? pick(b.quarterBasis, s.quarter_basis) : null,
      review_date: frequency === 'review_date' ? pick(b.reviewDate, s.review_date) : null,
      send_time: pick(b.sendTime, s.send_time),
      time_zone: pick(b.timeZone, s.time_zone),
      recipients: b.recipients ? recipientsOf(b.recipients) : s.recipients,
      active: pick(b.active, s.active),
    },
    now,
    pick(b.companyId, s.tenant_company_id) === s.tenant_company_id ? s.recipients : [],
  );
  if (!(await updateSchedule(db, scheduleId, b.version, fields))) throw conflict(MSG_SCHEDULE_STALE);
  return toScheduleRow(await getStored(db, scheduleId));
}

export async function removeSchedule(db: Trx, scheduleId: number, version?: number): Promise<void> {
  const s = await getStored(db, scheduleId);
  if (version !== undefined && s.version !== version) throw conflict(MSG_SCHEDULE_STALE);
  if (!(await deleteSchedule(db, scheduleId, version))) throw conflict(MSG_SCHEDULE_STALE);
}

export async function scheduleRuns(db: Trx, scheduleId: number, limit: number): Promise<RunRow[]> {
  await getStored(db, scheduleId);
  return selectRuns(db, scheduleId, limit);
}

export async function scheduleOptions(
  k: Kernel,
  db: Trx,
  tenantId: number,
  companyId?: number,
): Promise<ScheduleOptions> {
  const settings = await tenantSettings(k, db, tenantId);
  const companies = (await listCompanies(db, { activeOnly: true })).map((c) => ({
    tenant_company_id: Number(c.tenant_company_id),
    name: c.moniker,
  }));
  const contacts = companyId
    ? (await activeContactsWithEmail(db, companyId)).map((c) => ({
        contact_id: Number(c.contact_id),
        name: c.name || c.email!,
        email: c.email!,
      }))
    : [];
  const users = (await tenantUsers(db))
    .filter((u) => u.active)
    .map((u) => ({ user_id: u.user_id, name: u.name, email: u.email }));
  return {
    companies,
    contacts,
    users,
    timeZone: settings.timeZone,
    fiscalYearStartMonth: settings.fiscalYearStartMonth,
  };
}

/** "Send now": a run recorded under its own manual period, in the caller's transaction. */
export async function runNow(
  k: Kernel,
  db: Trx,
  tenantId: number,
  scheduleId: number,
  now = new Date(),
  onProgress?: RunProgress,
): Promise<RunRow> {
  const s = await getStored(db, scheduleId);
  const runId = await claimRun(db, tenantId, scheduleId, manualPeriodKey(now), now);
  if (!runId) throw conflict('This report is being sent right now');
  await deliverRun(k, db, tenantId, s, runId, now, ATTACH_MAX_BYTES, onProgress);
  const [run] = await selectRuns(db, scheduleId, 1, runId);
  return run;
}
