/**
 * Scheduled reports: the rules of a schedule (checked recipients, its next run), the run of one period (render the
 * report, keep it in the report locker, mail each recipient with the file attached or a signed link, one delivery
 * row per recipient) and the tick that runs every due schedule across tenants. The timing rules are pure and shared
 * with the browser (shared/schedule-rules.ts).
 */
import { badRequest, conflict, notFound, type Kernel, type Trx } from '../../../../kernel/index';
import { activeContactsWithEmail, existingContactIds } from '../../../contacts/public';
import { tenantSettings } from '../../../settings/public';
import { getCompany, listCompanies } from '../../../companies/public';
import type {
  CreateScheduleBody,
  DeliveryRow,
  RunRow,
  ScheduleOptions,
  ScheduleRow,
  createScheduleBody,
  updateScheduleBody,
} from '../../shared/schedule-api';
import type { z } from 'zod';
import {
  describeFrequency,
  dueRun,
  manualPeriodKey,
  nextRunAt,
  ruleProblem,
  wallClock,
  type ScheduleRule,
} from '../../shared/schedule-rules';
import { sendReportMail } from './mail';
import { buildReportFile } from './report-file';
import {
  claimRun,
  deleteSchedule,
  dueSchedules,
  finishRun,
  insertDelivery,
  insertSchedule,
  selectRuns,
  selectSchedule,
  selectSchedules,
  setNextRun,
  templateVersions,
  tenantUsers,
  updateSchedule,
  type ScheduleFields,
  type StoredRecipient,
  type StoredSchedule,
} from './store';

/** Above this size the mail carries a signed link instead of the file. */
export const ATTACH_MAX_BYTES = 5 * 1024 * 1024;
/** How long the link in a mail works. */
export const LINK_TTL_SECONDS = 7 * 24 * 3600;
/** Why the e-mail's link outlives the storage default (minutes): the recipient opens the mail when they read it. */
export const LINK_TTL_REASON = 'a scheduled report e-mail is read days after it is sent';
export const TICK_JOB = 'reports.schedules.tick';
export const TICK_CRON = '*/5 * * * *';

export const MSG_SCHEDULE_NOT_FOUND = 'Scheduled report not found';
export const MSG_SCHEDULE_STALE =
  'This scheduled report was changed by someone else since you opened it. Reload it to see their changes.';
export const MSG_NO_RECIPIENTS = 'Choose at least one recipient';

type CreateInput = z.output<typeof createScheduleBody>;
type UpdateInput = z.output<typeof updateScheduleBody>;

// ---- pure helpers ---------------------------------------------------------------------------------------------

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

async function fiscalStart(k: Kernel, db: Trx, tenantId: number) {
  return (await tenantSettings(k, db, tenantId)).fiscalYearStartMonth;
}

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

// ---- one run --------------------------------------------------------------------------------------------------

interface Recipient {
  kind: 'contact' | 'user';
  id: number;
  name: string;
  email: string | null;
  skip: string | null;
}

/** Who gets the mail now: each recipient with an address, or the reason it is skipped. */
async function resolveRecipients(db: Trx, s: StoredSchedule): Promise<Recipient[]> {
  const { contacts, users } = splitRecipients(s.recipients);
  const active = new Map(
    (await activeContactsWithEmail(db, s.tenant_company_id)).map((c) => [Number(c.contact_id), c]),
  );
  const existing = new Set(contacts.length ? await existingContactIds(db, contacts) : []);
  const tenantUserRows = new Map((users.length ? await tenantUsers(db, users) : []).map((u) => [u.user_id, u]));
  const out: Recipient[] = [];
  for (const id of contacts) {
    const c = active.get(id);
    if (c) out.push({ kind: 'contact', id, name: c.name, email: c.email, skip: null });
    else
      out.push({
        kind: 'contact',
        id,
        name: '',
        email: null,
        skip: existing.has(id)
          ? `Contact ${id} is inactive, has no e-mail or is no longer with ${s.company_name}`
          : `Contact ${id} was deleted`,
      });
  }
  for (const id of users) {
    const u = tenantUserRows.get(id);
    if (u?.active) out.push({ kind: 'user', id, name: u.name, email: u.email, skip: null });
    else
      out.push({
        kind: 'user',
        id,
        name: u?.name ?? '',
        email: u?.email ?? null,
        skip: u ? `User ${id} is inactive` : `User ${id} is no longer a user of this account`,
      });
  }
  return out;
}

/**
 * Sends a claimed run: renders the report, keeps it in the locker, mails each recipient (attached up to
 * ATTACH_MAX_BYTES, else a signed link valid LINK_TTL_SECONDS), records a delivery per recipient and the run's
 * status. Runs in the caller's transaction (the outbox rows commit with the run record).
 */
/** Progress of a run: `done` of `total` steps (the report built, then one per recipient). */
export type RunProgress = (done: number, total: number, label: string) => void;

