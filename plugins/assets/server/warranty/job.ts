/** The warranty lookup job (pg-boss queue `assets.warrantyLookup`): one run, not retried (the user runs it again). */
import type { JobContext, JobDef } from '../../../../kernel/index';
import { WARRANTY_JOB, warrantyJob, type WarrantyJobData } from './service';

export const warrantyJobs: Record<string, JobDef<any>> = {
  [WARRANTY_JOB]: {
    handler: (ctx: JobContext<WarrantyJobData>) => warrantyJob(ctx),
    retryLimit: 0,
    expireInSeconds: 60 * 60,
  },
};
