/**
 * The lci-admin API of the summary, audit, maintenance and support data pages as zod schemas: the routes parse their
 * requests and declare their replies with them (replies are checked in tests, OpenAPI shows both), the server's row
 * types and the workspace's answer types are inferred from them. Replies as the client parses them: timestamps are
 * ISO text. No Node or browser dependencies.
 */
import { z } from 'zod';

const int = z.number().int();
const count = int.nonnegative();
const iso = z.iso.datetime();
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const noBody = z.object({}).strict();

// Maintenance mode (GET/PUT /v3/lcisupport/maintenance)
export const MAINTENANCE_MESSAGE_MAX = 500;
export const maintenanceBody = z.object({
  on: z.boolean(),
  message: z.string().trim().max(MAINTENANCE_MESSAGE_MAX, `at most ${MAINTENANCE_MESSAGE_MAX} characters`).default(''),
});
const maintenanceState = z.object({ on: z.boolean(), message: z.string(), since: z.string().optional() });
export const maintenanceAnswer = z.object({ maintenance: maintenanceState });
export const maintenanceChangeAnswer = z.object({ maintenance: maintenanceState, changed: z.boolean() });
export type MaintenanceState = z.infer<typeof maintenanceState>;

// Admin summary (GET /v3/lciadmin/summary)
const tenantSummary = z.object({
  tenantId: int,
  name: z.string(),
  created: iso,
  active: z.boolean(),
  /** The billing plugin's status (e.g. active, trialing), 'none' without one, or 'n/a' when no plugin provides one. */
  subscriptionStatus: z.string(),
  /** null when no plugin keeps companies. */
  activeCompanies: count.nullable(),
  users: count,
  lastActivity: iso.nullable(),
});
const summaryTotals = z.object({
  tenants: count,
  activeTenants: count,
  activeCompanies: count.nullable(),
  users: count,
  activeLast30Days: count,
});
/** Jobs per state ('created', 'failed', ...). */
const stateCounts = z.record(z.string(), count);
const queueHealth = z.object({ queue: z.string(), counts: stateCounts, failedLast24h: count });
const jobHealth = z.object({
  queues: z.array(queueHealth),
  byState: stateCounts,
  failedLast24h: count,
  available: z.boolean(),
  note: z.string().optional(),
});
export const adminSummary = z.object({
  tenants: z.array(tenantSummary),
  totals: summaryTotals,
  jobs: jobHealth,
  generatedAt: iso,
});
export type TenantSummary = z.infer<typeof tenantSummary>;
export type SummaryTotals = z.infer<typeof summaryTotals>;
export type JobHealth = z.infer<typeof jobHealth>;
export type AdminSummary = z.infer<typeof adminSummary>;

// Audit log (GET /v3/lciadmin/audit)
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE_MAX = 500;
const dateText = z
  .string()
  .trim()
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
    'must be a date YYYY-MM-DD or an ISO timestamp',
  );

/** A date-only `until` includes that whole day. */
export function untilBound(until: string): Date {
  const d = new Date(until);
  return /^\d{4}-\d{2}-\d{2}$/.test(until) ? new Date(d.getTime() + 86_400_000) : d;
}

export const auditQuery = z
  .object({
    tenantId: z.coerce.number().int().nonnegative().optional(),
    action: z.string().trim().min(1).max(200).optional(),
    text: z.string().trim().min(1).max(200).optional(),
    since: dateText.optional(),
    until: dateText.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(AUDIT_PAGE_SIZE),
  })
  .refine((q) => !q.since || !q.until || Date.parse(q.since) <= untilBound(q.until).getTime(), {
    message: 'must not be before since',
    path: ['until'],
  });
export type AuditQuery = z.output<typeof auditQuery>;

const auditRow = z.object({
  auditId: int,
  at: iso,
  tenantId: int,
  tenantName: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  actorUserId: int.nullable(),
  actor: z.string().nullable(),
  impersonatorUserId: int.nullable(),
  impersonator: z.string().nullable(),
  /** Open-ended: each action writes its own details. */
  details: z.record(z.string(), z.unknown()),
});
export const auditPage = z.object({
  entries: z.array(auditRow),
  total: count,
  page: int.positive(),
  pageSize: int.positive(),
});
export type AuditRow = z.infer<typeof auditRow>;
export type AuditPage = z.infer<typeof auditPage>;

