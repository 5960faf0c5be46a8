/**
 * SQL of scheduled reports: report_schedules, report_schedule_runs (one per schedule and period: the unique key
 * (tenant_id, report_schedule_id, period_key) keeps a period from being sent twice), report_deliveries (the delivery
 * log), the saved_reports row of each run's file, and the tenant's users as recipients. Every function takes the
 * caller's transaction (tenant scope) except `dueSchedules`, which reads across tenants in the system scope.
 */
import { listMembers, type Trx } from '../../../../kernel/index';
import type { DeliveryRow, RunRow, ScheduleRow } from '../../shared/schedule-api';

type Row = Record<string, any>;
const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const day = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date)
    return `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`;
  return String(v).slice(0, 10);
};

export interface StoredRecipient {
  kind: 'contact' | 'user';
  id: number;
}

/**
 * A schedule as stored (plus its template's and company's names and its last run): the answer's fields
 * (shared/schedule-api.ts `scheduleRow`) but the frequency in words, with the template's current version, the
 * recipients as one list and the next run as a Date.
 */
export type StoredSchedule = Omit<ScheduleRow, 'frequency_text' | 'recipients' | 'next_run_at'> & {
  template_current_vers: number;
  recipients: StoredRecipient[];
  next_run_at: Date | null;
};

/** The columns a write sets. */
export type ScheduleFields = Omit<
  StoredSchedule,
  | 'report_schedule_id'
  | 'template_name'
  | 'template_current_vers'
  | 'company_name'
  | 'version'
  | 'created_at'
  | 'updated_at'
  | 'last_run'
>;

function toSchedule(r: Row): StoredSchedule {
  const recipients = (typeof r.recipients === 'string' ? JSON.parse(r.recipients) : r.recipients) ?? [];
  return {
    report_schedule_id: num(r.report_schedule_id),
    name: r.name,
    report_template_id: num(r.report_template_id),
    template_name: r.template_name ?? '',
    template_current_vers: num(r.template_current_vers ?? 1),
    vers: numOrNull(r.vers),
    tenant_company_id: num(r.tenant_company_id),
    company_name: r.company_name ?? '',
    frequency: r.frequency,
    weekday: numOrNull(r.weekday),
    month_day:
      r.month_day === null || r.month_day === undefined ? null : r.month_day === 'last' ? 'last' : num(r.month_day),
    quarter_basis: r.quarter_basis ?? null,
    review_date: day(r.review_date),
    send_time: r.send_time,
    time_zone: r.time_zone,
    recipients: (recipients as Row[]).map((x) => ({ kind: x.kind, id: num(x.id) })),
    active: !!r.active,
    next_run_at: r.next_run_at ? new Date(r.next_run_at) : null,
    version: num(r.version),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    last_run: r.last_period_key
      ? { period_key: r.last_period_key, status: r.last_status, started_at: iso(r.last_started_at) }
      : null,
  };
}

function toColumns(f: Partial<ScheduleFields>): Row {
  const out: Row = { ...f };
  if (f.recipients) out.recipients = JSON.stringify(f.recipients);
  if (f.month_day !== undefined) out.month_day = f.month_day === null ? null : String(f.month_day);
  return out;
}

function base(db: Trx) {
  const last = db('report_schedule_runs as r')
    .whereRaw('r.report_schedule_id = s.report_schedule_id')
    .orderBy('r.started_at', 'desc')
    .orderBy('r.report_schedule_run_id', 'desc')
    .limit(1);
  return db('report_schedules as s')
    .join('report_templates as t', 't.report_template_id', 's.report_template_id')
    .join('tenant_companies as c', 'c.tenant_company_id', 's.tenant_company_id')
    .select(
      's.*',
      't.name as template_name',
      't.current_vers as template_current_vers',
      'c.moniker as company_name',
      last.clone().select('r.period_key').as('last_period_key'),
      last.clone().select('r.status').as('last_status'),
      last.clone().select('r.started_at').as('last_started_at'),
    );
}

export async function selectSchedules(
  db: Trx,
  filter: { templateId?: number; companyId?: number } = {},
): Promise<StoredSchedule[]> {
  const q = base(db).orderByRaw('lower(s.name), s.report_schedule_id');
  if (filter.templateId) q.where('s.report_template_id', filter.templateId);
  if (filter.companyId) q.where('s.tenant_company_id', filter.companyId);
  return (await q).map(toSchedule);
}

export async function selectSchedule(db: Trx, scheduleId: number): Promise<StoredSchedule | null> {
  const row = await base(db).where('s.report_schedule_id', scheduleId).first();
  return row ? toSchedule(row) : null;
}

export async function insertSchedule(
  db: Trx,
  tenantId: number,
  fields: ScheduleFields,
  userId: number | null,
): Promise<number> {
  const [row] = await db('report_schedules')
    .insert({ ...toColumns(fields), tenant_id: tenantId, created_by: userId })
    .returning('report_schedule_id');
  return num(row.report_schedule_id);
}

/** Writes the fields when the version matches; answers the rows changed (0: stale or gone). */
export async function updateSchedule(
  db: Trx,
  scheduleId: number,
  version: number,
  fields: Partial<ScheduleFields>,
): Promise<number> {
  return db('report_schedules')
    .where({ report_schedule_id: scheduleId, version })
    .update({ ...toColumns(fields), version: db.raw('version + 1'), updated_at: db.fn.now() });
}

