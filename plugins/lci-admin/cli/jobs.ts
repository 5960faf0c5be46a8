/**
 * `lci admin jobs [--queue Q] [--state S] [--limit N] [--json]`: queues with counts by state, then the jobs of a
 * state (failed by default) with their error. `lci admin jobs retry <id>` and `lci admin jobs cancel <id>`.
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { JobInfo, Kernel } from '../../../kernel/index';
import { operatorName } from '../../../cli/sdk';
import { formatTable, printJson, write } from '../../../cli/sdk';
import { positiveInt } from './args';
import { cancelJob, queueStats, retryJob } from '../server/data/jobs/service';
import { JOB_ID, JOB_STATES, type JobState } from '../server/data/jobs/states';

function stateArg(v: string): JobState {
  if (!(JOB_STATES as readonly string[]).includes(v))
    throw new InvalidArgumentError(`must be one of ${JOB_STATES.join(', ')}.`);
  return v as JobState;
}
function jobIdArg(v: string): string {
  if (!JOB_ID.test(v)) throw new InvalidArgumentError('must be a job id (uuid).');
  return v.toLowerCase();
}

export function jobsCli(admin: Command, kernel: () => Promise<Kernel>): void {
  const jobs = admin
    .command('jobs')
    .description('job queues: counts by state, failed jobs with their error; retry and cancel')
    .option('--queue <name>', 'one queue')
    .option('--state <state>', `jobs in this state (${JOB_STATES.join(', ')}; default failed)`, stateArg)
    .option('--limit <n>', 'at most this many jobs (default 50)', positiveInt)
    .option('--json', 'print JSON')
    .action(async (opts: { queue?: string; state?: JobState; limit?: number; json?: boolean }) => {
      const k = await kernel();
      const stats = await queueStats(k, { queue: opts.queue, state: opts.state ?? 'failed', limit: opts.limit });
      if (opts.json) {
        printJson(stats);
        return;
      }
      write(
        formatTable(
          stats.queues,
          [
            { header: 'QUEUE', value: (q) => q.queue },
            ...JOB_STATES.map((s) => ({
              header: s.toUpperCase(),
              value: (q: { counts: Record<string, number> }) => q.counts[s] ?? 0,
            })),
          ],
          'No queues.',
        ),
      );
      write('');
      write(`Jobs ${stats.state}:`);
      write(
        formatTable<JobInfo>(
          stats.jobs,
          [
            { header: 'ID', value: (j) => j.id },
            { header: 'QUEUE', value: (j) => j.name },
            { header: 'CREATED', value: (j) => j.createdOn },
            { header: 'RETRIES', value: (j) => j.retryCount },
            { header: 'ERROR', value: (j) => j.error },
          ],
          '(none)',
        ),
      );
    });
  for (const [verb, fn] of [
    ['retry', retryJob],
    ['cancel', cancelJob],
  ] as const) {
    jobs
      .command(verb)
      .description(verb === 'retry' ? 'retry a failed job' : 'cancel a queued or active job')
      .argument('<id>', 'job id (uuid)', jobIdArg)
      .option('--json', 'print JSON')
      .action(async (jobId: string, _opts: unknown, cmd: Command) => {
        // --json is also an option of `jobs`, which takes it wherever it stands.
        const opts = cmd.optsWithGlobals<{ json?: boolean }>();
        const k = await kernel();
        const job = await fn(k, jobId);
        await k.db.withSystem((db) =>
          k.audit.write(db, {
            action: `lcisupport.jobs.${verb}`,
            target: `job:${job.id}`,
            actorUserId: null,
            details: { via: 'cli', by: operatorName(), jobId: job.id, queue: job.name },
          }),
        );
        if (opts.json) printJson(job);
        else write(`Job ${job.id} (${job.name}) ${verb === 'retry' ? 'queued again' : 'cancelled'}: now ${job.state}.`);
      });
  }
}