// Support data pages: tenants to pick from (GET /v3/lcisupport/data/tenants)
const tenantIdSchema = id;
export const tenantsQuery = z.object({});
const tenantChoice = z.object({ tenantId: int, name: z.string(), activeFlag: z.boolean(), createdAt: iso });
export const tenantChoices = z.array(tenantChoice);
export type TenantChoice = z.infer<typeof tenantChoice>;

// Data resync (/v3/lcisupport/dataresync)
export const resyncStartBody = z.object({
  tenantId: tenantIdSchema,
  what: z.array(z.string().trim().min(1).max(40)).min(1).max(20),
});
export const resyncRunsQuery = z.object({
  tenantId: tenantIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(25),
});
export const resyncRunParams = z.object({ resyncRunId: id });

const resyncStepInfo = z.object({ name: z.string(), description: z.string(), owner: z.string() });
export const resyncSteps = z.array(resyncStepInfo);
const RUN_STATES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export const resyncRun = z.object({
  resyncRunId: int,
  tenantId: int,
  tenantName: z.string().nullable(),
  steps: z.array(z.string()),
  state: z.enum(RUN_STATES),
  progress: int.min(0).max(100),
  message: z.string().nullable(),
  jobId: z.string().nullable(),
  /** Open-ended: what each step returned, by step name (each plugin's step answers its own shape). */
  results: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  requestedBy: int.nullable(),
  requestedVia: z.enum(['api', 'cli']),
  createdAt: iso,
  startedAt: iso.nullable(),
  finishedAt: iso.nullable(),
});
export const resyncRuns = z.array(resyncRun);
export type ResyncStepInfo = z.infer<typeof resyncStepInfo>;
export type ResyncRun = z.infer<typeof resyncRun>;

// Delete tenant data (/v3/lcisupport/deleteTenantData/:targetTenantId). Not ":tenantId": the kernel reads that
// parameter as the caller's own tenant.
export const deleteParams = z.object({ targetTenantId: tenantIdSchema });
export const deleteBody = z.object({ confirm: z.string().max(500) });
export const exportBody = noBody;

const tableRows = z.object({ table: z.string(), rows: count });
const planUser = z.object({ userId: int, username: z.string(), otherTenants: count });
export const deletionPlan = z.object({
  tenantId: int,
  name: z.string(),
  tables: z.array(tableRows),
  totalRows: count,
  /** Users whose only tenant this is: removed (their sign-in goes with the tenant). */
  usersRemoved: z.array(planUser),
  /** Users who belong to other tenants too: only their membership here goes. */
  usersKept: z.array(planUser),
  /** Reasons the deletion is refused; empty when it may go ahead. */
  blockers: z.array(z.string()),
});
export const tenantExport = z.object({
  key: z.string(),
  path: z.string(),
  url: z.string(),
  rows: count,
  bytes: count,
  createdAt: iso,
  /** Rows per tenant table in the file (the users excluded), as verified by reading it back. */
  tables: z.record(z.string(), count),
  /** SHA-256 of the stored (compressed) file. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
const userRef = z.object({ userId: int, username: z.string() });
export const deletionResult = z.object({
  tenantId: int,
  name: z.string(),
  deleted: z.array(tableRows),
  totalRows: count,
  usersRemoved: z.array(userRef),
  usersKept: z.array(userRef),
  export: tenantExport,
});
export type PlanUser = z.infer<typeof planUser>;
export type DeletionPlan = z.infer<typeof deletionPlan>;
export type TenantExport = z.infer<typeof tenantExport>;
export type DeletionResult = z.infer<typeof deletionResult>;

// Job queue stats (/v3/lcisupport/jobQueueStats)
/** pg-boss job states. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const jobStatsQuery = z.object({
  queue: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.\-/]{0,99}$/, 'must be a queue name')
    .optional(),
  state: z.enum(JOB_STATES).default('failed'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const jobParams = z.object({ jobId: z.string().regex(JOB_ID, 'must be a job id (uuid)') });
export const jobActionBody = noBody;

export const jobInfo = z.object({
  id: z.string().regex(JOB_ID),
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Open-ended: the payload and result of whichever job it is. */
  data: z.unknown(),
  output: z.unknown(),
  error: z.string().nullable(),
  createdOn: iso,
  startedOn: iso.nullable(),
  completedOn: iso.nullable(),
  retryCount: count,
});
export const queueStats = z.object({
  queues: z.array(z.object({ queue: z.string(), counts: stateCounts })),
  state: z.enum(JOB_STATES).nullable(),
  jobs: z.array(jobInfo),
});
export type JobInfo = z.infer<typeof jobInfo>;
export type QueueStats = z.infer<typeof queueStats>;
