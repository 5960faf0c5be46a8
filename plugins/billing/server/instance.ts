/**
 * Billing's per-kernel instance (plugin contract v2), made by the plugin's `setup(k)`: the kernel's billing
 * provider, the catalogue and plan caches, and the embedded provider's clock. Two kernels in one process each
 * have their own; `stop()` stops the clock. Routes get it as `self`; code handed only the kernel uses `billingOf(k)`.
 */
import type { Kernel, Trx } from '../../../kernel/index';
import { createCatalogueCache, type CatalogueCache } from './catalogue-cache';
import { createEmbeddedClock, type EmbeddedClock } from './embedded/clock';
import { createPlanBook, type PlanBook } from './plans';
import type { BillingProvider } from './provider';
import { createProviderSource } from './provider-factory';

export interface BillingInstance {
  readonly k: Kernel;
  /**
   * The kernel's provider: Stripe when configured, else the embedded provider. Inside a request pass the request's
   * transaction: the embedded provider then works in it (see provider-factory.ts).
   */
  provider(trx?: Trx): BillingProvider;
  /** The provider's products, cached for a few minutes (the public catalogue routes, `lci billing plans`). */
  readonly catalogue: CatalogueCache;
  /** Plan facts by plan id: the built-in catalogue and what this kernel's provider listed. */
  readonly plans: PlanBook;
  /** The embedded provider's hourly roll-forward (runs in a process with background work, without Stripe). */
  readonly clock: EmbeddedClock;
  stop(): void;
}

export function createBillingInstance(k: Kernel): BillingInstance {
  const provider = createProviderSource(k);
  const clock = createEmbeddedClock(k, provider);
  return {
    k,
    provider,
    catalogue: createCatalogueCache(k, provider),
    plans: createPlanBook(provider),
    clock,
    stop() {
      clock.stop();
    },
  };
}
