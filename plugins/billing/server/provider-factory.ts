/**
 * The billing provider of a kernel: Stripe when LCI_STRIPE_SECRET_KEY is configured, else the embedded
 * provider. The provider is cached per kernel.
 *
 * The embedded provider keeps its objects in this database. Inside a request pass the request's
 * transaction (`billingProvider(k, trx)`): the embedded provider then works in it (the embedded database
 * has one connection, so opening a second transaction would wait forever). Without a transaction the
 * embedded provider runs each call in its own system-scope transaction (CLI, jobs). Stripe ignores trx.
 */
import type { Kernel, Trx } from '../../../kernel/index';
import type { BillingProvider } from './provider';
import { createEmbeddedProvider } from './embedded/provider';
import { createStripeProvider } from './stripe/provider';

const cache = new WeakMap<Kernel, BillingProvider>();

export function billingProvider(k: Kernel, trx?: Trx): BillingProvider {
  const stripe = k.config.stripe;
  if (!stripe) {
    if (trx) return createEmbeddedProvider(k, trx);
  }
  let p = cache.get(k);
  if (!p) {
    p = stripe
      ? createStripeProvider({ secretKey: stripe.secretKey, host: stripe.host, port: stripe.port, protocol: stripe.protocol, webhookSecret: stripe.webhookSecret })
      : createEmbeddedProvider(k);
    cache.set(k, p);
  }
  return p;
}
