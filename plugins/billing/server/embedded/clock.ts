/**
 * The embedded provider's clock. Stripe renews subscriptions, ends trials and applies cancel-at-period-end on
 * its own and tells us by webhook; the embedded provider rolls a subscription forward whenever it is read. So
 * that a tenant nobody looks at still changes on time (a trial ends, a cancelled plan stops giving access),
 * the serving process reads every embedded subscription whose period or trial has ended once an hour and
 * applies the result to the tenant's subscription rows, exactly as `lci billing sync` does. Each kernel's billing
 * instance has its own clock (started by the plugin's `start`, stopped with the instance).
 */
import type { Kernel } from '../../../../kernel/index';
import { sync } from '../actions';
import type { ProviderSource } from '../provider-factory';

const CLOCK_INTERVAL_MS = 60 * 60 * 1000;

/** Tenants with an embedded subscription due to roll forward (period end or trial end in the past). */
export async function dueTenants(k: Pick<Kernel, 'db'>, at = Math.floor(Date.now() / 1000)): Promise<number[]> {
  return k.db.withSystem(async (trx) => {
    const rows = await trx('embedded_subscriptions')
      .whereNotIn('status', ['canceled', 'incomplete_expired'])
      .where((w) =>
        w
          .where('current_period_end', '<=', at)
          .orWhere((t) => t.whereNotNull('trial_end').where('trial_end', '<=', at).where('status', 'trialing')),
      )
      .distinct('tenant_id');
    return rows.map((r: { tenant_id: number | string }) => Number(r.tenant_id));
  });
}

export interface EmbeddedClock {
  /** Whether the hourly timer is set. */
  readonly running: boolean;
  /** Sets the hourly timer in a process that runs background work (LCI_JOBS), without Stripe. */
  start(): void;
  stop(): void;
  /** Rolls the due tenants forward; returns how many tenants were synchronised. Errors of one tenant are logged. */
  tick(at?: number): Promise<number>;
}

export function createEmbeddedClock(k: Kernel, provider: ProviderSource): EmbeddedClock {
  let timer: NodeJS.Timeout | null = null;
  const tick = async (at?: number): Promise<number> => {
    if (k.config.stripe) return 0;
    let done = 0;
    for (const tenantId of await dueTenants(k, at)) {
      try {
        await k.db.withTenant(tenantId, (db) => sync({ k, db, tenantId, provider: provider(db) }));
        done++;
      } catch (e) {
        k.log.warn({ err: e, tenantId }, 'billing: embedded subscription roll-forward failed');
      }
    }
    return done;
  };
  return {
    get running() {
      return timer !== null;
    },
    tick,
    start() {
      if (k.config.stripe || !k.config.jobs || timer) return;
      timer = setInterval(() => {
        void tick().catch((e) => k.log.warn({ err: e }, 'billing: embedded clock failed'));
      }, CLOCK_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
