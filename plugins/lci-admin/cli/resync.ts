/**
 * `lci admin resync --tenant N [--what segments,scores|all] [--no-wait] [--json]`: queues a data resync of a tenant
 * as a pg-boss job and follows it to the end with a progress bar (on a terminal; progress lines on stderr
 * otherwise). When no server works the queue (the embedded database, or a server with LCI_JOBS=false), this
 * command works the queued resync jobs itself while it waits.
 */
import type { Command } from 'commander';
import type { Kernel } from '../../../kernel/index';
import { operatorName } from '../../../cli/sdk';
import { CliError } from '../../../cli/sdk';
import { printJson, write } from '../../../cli/sdk';
import { progressBar } from '../../../cli/sdk';
import { commaList, positiveInt } from './args';
import { RESYNC_JOB } from '../server/data/paths';
import { findTenant } from '../server/data/tenants';
import { createRun, getRun, presentRuns, setRunJob, type ResyncRun } from '../server/data/resync/runs';
import { ALL_STEPS, resyncStepsOf, resolveSteps } from '../server/data/resync/steps';

const FINAL = new Set(['completed', 'failed', 'cancelled']);
/** How long a queued job may wait for a server's worker before this command works it itself. */
const WORKER_GRACE_MS = 1500;

async function follow(
  k: Kernel,
  jobId: string,
  onProgress: (percent: number, message: string | null) => void,
): Promise<void> {
  const queuedAt = Date.now();
  let working: Promise<unknown> | null = null;
  for (;;) {
    const job = await k.jobs.find(jobId);
    if (!job || FINAL.has(job.state)) break;
    const out = job.output as { progress?: unknown; message?: unknown } | null;
    if (typeof out?.progress === 'number')
      onProgress(out.progress, typeof out.message === 'string' ? out.message : null);
    if ((job.state === 'created' || job.state === 'retry') && !working && Date.now() - queuedAt > WORKER_GRACE_MS) {
      working = k.jobs
        .workNext(RESYNC_JOB)
        .catch(() => false)
        .finally(() => {
          working = null;
        });
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (working) await working;
}

export function resyncCli(admin: Command, kernel: () => Promise<Kernel>): void {
  admin
    .command('resync')
    .description("re-run a tenant's data synchronisation and recalculation jobs (progress bar until done)")
    .requiredOption('--tenant <id>', 'tenant id', positiveInt)
    .option('--what <steps>', `comma-separated steps, or ${ALL_STEPS} (default ${ALL_STEPS})`, commaList)
    .option('--no-wait', 'queue the job and return at once')
    .option('--json', 'print JSON')
    .action(async (opts: { tenant: number; what?: string[]; wait: boolean; json?: boolean }) => {
      const k = await kernel();
      const resolved = resolveSteps(resyncStepsOf(k), opts.what ?? [ALL_STEPS]);
      if (!resolved.ok) throw new CliError(resolved.message);
      const steps = resolved.steps.map((s) => s.name);
      const runId = await k.db.withSystem(async (db) => {
        const tenant = await findTenant(db, opts.tenant);
        if (!tenant) throw new CliError(`Tenant ${opts.tenant} not found.`);
        const id = await createRun(db, { tenantId: tenant.tenantId, steps, requestedBy: null, via: 'cli' });
        await k.audit.write(db, {
          action: 'lcisupport.dataresync',
          target: `tenant:${tenant.tenantId}`,
          actorUserId: null,
          details: {
            via: 'cli',
            by: operatorName(),
            tenantId: tenant.tenantId,
            tenantName: tenant.name,
            steps,
            resyncRunId: id,
          },
        });
        return id;
      });
      const jobId = await k.jobs.send(RESYNC_JOB, { tenantId: opts.tenant, runId });
      if (!jobId) throw new CliError('The job queue did not accept the resync.');
      await k.db.withSystem((db) => setRunJob(db, runId, jobId));
      if (!opts.wait) {
        if (opts.json) printJson({ resyncRunId: runId, tenantId: opts.tenant, steps, jobId, state: 'queued' });
        else write(`Resync ${runId} of tenant ${opts.tenant} queued as job ${jobId} (steps: ${steps.join(', ')}).`);
        return;
      }
      const bar = progressBar(Boolean(process.stderr.isTTY) && !opts.json);
      let shown = 0;
      let lastMessage: string | null = null;
      bar.start(100, 'queued');
      try {
        await follow(k, jobId, (percent, message) => {
          while (shown < percent) {
            bar.tick(message ?? undefined);
            shown++;
          }
          if (message && message !== lastMessage && !process.stderr.isTTY && !opts.json)
            process.stderr.write(`${percent}% ${message}\n`);
          lastMessage = message ?? lastMessage;
        });
      } finally {
        bar.stop();
      }
      const [run] = await presentRuns(k, [
        (await k.db.withSystem((db) => getRun(db, runId), { readOnly: true })) as ResyncRun,
      ]);
      if (opts.json) printJson(run);
      else if (run.state === 'completed')
        write(`Resync ${runId} of tenant ${opts.tenant} completed: ${steps.join(', ')}.`);
      if (run.state !== 'completed')
        throw new CliError(
          `Resync ${runId} of tenant ${opts.tenant} ${run.state}: ${run.error ?? run.message ?? 'no detail'}`,
        );
    });
}
