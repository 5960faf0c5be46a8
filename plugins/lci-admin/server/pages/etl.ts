/**
 * ETL: run reports (/lciadmin/etlreports: every run of every tenant's integrations with status, rows and
 * errors, as integrations record them in etl_runs) and schedules (/lcisupport/adminEtlManager: enable or
 * disable a tenant integration's schedule, run it now as a pg-boss job).
 */
import { z } from 'zod';
import { notFound, type JobDef, type Kernel, type RouteRegistrar, type Trx } from '../../../../kernel/index';
import { auditTenant, id } from './shared';

export const ETL_REPORTS_PAGE = '/lciadmin/etlreports';
export const ETL_MANAGER_PAGE = '/lcisupport/adminEtlManager';
export const ETL_RUN_JOB = 'lci-admin.etl.run';
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

const reportsQuery = z.object({
  tenantId: id.optional(),
  status: z.enum(RUN_STATUSES).optional(),
  integration: z.string().trim().max(60).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

/** Totals of a set of runs (pure). */
export function runTotals(runs: { status: string; rows_read: number; rows_written: number; error_count: number }[]) {
  const by = (s: string) => runs.filter((r) => r.status === s).length;
  return {
    runs: runs.length, succeeded: by('succeeded'), failed: by('failed'), running: by('running') + by('queued'),
    rows_read: runs.reduce((n, r) => n + Number(r.rows_read), 0), rows_written: runs.reduce((n, r) => n + Number(r.rows_written), 0),
    errors: runs.reduce((n, r) => n + Number(r.error_count), 0),
  };
}

export async function etlReports(db: Trx, q: z.output<typeof reportsQuery>) {
  const query = db('etl_runs as r').join('tenant_integrations as i', 'i.tenant_integration_id', 'r.tenant_integration_id').join('tenants as t', 't.tenant_id', 'r.tenant_id')
    .orderBy('r.started_at', 'desc').limit(q.limit)
    .select('r.etl_run_id', 'r.tenant_id', 't.name as tenant_name', 'i.integration_name', 'r.trigger', 'r.status', 'r.started_at', 'r.finished_at', 'r.rows_read', 'r.rows_written', 'r.error_count', 'r.error_message');
  if (q.tenantId) query.where('r.tenant_id', q.tenantId);
  if (q.status) query.where('r.status', q.status);
  if (q.integration) query.where('i.integration_name', q.integration);
  const runs = (await query).map((r: any) => ({ ...r, etl_run_id: Number(r.etl_run_id), tenant_id: Number(r.tenant_id) }));
  return { runs, totals: runTotals(runs) };
}

export async function etlSchedules(db: Trx, tenantId?: number) {
  const q = db('tenant_integrations as i').join('tenants as t', 't.tenant_id', 'i.tenant_id')
    .leftJoin('etl_schedules as s', (j) => j.on('s.tenant_integration_id', 'i.tenant_integration_id').andOn('s.tenant_id', 'i.tenant_id'))
    .orderBy([{ column: 't.name' }, { column: 'i.integration_name' }])
    .select('i.tenant_integration_id', 'i.tenant_id', 't.name as tenant_name', 'i.integration_name', 'i.integration_status', 's.etl_schedule_id', 's.interval_minutes', 's.enabled_flag', 's.last_run_at', 's.next_run_at',
      db.raw(`(select r.status from etl_runs r where r.tenant_integration_id = i.tenant_integration_id order by r.started_at desc limit 1) as last_status`));
  if (tenantId) q.where('i.tenant_id', tenantId);
  return (await q).map((r: any) => ({ ...r, tenant_integration_id: Number(r.tenant_integration_id), tenant_id: Number(r.tenant_id), etl_schedule_id: r.etl_schedule_id ? Number(r.etl_schedule_id) : null, enabled_flag: r.etl_schedule_id ? !!r.enabled_flag : false }));
}

const scheduleBody = z.object({ enabled_flag: z.boolean(), interval_minutes: z.coerce.number().int().min(15).max(10080).optional() });
const integrationParams = z.object({ integrationId: id });

export async function setSchedule(k: Kernel, db: Trx, ctx: { caller: any }, integrationId: number, b: z.output<typeof scheduleBody>, via?: Record<string, unknown>) {
  const i = await db('tenant_integrations').where({ tenant_integration_id: integrationId }).first('tenant_id', 'integration_name');
  if (!i) throw notFound(`Integration ${integrationId} not found`);
  await db('etl_schedules').insert({ tenant_id: i.tenant_id, tenant_integration_id: integrationId, enabled_flag: b.enabled_flag, ...(b.interval_minutes ? { interval_minutes: b.interval_minutes } : {}) })
    .onConflict(['tenant_id', 'tenant_integration_id']).merge(['enabled_flag', ...(b.interval_minutes ? ['interval_minutes'] : [])]);
  await auditTenant(k, db, ctx, Number(i.tenant_id), `lcisupport.etl.${b.enabled_flag ? 'enable' : 'disable'}`, { integration_name: i.integration_name, ...b, ...(via ?? {}) }, String(integrationId));
  return (await etlSchedules(db, Number(i.tenant_id))).find((s) => s.tenant_integration_id === integrationId);
}

/** Queues a run now: the job is sent first, then the run is recorded (a job whose run was not recorded does nothing). */
export async function runNow(k: Kernel, db: Trx, ctx: { caller: any }, integrationId: number, via?: Record<string, unknown>) {
  const i = await db('tenant_integrations').where({ tenant_integration_id: integrationId }).first('tenant_id', 'integration_name');
  if (!i) throw notFound(`Integration ${integrationId} not found`);
  const tenantId = Number(i.tenant_id);
  const [run] = await db('etl_runs').insert({ tenant_id: tenantId, tenant_integration_id: integrationId, trigger: 'manual', status: 'queued' }).returning('etl_run_id');
  const etlRunId = Number(run.etl_run_id ?? run);
  const jobId = await k.jobs.send(ETL_RUN_JOB, { tenantId, tenantIntegrationId: integrationId, etlRunId });
  await db('etl_runs').where({ etl_run_id: etlRunId }).update({ job_id: jobId });
  await auditTenant(k, db, ctx, tenantId, 'lcisupport.etl.runNow', { integration_name: i.integration_name, etl_run_id: etlRunId, job_id: jobId, ...(via ?? {}) }, String(integrationId));
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
      const run = await trx('etl_runs').where({ etl_run_id: data.etlRunId }).first('etl_run_id');
      if (!run) return;
      const i = await trx('tenant_integrations').where({ tenant_integration_id: data.tenantIntegrationId }).first('integration_name');
      await trx('etl_runs').where({ etl_run_id: data.etlRunId }).update({
        status: 'failed', finished_at: trx.fn.now(), error_count: 1, error_message: `No ${i?.integration_name ?? 'integration'} connector is installed on this server; nothing was read.`,
      });
      await trx('etl_schedules').where({ tenant_integration_id: data.tenantIntegrationId }).update({ last_run_at: trx.fn.now() });
    });
    await progress(100, 'ETL run finished');
    return { etlRunId: data.etlRunId };
  },
};

