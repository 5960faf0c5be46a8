/**
 * The schedules' tick: the job `reports.schedules.tick`, every 5 minutes (pg-boss cron through JobDef.cron), sends
 * every due schedule of every tenant (tick.ts). `lci reports tick` runs it by hand.
 */
import type { JobDef } from '../../../../kernel/index';
import { TICK_CRON, TICK_JOB, tick } from './tick';

const tickJob: JobDef = {
  cron: TICK_CRON,
  retryLimit: 0,
  expireInSeconds: 15 * 60,
  async handler({ k }) {
    const r = await tick(k);
    return { due: r.due, sent: r.sent.length, skipped: r.skipped.length, failed: r.failed.length };
  },
};

export const scheduleJobs: Record<string, JobDef> = { [TICK_JOB]: tickJob };
