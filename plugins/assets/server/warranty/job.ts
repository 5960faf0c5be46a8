/**
 * The warranty lookup jobs: `assets.warrantyLookup` (pg-boss queue): one run, not retried (the user runs it again);
 * `assets.warrantyNightly` (cron 02:30 UTC): creates and queues each due tenant's nightly run (service.ts
 * warrantyNightly); tried once more on a failure (a tenant whose run was made meanwhile is skipped as busy).
 */
import type { JobContext, JobDef } from '../../../../kernel/index';
import {
  WARRANTY_JOB,
  WARRANTY_NIGHTLY_CRON,
  WARRANTY_NIGHTLY_JOB,
  warrantyJob,
  warrantyNightly,
  type WarrantyJobData,
} from './service';

export const warrantyJobs: Record<string, JobDef<any>> = {
  [WARRANTY_JOB]: {
    handler: (ctx: JobContext<WarrantyJobData>) => warrantyJob(ctx),
    retryLimit: 0,
    expireInSeconds: 60 * 60,
  },
  [WARRANTY_NIGHTLY_JOB]: {
    cron: WARRANTY_NIGHTLY_CRON,
    retryLimit: 1,
    handler: async ({ k }: JobContext) => ({ tenants: await warrantyNightly(k) }),
  },
};
