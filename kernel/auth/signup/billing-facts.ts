/**
 * Facts about a tenant's subscription that the sign-up operations need, asked of
 * the plugins through the kernel Providers hooks (kernel/plugin.ts): billing
 * implements them; the kernel never imports a plugin.
 */
import type { Trx } from '../../db/database';
import type { Kernel } from '../../kernel';

/** The first recovery URL a plugin gives for the tenant (an open checkout), or null. */
export async function recoveryUrlFor(k: Pick<Kernel, 'plugins'>, trx: Trx, tenantId: number): Promise<string | null> {
  for (const p of k.plugins) {
    const url = p.providers?.recoveryUrl ? await p.providers.recoveryUrl(trx, tenantId) : null;
    if (url) return url;
  }
  return null;
}

/**
 * Whether the tenant has a subscription (any status) or complimentary access.
 * Without any plugin that knows subscriptions, a tenant counts as subscribed
 * (there is nothing to sign up for).
 */
export async function tenantHasSubscription(k: Pick<Kernel, 'plugins'>, trx: Trx, tenantId: number): Promise<boolean> {
  const providers = k.plugins.filter((p) => p.providers?.hasSubscription);
  if (!providers.length) return true;
  for (const p of providers) if (await p.providers!.hasSubscription!(trx, tenantId)) return true;
  return false;
}
