/**
 * The resync job (queue lciadmin.dataresync, data { tenantId, runId, userId }): runs the run's steps one after the
 * other, each in its own transaction in the tenant's scope, and reports progress through JobContext.progress (the
 * tenant's room and the job row) and to the support engineer who asked (their user room), and into the run row.
 * A failing step fails the run and the job (retry from the job queue page re-runs the whole run; steps are
 * recalculations, safe to repeat).
 */
import type { JobDef, Kernel } from '../../../../../kernel/index';
import { resyncStepsOf, overallPercent, resolveSteps } from './steps';
import { getRun, updateRun } from './runs';

interface ResyncJobData { tenantId: number; runId: number; userId?: number | null }

/** The run row is written in the request's transaction: wait briefly until it is visible (committed). */
async function awaitRun(k: Kernel, tenantId: number, runId: number, waitMs = 10_000) {
  const until = Date.now() + waitMs;
  for (;;) {
    const run = await k.db.withTenant(tenantId, (trx) => getRun(trx, runId), { readOnly: true });
    if (run || Date.now() > until) return run;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const resyncJob: JobDef<ResyncJobData> = {
  retryLimit: 0,
  expireInSeconds: 60 * 60,
  async handler({ id, data, k, progress }) {
    const tenantId = Number(data.tenantId);
    const runId = Number(data.runId);
    const run = await awaitRun(k, tenantId, runId);
    if (!run) return { skipped: `resync run ${runId} of tenant ${tenantId} not found` };
    const resolved = resolveSteps(resyncStepsOf(k), run.steps);
    if (!resolved.ok) {
      await updateRun(k, tenantId, runId, { state: 'failed', error: resolved.message, finished_at: new Date() });
      throw new Error(resolved.message);
    }
    const steps = resolved.steps;
    // Inside a step (its transaction open) the run row is not written: PGlite has one session. Between steps it is.
    const report = async (percent: number, message: string, row = true) => {
      await progress(percent, message);
      if (row) await updateRun(k, tenantId, runId, { progress: percent, message });
      const userId = Number(data.userId);
      if (Number.isSafeInteger(userId) && userId > 0) {
        await k.realtime.publish(`user:${userId}`, { msg_type: 'job_progress', msg: message, job: 'lciadmin.dataresync', jobId: id, percent, message, tenantId, resyncRunId: runId });
      }
    };
    await updateRun(k, tenantId, runId, { state: 'running', started_at: new Date(), job_id: id, error: null, results: JSON.stringify({}) });
    const results: Record<string, unknown> = {};
    for (const [i, step] of steps.entries()) {
      await report(overallPercent(i, steps.length, 0), `${step.description}: started`);
      try {
        results[step.name] = (await k.db.withTenant(tenantId, (trx) => step.run(trx, tenantId, (p, m) => report(overallPercent(i, steps.length, p), `${step.description}: ${m ?? `${Math.round(p)}%`}`, false)))) ?? null;
      } catch (e) {
        const message = `${step.description} failed: ${(e as Error).message}`;
        await updateRun(k, tenantId, runId, { state: 'failed', error: message, message, results: JSON.stringify(results), finished_at: new Date() });
        throw new Error(message);
      }
      await updateRun(k, tenantId, runId, { results: JSON.stringify(results) });
    }
    await report(100, `Resync finished (${steps.map((s) => s.name).join(', ')})`);
    await updateRun(k, tenantId, runId, { state: 'completed', progress: 100, finished_at: new Date() });
    return { resyncRunId: runId, tenantId, results };
  },
};
