/**
 * The report locker's part of the plugin definition: routes, the realtime function and the retention job (pg-boss
 * cron through JobDef.cron, daily at 03:30 UTC).
 */
import type { JobDef } from '../../../../kernel/index';
import { purgeExpiredReports } from './retention';

export { lockerRoutes, lockerRealtime } from './routes';

export const LOCKER_PURGE_JOB = 'reports.locker.purge';
export const LOCKER_PURGE_CRON = '30 3 * * *';

export const lockerJobs: Record<string, JobDef> = {
  [LOCKER_PURGE_JOB]: {
    cron: LOCKER_PURGE_CRON,
    retryLimit: 2,
    handler: async ({ k }) => ({ purged: await purgeExpiredReports(k) }),
  },
};