export async function deleteSchedule(db: Trx, scheduleId: number, version?: number): Promise<number> {
  const q = db('report_schedules').where({ report_schedule_id: scheduleId });
  if (version !== undefined) q.where({ version });
  return q.delete();
}

/** Moves a schedule's next run (the tick, after a run); the version is left alone (no editor conflict). */
export async function setNextRun(db: Trx, scheduleId: number, nextRunAt: Date | null): Promise<void> {
  await db('report_schedules').where({ report_schedule_id: scheduleId }).update({ next_run_at: nextRunAt });
}

/** Active schedules due by `now`, across tenants (system scope). */
export async function dueSchedules(
  system: Trx,
  now: Date,
  limit = 200,
): Promise<{ tenant_id: number; report_schedule_id: number }[]> {
  const rows = await system('report_schedules')
    .where('active', true)
    .whereNotNull('next_run_at')
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(limit)
    .select('tenant_id', 'report_schedule_id');
  return rows.map((r: Row) => ({ tenant_id: num(r.tenant_id), report_schedule_id: num(r.report_schedule_id) }));
}

/**
 * The run record of a period, unless the period has one already (then null: it was sent, or is being sent). The
 * unique key makes a second tick (or a second server) in the same period insert nothing.
 */
export async function claimRun(
  db: Trx,
  tenantId: number,
  scheduleId: number,
  periodKey: string,
  dueAt: Date,
): Promise<number | null> {
  const rows = await db('report_schedule_runs')
    .insert({ tenant_id: tenantId, report_schedule_id: scheduleId, period_key: periodKey, due_at: dueAt })
    .onConflict(['tenant_id', 'report_schedule_id', 'period_key'])
    .ignore()
    .returning('report_schedule_run_id');
  return rows.length ? num(rows[0].report_schedule_run_id) : null;
}

export async function finishRun(
  db: Trx,
  runId: number,
  fields: { status: RunRow['status']; error: string | null; saved_report_id: number | null },
): Promise<void> {
  await db('report_schedule_runs')
    .where({ report_schedule_run_id: runId })
    .update({ ...fields, finished_at: db.fn.now() });
}

export async function insertDelivery(
  db: Trx,
  tenantId: number,
  runId: number,
  d: Omit<DeliveryRow, 'report_delivery_id' | 'created_at'>,
): Promise<void> {
  await db('report_deliveries').insert({ ...d, tenant_id: tenantId, report_schedule_run_id: runId });
}

function toDelivery(r: Row): DeliveryRow {
  return {
    report_delivery_id: num(r.report_delivery_id),
    recipient_kind: r.recipient_kind,
    recipient_id: numOrNull(r.recipient_id),
    email: r.email,
    mode: r.mode,
    status: r.status,
    error: r.error ?? null,
    created_at: iso(r.created_at),
  };
}

/** A schedule's runs, newest first, each with its deliveries. */
export async function selectRuns(db: Trx, scheduleId: number, limit = 50, runId?: number): Promise<RunRow[]> {
  const q = db('report_schedule_runs').where({ report_schedule_id: scheduleId });
  if (runId) q.where({ report_schedule_run_id: runId });
  const runs = await q.orderBy('started_at', 'desc').orderBy('report_schedule_run_id', 'desc').limit(limit);
  if (!runs.length) return [];
  const deliveries = await db('report_deliveries')
    .whereIn(
      'report_schedule_run_id',
      runs.map((r: Row) => r.report_schedule_run_id),
    )
    .orderBy('report_delivery_id');
  return runs.map((r: Row) => ({
    report_schedule_run_id: num(r.report_schedule_run_id),
    period_key: r.period_key,
    manual: String(r.period_key).startsWith('manual-'),
    due_at: iso(r.due_at),
    status: r.status,
    error: r.error ?? null,
    saved_report_id: numOrNull(r.saved_report_id),
    started_at: iso(r.started_at),
    finished_at: isoOrNull(r.finished_at),
    deliveries: deliveries
      .filter((d: Row) => num(d.report_schedule_run_id) === num(r.report_schedule_run_id))
      .map(toDelivery),
  }));
}

/** Users of the caller's tenant among `ids` (row-level security keeps tenant_users to the tenant). */
export async function tenantUsers(
  db: Trx,
  ids?: readonly number[],
): Promise<{ user_id: number; name: string; email: string; active: boolean }[]> {
  const wanted = ids ? new Set(ids) : null;
  const key = (m: { user: { nameLast: string; nameFirst: string } }) =>
    [m.user.nameLast.toLowerCase(), m.user.nameFirst.toLowerCase()] as const;
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return (await listMembers(db))
    .filter((m) => !wanted || wanted.has(m.userId))
    .sort((a, b) => cmp(key(a)[0], key(b)[0]) || cmp(key(a)[1], key(b)[1]) || a.userId - b.userId)
    .map((m) => ({ user_id: m.userId, name: m.user.displayName, email: m.user.email, active: m.active }));
}

/** The template's current version, or null when the template is not the tenant's. */
export async function templateVersions(
  db: Trx,
  templateId: number,
): Promise<{ current_vers: number; versions: number[] } | null> {
  const t = await db('report_templates').where({ report_template_id: templateId }).first('current_vers');
  if (!t) return null;
  const versions = await db('report_template_versions').where({ report_template_id: templateId }).pluck('vers');
  return { current_vers: num(t.current_vers), versions: versions.map(num) };
}
