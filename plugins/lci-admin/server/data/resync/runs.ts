/** The resync history table (lci_admin_resync_runs): create, read, and the job's progress and result writes. */
import { withTenantNames, type Kernel, type Trx } from '../../../../../kernel/index';
import type { ResyncRun } from '../../../shared/api';

export type { ResyncRun } from '../../../shared/api';

type Row = Record<string, any>;
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toRun(r: Row): ResyncRun {
  return {
    resyncRunId: Number(r.resync_run_id), tenantId: Number(r.tenant_id), tenantName: r.tenant_name ?? null, steps: r.steps ?? [],
    state: r.state, progress: Number(r.progress), message: r.message ?? null, jobId: r.job_id ?? null,
    results: typeof r.results === 'string' ? JSON.parse(r.results) : (r.results ?? {}), error: r.error ?? null,
    requestedBy: r.requested_by === null || r.requested_by === undefined ? null : Number(r.requested_by), requestedVia: r.requested_via,
    createdAt: iso(r.created_at)!, startedAt: iso(r.started_at), finishedAt: iso(r.finished_at),
  };
}


export async function createRun(db: Trx, run: { tenantId: number; steps: string[]; requestedBy: number | null; via: 'api' | 'cli' }): Promise<number> {
  const [row] = await db('lci_admin_resync_runs')
    .insert({ tenant_id: run.tenantId, steps: run.steps, requested_by: run.requestedBy, requested_via: run.via, message: 'Waiting for a worker' })
    .returning('resync_run_id');
  return Number(row.resync_run_id ?? row);
}

export async function setRunJob(db: Trx, runId: number, jobId: string): Promise<void> {
  await db('lci_admin_resync_runs').where({ resync_run_id: runId }).update({ job_id: jobId });
}

export async function getRun(db: Trx, runId: number): Promise<ResyncRun | null> {
  const r = await db('lci_admin_resync_runs').where('resync_run_id', runId).first();
  return r ? toRun((await withTenantNames(db, [r]))[0]) : null;
}

/** Recent runs, newest first (system scope: all tenants unless one is given). */
export async function listRuns(db: Trx, opts: { tenantId?: number; limit?: number } = {}): Promise<ResyncRun[]> {
  const q = db('lci_admin_resync_runs').orderBy('created_at', 'desc').orderBy('resync_run_id', 'desc').limit(Math.min(opts.limit ?? 25, 200));
  if (opts.tenantId !== undefined) q.where('tenant_id', opts.tenantId);
  return (await withTenantNames(db, await q)).map(toRun);
}

/** Updates a run from the job (its own short transaction in the run's tenant). */
export async function updateRun(k: Kernel, tenantId: number, runId: number, patch: Row): Promise<void> {
  await k.db.withTenant(tenantId, (trx) => trx('lci_admin_resync_runs').where({ resync_run_id: runId }).update(patch));
}

/**
 * A run as shown: a run still queued or running whose job was cancelled or failed outside the handler (the job
 * queue page, an expired job) shows the job's state and error.
 */
export function reconcile(run: ResyncRun, job: { state: string; error: string | null } | null): ResyncRun {
  if (run.state !== 'queued' && run.state !== 'running') return run;
  if (!job) return run;
  if (job.state === 'cancelled') return { ...run, state: 'cancelled', message: 'The job was cancelled' };
  if (job.state === 'failed') return { ...run, state: 'failed', error: run.error ?? job.error ?? 'The job failed' };
  return run;
}

/** Runs with their jobs' states applied. */
export async function presentRuns(k: Kernel, runs: ResyncRun[]): Promise<ResyncRun[]> {
  return Promise.all(runs.map(async (r) => (r.jobId && (r.state === 'queued' || r.state === 'running') ? reconcile(r, await k.jobs.find(r.jobId).catch(() => null)) : r)));
}