export async function deliverRun(
  k: Kernel,
  db: Trx,
  tenantId: number,
  s: StoredSchedule,
  runId: number,
  now: Date,
  attachMaxBytes = ATTACH_MAX_BYTES,
  onProgress?: RunProgress,
): Promise<void> {
  onProgress?.(0, 1, 'building the report');
  const w = wallClock(now, s.time_zone);
  const asOf = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  const vers = s.vers ?? s.template_current_vers;
  const file = await buildReportFile(k, db, tenantId, {
    templateId: s.report_template_id,
    vers,
    companyId: s.tenant_company_id,
    asOf,
  });
  const attach = file.bytes <= attachMaxBytes;
  const link = attach
    ? null
    : k.storage.signedUrl(file.storageKey, LINK_TTL_SECONDS, {
        fileName: file.fileName,
        reason: LINK_TTL_REASON,
      });
  const deliveries: Pick<DeliveryRow, 'status'>[] = [];
  const sentTo = new Set<string>();
  const recipients = await resolveRecipients(db, s);
  onProgress?.(1, recipients.length + 1, file.fileName);
  for (const [i, r] of recipients.entries()) {
    const base = { recipient_kind: r.kind, recipient_id: r.id, email: r.email ?? '' };
    let row: Omit<DeliveryRow, 'report_delivery_id' | 'created_at'>;
    if (r.skip || !r.email) row = { ...base, mode: 'none', status: 'skipped', error: r.skip ?? 'No e-mail address' };
    else if (sentTo.has(r.email.toLowerCase()))
      row = { ...base, mode: 'none', status: 'skipped', error: 'Already sent to this address in this run' };
    else {
      try {
        await sendReportMail(k, db, {
          to: r.email,
          subject: `${s.name}: ${s.company_name} (${asOf})`,
          text: mailText(s, r.name, asOf, file.fileName, link),
          ...(attach
            ? {
                attachment: {
                  fileName: file.fileName,
                  contentType: file.contentType,
                  storageKey: file.storageKey,
                  bytes: file.bytes,
                },
              }
            : {}),
        });
        sentTo.add(r.email.toLowerCase());
        row = { ...base, mode: attach ? 'attachment' : 'link', status: 'sent', error: null };
      } catch (e) {
        row = { ...base, mode: attach ? 'attachment' : 'link', status: 'failed', error: (e as Error).message };
      }
    }
    await insertDelivery(db, tenantId, runId, row);
    deliveries.push(row);
    onProgress?.(i + 2, recipients.length + 1, row.email || r.kind);
  }
  const status = runStatus(deliveries);
  await finishRun(db, runId, {
    status,
    error: status === 'failed' ? 'No recipient could be sent the report' : null,
    saved_report_id: file.savedReportId,
  });
}

function mailText(s: StoredSchedule, name: string, asOf: string, fileName: string, link: string | null): string {
  return [
    `Hello${name ? ` ${name}` : ''},`,
    '',
    link
      ? `The report "${s.template_name}" for ${s.company_name} (${asOf}) is ready. It is too large to attach; download it here (the link works for 7 days):`
      : `Please find attached the report "${s.template_name}" for ${s.company_name} (${asOf}): ${fileName}.`,
    ...(link ? [link] : []),
    '',
    `You receive this report through the scheduled delivery "${s.name}".`,
  ].join('\n');
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

// ---- the tick -------------------------------------------------------------------------------------------------

export interface TickResult {
  due: number;
  sent: { tenantId: number; scheduleId: number; periodKey: string; runId: number }[];
  skipped: { tenantId: number; scheduleId: number; periodKey: string }[];
  failed: { tenantId: number; scheduleId: number; error: string }[];
}

/**
 * Runs every active schedule due by `now`, across tenants: one run for the latest due period (missed periods are
 * not sent one by one), never a second for a period that has a run record, then the next run after `now`.
 */
export async function tick(k: Kernel, now = new Date(), attachMaxBytes = ATTACH_MAX_BYTES): Promise<TickResult> {
  const due = await k.db.withSystem((trx) => dueSchedules(trx, now), { readOnly: true });
  const out: TickResult = { due: due.length, sent: [], skipped: [], failed: [] };
  for (const { tenant_id: tenantId, report_schedule_id: scheduleId } of due) {
    let plan: { periodKey: string; dueAt: Date; nextRunAt: Date | null } | null = null;
    try {
      await k.db.withTenant(tenantId, async (db) => {
        const s = await selectSchedule(db, scheduleId);
        if (!s || !s.active) return;
        const r = dueRun(ruleOf(s, await fiscalStart(k, db, tenantId)), s.next_run_at, now);
        if (!r) return;
        plan = r;
        const runId = await claimRun(db, tenantId, scheduleId, r.periodKey, r.dueAt);
        await setNextRun(db, scheduleId, r.nextRunAt);
        if (!runId) {
          out.skipped.push({ tenantId, scheduleId, periodKey: r.periodKey });
          return;
        }
        await deliverRun(k, db, tenantId, s, runId, now, attachMaxBytes);
        out.sent.push({ tenantId, scheduleId, periodKey: r.periodKey, runId });
      });
    } catch (e) {
      // Nothing of the failed attempt was kept (no mail left the outbox): record the period as failed, move on.
      const error = (e as Error).message;
      k.log.warn({ err: e, tenantId, scheduleId }, 'reports: a scheduled report could not be sent');
      out.failed.push({ tenantId, scheduleId, error });
      const p = plan as { periodKey: string; dueAt: Date; nextRunAt: Date | null } | null;
      if (p)
        await k.db
          .withTenant(tenantId, async (db) => {
            const runId = await claimRun(db, tenantId, scheduleId, p.periodKey, p.dueAt);
            if (runId) await finishRun(db, runId, { status: 'failed', error, saved_report_id: null });
            await setNextRun(db, scheduleId, p.nextRunAt);
          })
          .catch((e2) => k.log.error({ err: e2, tenantId, scheduleId }, 'reports: could not record a failed run'));
    }
  }
  return out;
}
