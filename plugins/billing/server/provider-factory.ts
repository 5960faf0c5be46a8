/**
 * The billing provider of a kernel: Stripe when LCI_STRIPE_SECRET_KEY is configured, else the embedded
 * provider. The kernel's billing instance keeps one (instance.ts).
 *
 * The embedded provider keeps its objects in this database. Inside a request pass the request's
 * transaction (`self.provider(trx)`, `billingProvider(k, trx)`): the embedded provider then works in it (the
 * embedded database has one connection, so opening a second transaction would wait forever). Without a
 * transaction the embedded provider runs each call in its own system-scope transaction (CLI, jobs). Stripe ignores trx.
 */
import type { Kernel, Trx } from '../../../kernel/index';
import { billingOf } from './billing-of';
import type { BillingProvider } from './provider';
import { createEmbeddedProvider } from './embedded/provider';
import { createStripeProvider } from './stripe/provider';

export type ProviderSource = (trx?: Trx) => BillingProvider;

/** The provider function of one kernel's billing instance (the provider object is made once, on first use). */
export function createProviderSource(k: Kernel): ProviderSource {
  let cached: BillingProvider | undefined;
  return (trx) => {
    const stripe = k.config.stripe;
    if (!stripe && trx) return createEmbeddedProvider(k, trx);
    cached ??= stripe
      ? createStripeProvider({
          secretKey: stripe.secretKey,
          host: stripe.host,
          port: stripe.port,
          protocol: stripe.protocol,
          webhookSecret: stripe.webhookSecret,
        })
      : createEmbeddedProvider(k);
    return cached;
  };
}

/** The provider of the kernel's billing instance. */
export function billingProvider(k: Pick<Kernel, 'instance'>, trx?: Trx): BillingProvider {
  return billingOf(k).provider(trx);
}