export function etlRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get('/v3/lciadmin/etlreports', { auth: 'internal', scope: 'system', page: ETL_REPORTS_PAGE, query: reportsQuery, summary: 'ETL runs of every tenant and integration, newest first, with totals' }, async ({ db, query }) => etlReports(db, query));
  r.get('/v3/lcisupport/etlschedules', { auth: 'internal', scope: 'system', page: ETL_MANAGER_PAGE, query: z.object({ tenantId: id.optional() }), summary: 'ETL schedules per tenant integration' }, async ({ db, query }) => ({ schedules: await etlSchedules(db, query.tenantId) }));
  r.put('/v3/lcisupport/etlschedules/:integrationId', { auth: 'internal', scope: 'system', page: ETL_MANAGER_PAGE, params: integrationParams, body: scheduleBody, summary: 'Enables or disables an integration\'s ETL schedule' }, async (ctx) => ({ schedule: await setSchedule(k, ctx.db, ctx, ctx.params.integrationId, ctx.body) }));
  r.post('/v3/lcisupport/etlschedules/:integrationId/run', { auth: 'internal', scope: 'system', page: ETL_MANAGER_PAGE, params: integrationParams, summary: 'Runs an integration\'s ETL now (a pg-boss job)' }, async (ctx) => runNow(k, ctx.db, ctx, ctx.params.integrationId));
}
