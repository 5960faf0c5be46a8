/**
 * Background recalculation. `cs.metrics.recalc` { tenantId } recalculates one tenant (every active company);
 * `cs.metrics.recalcAll` sends it for every tenant that has metrics. Writes recalculate on their own (same
 * transaction); these jobs keep what changes without a write current: rolling windows moving with the days,
 * locations added on the company pages, a new month's history row. A server that works jobs sends recalcAll
 * every 6 hours (startRecalcTimer); `lci cs recalc` runs the same work by hand.
 */
import type { JobDef, Kernel } from '../../../../kernel/index';
import { recalculate } from './recalculate';

export const RECALC_JOB = 'cs.metrics.recalc';
const RECALC_ALL_JOB = 'cs.metrics.recalcAll';
const RECALC_INTERVAL_MS = 6 * 3_600_000;

/** Tenants with at least one metric (system scope: the list crosses tenants; it reads ids only). */
async function tenantsWithMetrics(k: Kernel): Promise<number[]> {
  return k.db.withSystem(
    async (trx) =>
      (await trx('cs_metrics').distinct('tenant_id').orderBy('tenant_id')).map((r: { tenant_id: number }) =>
        Number(r.tenant_id),
      ),
    { readOnly: true },
  );
}

export const metricJobs: Record<string, JobDef<any>> = {
  [RECALC_JOB]: {
    retryLimit: 2,
    expireInSeconds: 15 * 60,
    async handler({ data, k, progress }) {
      const tenantId = Number(data.tenantId);
      const r = await k.db.withTenant(tenantId, (trx) => recalculate(trx, tenantId));
      await progress(100, `${r.companies} companies recalculated`);
      return r;
    },
  },
  [RECALC_ALL_JOB]: {
    retryLimit: 1,
    async handler({ k }) {
      const tenants = await tenantsWithMetrics(k);
      for (const tenantId of tenants)
        await k.jobs.send(RECALC_JOB, { tenantId }, { singletonKey: `${RECALC_JOB}:${tenantId}` });
      return { tenants: tenants.length };
    },
  },
};

/** The kernel's recalculation timer: sends recalcAll every RECALC_INTERVAL_MS while this process works jobs. */
export class RecalcTimer {
  private timer: NodeJS.Timeout | null = null;
  constructor(private readonly k: Kernel) {}

  start(): void {
    if (!this.k.config.jobs || this.timer) return;
    const k = this.k;
    this.timer = setInterval(() => {
      k.jobs
        .send(RECALC_ALL_JOB, {}, { singletonKey: RECALC_ALL_JOB })
        .catch((e) => k.log.warn({ err: e }, 'cs.metrics: could not queue the recalculation'));
    }, RECALC_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  get running(): boolean {
    return this.timer !== null;
  }
}
