/** Job queue stats API (internal): queues with counts by state, jobs of a state (failed by default) with their error, retry and cancel. */
import type { Kernel, RouteRegistrar } from '../../../../../kernel/index';
import { jobActionBody, jobInfo, jobParams, jobStatsQuery, queueStats as queueStatsAnswer } from '../../../shared/api';
import { API_JOB_QUEUE_STATS } from '../paths';
import { cancelJob, queueStats, retryJob } from './service';

export function jobQueueRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(API_JOB_QUEUE_STATS, {
    summary: 'Queues with counts by state, and the jobs of one state (failed by default) with their errors', tags: ['lci-admin'],
    auth: 'internal', scope: 'system', query: jobStatsQuery, response: queueStatsAnswer,
  }, ({ query }) => queueStats(k, query));

  r.post(`${API_JOB_QUEUE_STATS}/jobs/:jobId/retry`, {
    summary: 'Retry a failed job', tags: ['lci-admin'], auth: 'internal', scope: 'system', params: jobParams, body: jobActionBody, response: jobInfo,
  }, async ({ params, audit }) => {
    const job = await retryJob(k, params.jobId);
    await audit('lcisupport.jobs.retry', { jobId: job.id, queue: job.name }, `job:${job.id}`);
    return job;
  });

  r.post(`${API_JOB_QUEUE_STATS}/jobs/:jobId/cancel`, {
    summary: 'Cancel a queued or active job', tags: ['lci-admin'], auth: 'internal', scope: 'system', params: jobParams, body: jobActionBody, response: jobInfo,
  }, async ({ params, audit }) => {
    const job = await cancelJob(k, params.jobId);
    await audit('lcisupport.jobs.cancel', { jobId: job.id, queue: job.name }, `job:${job.id}`);
    return job;
  });
}
