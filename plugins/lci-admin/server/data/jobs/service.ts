/** Job queue stats, retry and cancel over the kernel's job queue (k.jobs), shared by the API and `lci admin jobs`. */
import { conflict, notFound, type JobInfo, type Kernel } from '../../../../../kernel/index';
import { canCancel, canRetry, type JobState } from './states';

interface QueueStats { queues: { queue: string; counts: Record<string, number> }[]; state: JobState | null; jobs: JobInfo[] }

export async function queueStats(k: Kernel, opts: { queue?: string; state?: JobState; limit?: number }): Promise<QueueStats> {
  const [queues, jobs] = await Promise.all([k.jobs.stats(), k.jobs.list({ queue: opts.queue, state: opts.state, limit: opts.limit })]);
  return { queues: opts.queue ? queues.filter((q) => q.queue === opts.queue) : queues, state: opts.state ?? null, jobs };
}

export async function retryJob(k: Kernel, id: string): Promise<JobInfo> {
  const job = await k.jobs.find(id);
  if (!job) throw notFound(`No job ${id}`);
  if (!canRetry(job.state)) throw conflict(`Job ${id} is ${job.state}; only failed jobs can be retried`);
  await k.jobs.retry(job.name, id);
  return (await k.jobs.find(id))!;
}

export async function cancelJob(k: Kernel, id: string): Promise<JobInfo> {
  const job = await k.jobs.find(id);
  if (!job) throw notFound(`No job ${id}`);
  if (!canCancel(job.state)) throw conflict(`Job ${id} is ${job.state}; only queued, retrying or active jobs can be cancelled`);
  await k.jobs.cancel(job.name, id);
  return (await k.jobs.find(id))!;
}
