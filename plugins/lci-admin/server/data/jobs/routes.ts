/** Job queue stats API (internal): queues with counts by state, jobs of a state (failed by default) with their error, retry and cancel. */
import { z } from 'zod';
import type { Kernel, RouteRegistrar } from '../../../../../kernel/index';
import { API_JOB_QUEUE_STATS } from '../paths';
import { cancelJob, queueStats, retryJob } from './service';
import { JOB_ID, JOB_STATES } from './states';

const statsQuery = z.object({
  queue: z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9_.\-/]{0,99}$/, 'must be a queue name').optional(),
  state: z.enum(JOB_STATES).default('failed'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
const jobParams = z.object({ jobId: z.string().regex(JOB_ID, 'must be a job id (uuid)') });
const noBody = z.object({}).strict();

export function jobQueueRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(API_JOB_QUEUE_STATS, {
    summary: 'Queues with counts by state, and the jobs of one state (failed by default) with their errors', tags: ['lci-admin'],
    auth: 'internal', scope: 'system', query: statsQuery,
  }, ({ query }) => queueStats(k, query));

  r.post(`${API_JOB_QUEUE_STATS}/jobs/:jobId/retry`, {
    summary: 'Retry a failed job', tags: ['lci-admin'], auth: 'internal', scope: 'system', params: jobParams, body: noBody,
  }, async ({ params, audit }) => {
    const job = await retryJob(k, params.jobId);
    await audit('lcisupport.jobs.retry', { jobId: job.id, queue: job.name }, `job:${job.id}`);
    return job;
  });

  r.post(`${API_JOB_QUEUE_STATS}/jobs/:jobId/cancel`, {
    summary: 'Cancel a queued or active job', tags: ['lci-admin'], auth: 'internal', scope: 'system', params: jobParams, body: noBody,
  }, async ({ params, audit }) => {
    const job = await cancelJob(k, params.jobId);
    await audit('lcisupport.jobs.cancel', { jobId: job.id, queue: job.name }, `job:${job.id}`);
    return job;
  });
}
