/**
 * Facts about a tenant's subscription that the sign-up operations need, asked of
 * the plugins through the kernel Providers hooks (kernel/plugin.ts): billing
 * implements them; the kernel never imports a plugin.
 */
import type { Trx } from '../../db/database';
import type { Kernel } from '../../kernel';
import { hasSubscriptionPoint, recoveryUrlPoint } from '../../points';

/** The first recovery URL a plugin gives for the tenant (an open checkout), or null. */
export async function recoveryUrlFor(k: Pick<Kernel, 'extensions'>, trx: Trx, tenantId: number): Promise<string | null> {
  for (const source of k.extensions(recoveryUrlPoint)) {
    const url = await source(trx, tenantId);
    if (url) return url;
  }
  return null;
}

/**
 * Whether the tenant has a subscription (any status) or complimentary access.
 * Without any plugin that knows subscriptions, a tenant counts as subscribed
 * (there is nothing to sign up for).
 */
export async function tenantHasSubscription(k: Pick<Kernel, 'extensions'>, trx: Trx, tenantId: number): Promise<boolean> {
  const sources = k.extensions(hasSubscriptionPoint);
  if (!sources.length) return true;
  for (const source of sources) if (await source(trx, tenantId)) return true;
  return false;
}
