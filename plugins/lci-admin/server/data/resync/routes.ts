/**
 * Data resync API (internal): the steps plugins offer, start a resync of a tenant (a pg-boss job), the history of
 * recent resyncs with their progress.
 */
import { badRequest, notFound, reply, type Kernel, type RouteRegistrar } from '../../../../../kernel/index';
import { resyncRun, resyncRunParams, resyncRuns, resyncRunsQuery, resyncStartBody, resyncSteps } from '../../../shared/api';
import { API_RESYNC, RESYNC_JOB } from '../paths';
import { findTenant } from '../tenants';
import { createRun, getRun, listRuns, presentRuns, setRunJob } from './runs';
import { resyncStepsOf, resolveSteps } from './steps';

export function resyncRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(`${API_RESYNC}/steps`, {
    summary: 'The resync steps the plugins offer', tags: ['lci-admin'], auth: 'internal', scope: 'system', response: resyncSteps,
  }, () => resyncStepsOf(k).map((s) => ({ name: s.name, description: s.description, owner: s.owner })));

  r.get(`${API_RESYNC}/runs`, {
    summary: 'Recent data resyncs (all tenants or one), newest first', tags: ['lci-admin'], auth: 'internal', scope: 'system', query: resyncRunsQuery, response: resyncRuns,
  }, async ({ db, query }) => presentRuns(k, await listRuns(db, { tenantId: query.tenantId, limit: query.limit })));

  r.get(`${API_RESYNC}/runs/:resyncRunId`, {
    summary: 'One data resync with its progress', tags: ['lci-admin'], auth: 'internal', scope: 'system', params: resyncRunParams, response: resyncRun,
  }, async ({ db, params }) => {
    const run = await getRun(db, params.resyncRunId);
    if (!run) throw notFound(`No resync ${params.resyncRunId}`);
    return (await presentRuns(k, [run]))[0];
  });

  r.post(API_RESYNC, {
    summary: 'Start a data resync of a tenant: the chosen steps (or all) as one pg-boss job', tags: ['lci-admin'],
    auth: 'internal', scope: 'system', body: resyncStartBody, response: resyncRun,
  }, async ({ db, body, caller, audit }) => {
    const resolved = resolveSteps(resyncStepsOf(k), body.what);
    if (!resolved.ok) throw badRequest(resolved.message, [{ path: 'body.what', message: resolved.message }]);
    const tenant = await findTenant(db, body.tenantId);
    if (!tenant) throw badRequest(`Tenant ${body.tenantId} not found`, [{ path: 'body.tenantId', message: 'no such tenant' }]);
    const steps = resolved.steps.map((s) => s.name);
    const runId = await createRun(db, { tenantId: tenant.tenantId, steps, requestedBy: caller?.userId ?? null, via: 'api' });
    const jobId = await k.jobs.send(RESYNC_JOB, { tenantId: tenant.tenantId, runId, userId: caller?.userId ?? null });
    if (jobId) await setRunJob(db, runId, jobId);
    await audit('lcisupport.dataresync', { tenantId: tenant.tenantId, tenantName: tenant.name, steps, resyncRunId: runId, jobId }, `tenant:${tenant.tenantId}`);
    return reply(202, await getRun(db, runId));
  });
}
