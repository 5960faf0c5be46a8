/**
 * ETL: run reports (/lciadmin/etlreports: every run of every tenant's integrations with status, rows and
 * errors, as integrations record them in etl_runs) and schedules (/lcisupport/adminEtlManager: enable or
 * disable a tenant integration's schedule, run it now as a pg-boss job).
 */
import { z } from 'zod';
import { notFound, type JobDef, type Kernel, type Trx } from '../../../../../kernel/index';
import { auditTenant, id } from '../shared';
import {
  failRun,
  findIntegration,
  insertManualRun,
  integrationName,
  listRuns,
  listSchedules,
  runExists,
  setRunJob,
  upsertSchedule,
} from './store';

export const ETL_REPORTS_PAGE = '/lciadmin/etlreports';
export const ETL_MANAGER_PAGE = '/lcisupport/adminEtlManager';
export const ETL_RUN_JOB = 'lci-admin.etl.run';
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

export const reportsQuery = z.object({
  tenantId: id.optional(),
  status: z.enum(RUN_STATUSES).optional(),
  integration: z.string().trim().max(60).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export const scheduleBody = z.object({
  enabled_flag: z.boolean(),
  interval_minutes: z.coerce.number().int().min(15).max(10080).optional(),
});

/** Totals of a set of runs (pure). */
function runTotals(runs: { status: string; rows_read: number; rows_written: number; error_count: number }[]) {
  const by = (s: string) => runs.filter((r) => r.status === s).length;
  return {
    runs: runs.length,
    succeeded: by('succeeded'),
    failed: by('failed'),
    running: by('running') + by('queued'),
    rows_read: runs.reduce((n, r) => n + Number(r.rows_read), 0),
    rows_written: runs.reduce((n, r) => n + Number(r.rows_written), 0),
    errors: runs.reduce((n, r) => n + Number(r.error_count), 0),
  };
}

export async function etlReports(db: Trx, q: z.output<typeof reportsQuery>) {
  const runs = await listRuns(db, q);
  return { runs, totals: runTotals(runs) };
}

export const etlSchedules = listSchedules;

async function requireIntegration(db: Trx, integrationId: number) {
  const i = await findIntegration(db, integrationId);
  if (!i) throw notFound(`Integration ${integrationId} not found`);
  return i;
}

export async function setSchedule(
  k: Kernel,
  db: Trx,
  ctx: { caller: any },
  integrationId: number,
  b: z.output<typeof scheduleBody>,
  via?: Record<string, unknown>,
) {
  const i = await requireIntegration(db, integrationId);
  await upsertSchedule(db, i.tenant_id, integrationId, b.enabled_flag, b.interval_minutes);
  await auditTenant(
    k,
    db,
    ctx,
    i.tenant_id,
    `lcisupport.etl.${b.enabled_flag ? 'enable' : 'disable'}`,
    { integration_name: i.integration_name, ...b, ...(via ?? {}) },
    String(integrationId),
  );
  return (await listSchedules(db, i.tenant_id)).find((s) => s.tenant_integration_id === integrationId);
}

/** Queues a run now: the job is sent first, then the run is recorded (a job whose run was not recorded does nothing). */
export async function runNow(
  k: Kernel,
  db: Trx,
  ctx: { caller: any },
  integrationId: number,
  via?: Record<string, unknown>,
) {
  const i = await requireIntegration(db, integrationId);
  const tenantId = i.tenant_id;
  const etlRunId = await insertManualRun(db, tenantId, integrationId);
  const jobId = await k.jobs.send(ETL_RUN_JOB, { tenantId, tenantIntegrationId: integrationId, etlRunId });
  await setRunJob(db, etlRunId, jobId);
  await auditTenant(
    k,
    db,
    ctx,
    tenantId,
    'lcisupport.etl.runNow',
    { integration_name: i.integration_name, etl_run_id: etlRunId, job_id: jobId, ...(via ?? {}) },
    String(integrationId),
  );
  return { etl_run_id: etlRunId, job_id: jobId, status: 'queued' };
}

/**
 * The run job. Integration connectors are not part of this server yet: the run is recorded as failed with
 * that reason (no rows read) instead of pretending to succeed. A connector plugin replaces this job.
 */
export const etlRunJob: JobDef<{ tenantId: number; tenantIntegrationId: number; etlRunId: number }> = {
  retryLimit: 0,
  async handler({ k, data, progress }) {
    await k.db.withTenant(data.tenantId, async (trx) => {
      if (!(await runExists(trx, data.etlRunId))) return;
      const name = await integrationName(trx, data.tenantIntegrationId);
      await failRun(
        trx,
        data.etlRunId,
        data.tenantIntegrationId,
        `No ${name ?? 'integration'} connector is installed on this server; nothing was read.`,
      );
    });
    await progress(100, 'ETL run finished');
    return { etlRunId: data.etlRunId };
  },
};
