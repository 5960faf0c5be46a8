/** SQL of ETL runs (etl_runs), schedules (etl_schedules) and the integrations they belong to (system or tenant scope). */
import { listTenants, withTenantNames, type Trx } from '../../../../../kernel/index';

interface RunFilter {
  tenantId?: number;
  status?: string;
  integration?: string;
  limit: number;
}

/** Runs of every tenant, newest first, with the tenant's name and the integration's. */
export async function listRuns(db: Trx, f: RunFilter): Promise<any[]> {
  const query = db('etl_runs as r')
    .join('tenant_integrations as i', 'i.tenant_integration_id', 'r.tenant_integration_id')
    .orderBy('r.started_at', 'desc')
    .limit(f.limit)
    .select(
      'r.etl_run_id',
      'r.tenant_id',
      'i.integration_name',
      'r.trigger',
      'r.status',
      'r.started_at',
      'r.finished_at',
      'r.rows_read',
      'r.rows_written',
      'r.error_count',
      'r.error_message',
    );
  if (f.tenantId) query.where('r.tenant_id', f.tenantId);
  if (f.status) query.where('r.status', f.status);
  if (f.integration) query.where('i.integration_name', f.integration);
  return (await withTenantNames(db, await query)).map((r: any) => ({
    ...r,
    etl_run_id: Number(r.etl_run_id),
    tenant_id: Number(r.tenant_id),
  }));
}

/** Every tenant integration (of one tenant) with its schedule (none: disabled) and its last run's status. */
export async function listSchedules(db: Trx, tenantId?: number): Promise<any[]> {
  const q = db('tenant_integrations as i')
    .leftJoin('etl_schedules as s', (j) =>
      j.on('s.tenant_integration_id', 'i.tenant_integration_id').andOn('s.tenant_id', 'i.tenant_id'),
    )
    .orderBy([{ column: 'i.integration_name' }, { column: 'i.tenant_integration_id' }])
    .select(
      'i.tenant_integration_id',
      'i.tenant_id',
      'i.integration_name',
      'i.integration_status',
      's.etl_schedule_id',
      's.interval_minutes',
      's.enabled_flag',
      's.last_run_at',
      's.next_run_at',
      db.raw(
        `(select r.status from etl_runs r where r.tenant_integration_id = i.tenant_integration_id order by r.started_at desc limit 1) as last_status`,
      ),
    );
  if (tenantId) q.where('i.tenant_id', tenantId);
  const rows = await q;
  // By tenant name (the database's order of names), then integration name.
  const tenants = await listTenants(db, { ids: rows.map((r: any) => Number(r.tenant_id)), orderBy: 'name' });
  const rank = new Map(tenants.map((t, i) => [t.tenantId, { i, name: t.name }]));
  return rows
    .filter((r: any) => rank.has(Number(r.tenant_id)))
    .sort((a: any, b: any) => rank.get(Number(a.tenant_id))!.i - rank.get(Number(b.tenant_id))!.i)
    .map((r: any) => ({
      ...r,
      tenant_name: rank.get(Number(r.tenant_id))!.name,
      tenant_integration_id: Number(r.tenant_integration_id),
      tenant_id: Number(r.tenant_id),
      etl_schedule_id: r.etl_schedule_id ? Number(r.etl_schedule_id) : null,
      enabled_flag: r.etl_schedule_id ? !!r.enabled_flag : false,
    }));
}

export async function findIntegration(
  db: Trx,
  integrationId: number,
): Promise<{ tenant_id: number; integration_name: string } | null> {
  const i = await db('tenant_integrations')
    .where({ tenant_integration_id: integrationId })
    .first('tenant_id', 'integration_name');
  return i ? { tenant_id: Number(i.tenant_id), integration_name: i.integration_name } : null;
}

/** Creates or changes an integration's schedule (the interval only when given). */
export async function upsertSchedule(
  db: Trx,
  tenantId: number,
  integrationId: number,
  enabled: boolean,
  intervalMinutes?: number,
): Promise<void> {
  await db('etl_schedules')
    .insert({
      tenant_id: tenantId,
      tenant_integration_id: integrationId,
      enabled_flag: enabled,
      ...(intervalMinutes ? { interval_minutes: intervalMinutes } : {}),
    })
    .onConflict(['tenant_id', 'tenant_integration_id'])
    .merge(['enabled_flag', ...(intervalMinutes ? ['interval_minutes'] : [])]);
}

/** Records a queued manual run; returns its id. */
export async function insertManualRun(db: Trx, tenantId: number, integrationId: number): Promise<number> {
  const [run] = await db('etl_runs')
    .insert({ tenant_id: tenantId, tenant_integration_id: integrationId, trigger: 'manual', status: 'queued' })
    .returning('etl_run_id');
  return Number(run.etl_run_id ?? run);
}

export async function setRunJob(db: Trx, etlRunId: number, jobId: string | null): Promise<void> {
  await db('etl_runs').where({ etl_run_id: etlRunId }).update({ job_id: jobId });
}

export async function runExists(db: Trx, etlRunId: number): Promise<boolean> {
  return !!(await db('etl_runs').where({ etl_run_id: etlRunId }).first('etl_run_id'));
}

export async function integrationName(db: Trx, integrationId: number): Promise<string | null> {
  return (
    (await db('tenant_integrations').where({ tenant_integration_id: integrationId }).first('integration_name'))
      ?.integration_name ?? null
  );
}

/** Ends a run as failed with its message, and stamps the integration's schedule as run now. */
export async function failRun(db: Trx, etlRunId: number, integrationId: number, message: string): Promise<void> {
  await db('etl_runs')
    .where({ etl_run_id: etlRunId })
    .update({ status: 'failed', finished_at: db.fn.now(), error_count: 1, error_message: message });
  await db('etl_schedules').where({ tenant_integration_id: integrationId }).update({ last_run_at: db.fn.now() });
}
