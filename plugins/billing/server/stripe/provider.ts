/**
 * The Stripe billing provider: the BillingProvider interface through the stripe SDK (v23, the API version
 * it pins). host/port/protocol point the SDK elsewhere (LCI_STRIPE_API_URL; the tests' loopback stand-in).
 * Stripe objects are mapped to the interface's shapes in ./mapping.ts.
 *
 * The upcoming invoice is read with `invoices.createPreview` (v23 has no `invoices.retrieveUpcoming`);
 * Stripe's 'No upcoming invoices for customer' error (code invoice_upcoming_none) gives null.
 */
import Stripe from 'stripe';
import type { ProviderProduct } from '../../shared/types';
import type {
  BillingProvider,
  CheckoutRequest,
  CheckoutSession,
  ProviderCoupon,
  ProviderEvent,
  ProviderInvoice,
  ProviderPromotionCode,
  ProviderSubscription,
  SubscriptionChange,
} from '../provider';
import {
  checkoutSessionParams,
  idOf,
  isNoUpcomingInvoice,
  isResourceMissing,
  mapCoupon,
  mapEvent,
  mapInvoice,
  mapPromotionCode,
  mapSubscription,
  productsFromStripe,
  subscriptionUpdateParams,
} from './mapping';

interface StripeProviderOptions {
  secretKey: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  webhookSecret?: string;
}

/** The Stripe provider: the interface plus what only Stripe's webhook needs. */
export interface StripeBillingProvider extends BillingProvider {
  readonly name: 'stripe';
  readonly stripe: Stripe;
  /** Verifies the Stripe-Signature header over the raw body with the signing secret; throws when it does not match. */
  constructStripeEvent(rawBody: string, signature: string): Stripe.Event;
  constructEvent(rawBody: string, signature: string): ProviderEvent;
  /**
   * What a completed checkout session leaves to do, done: in subscription mode the card entered becomes the
   * customer's default payment method when the customer has none (so plans added later without a checkout
   * are paid with it); in setup mode (update payment) the card becomes the default of the customer and of
   * the customer's subscriptions that are not canceled. Returns the subscriptions concerned; null when the
   * session is not complete.
   */
  completeCheckoutSession(sessionId: string): Promise<CompletedCheckout | null>;
}

interface CompletedCheckout {
  mode: string;
  customerId: string;
  paymentMethodId: string | null;
  subscriptions: ProviderSubscription[];
}

export const isStripeProvider = (p: BillingProvider): p is StripeBillingProvider =>
  p.name === 'stripe' && 'stripe' in p;

const PAGE = 100;
const MAX_ITEMS = 10_000;
const COUPON_EXPAND = ['data.discounts', 'data.discounts.source.coupon'];

export function createStripeProvider(opts: StripeProviderOptions): StripeBillingProvider {
  const stripe = new Stripe(opts.secretKey, {
    ...(opts.host ? { host: opts.host } : {}),
    ...(opts.port ? { port: opts.port } : {}),
    ...(opts.protocol ? { protocol: opts.protocol } : {}),
    // Retried POSTs carry an idempotency key the SDK generates, so a retry never creates twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Lifecycle' },
  });

  /** A discount code: an active promotion code (by its code text or id), else a coupon id. */
  async function discountFor(code: string): Promise<Stripe.Checkout.SessionCreateParams.Discount> {
    if (code.startsWith('promo_')) {
      try {
        const promo = await stripe.promotionCodes.retrieve(code);
        if (promo.active) return { promotion_code: promo.id };
      } catch (e) {
        if (!isResourceMissing(e)) throw e;
      }
    }
    const promos = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
    if (promos.data[0]) return { promotion_code: promos.data[0].id };
    const coupon = await retrieveCoupon(code);
    if (coupon?.valid) return { coupon: coupon.id };
    throw new Error(`The discount code ${code} is not valid`);
  }

  async function retrieveCoupon(couponId: string): Promise<ProviderCoupon | null> {
    try {
      return mapCoupon(await stripe.coupons.retrieve(couponId));
    } catch (e) {
      if (isResourceMissing(e)) return null;
      throw e;
    }
  }

  async function listSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    // status 'all': Stripe's default leaves canceled subscriptions out.
    const subs = await stripe.subscriptions
      .list({ customer: customerId, status: 'all', limit: PAGE })
      .autoPagingToArray({ limit: MAX_ITEMS });
    return subs.map(mapSubscription);
  }

  const constructStripeEvent = (rawBody: string, signature: string): Stripe.Event => {
    if (!opts.webhookSecret)
      throw new Error('LCI_STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified');
    return stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
  };

  return {
    name: 'stripe',
    stripe,

    async listProducts(): Promise<ProviderProduct[]> {
      const [products, prices] = await Promise.all([
        stripe.products.list({ active: true, limit: PAGE }).autoPagingToArray({ limit: MAX_ITEMS }),
        stripe.prices.list({ active: true, type: 'recurring', limit: PAGE }).autoPagingToArray({ limit: MAX_ITEMS }),
      ]);
      return productsFromStripe(products, prices);
    },

    async createCustomer({ email, name, tenantId }) {
      const c = await stripe.customers.create({ email, name, metadata: { tenant_id: String(tenantId) } });
      return c.id;
    },

    async updateCustomerEmail(customerId, email) {
      await stripe.customers.update(customerId, { email });
    },

    async createCheckoutSession(req: CheckoutRequest): Promise<CheckoutSession> {
      const discount = req.discountCode ? await discountFor(req.discountCode) : null;
      const s = await stripe.checkout.sessions.create(checkoutSessionParams(req, discount));
      return { id: s.id, url: s.url ?? '', object: 'checkout.session' };
    },

    async createSubscription({ customerId, planIds, trialDays, couponId, metadata }) {
      const sub = await stripe.subscriptions.create({
        customer: customerId,
        items: planIds.map((price) => ({ price, quantity: 1 })),
        ...(trialDays && trialDays > 0 ? { trial_period_days: Math.floor(trialDays) } : {}),
        ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
        metadata,
      });
      return mapSubscription(sub);
    },

    listSubscriptions,

    async retrieveSubscription(subscriptionId) {
      return mapSubscription(await stripe.subscriptions.retrieve(subscriptionId));
    },

    async updateSubscription(subscriptionId: string, change: SubscriptionChange) {
      const current = mapSubscription(await stripe.subscriptions.retrieve(subscriptionId));
      const params = subscriptionUpdateParams(current, change);
      if (Object.keys(params).length === 0) return current;
      return mapSubscription(await stripe.subscriptions.update(subscriptionId, params));
    },

    async cancelSubscription(subscriptionId) {
      return mapSubscription(await stripe.subscriptions.cancel(subscriptionId));
    },

    async createPortalSession(customerId, returnUrl) {
      const s = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: s.url };
    },

    async createUpdatePaymentSession(customerId, tenantId, returnUrl): Promise<CheckoutSession> {
      // Setup mode needs a currency: the one the customer is billed in.
      const subs = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 1 });
      const currency = subs.data[0]?.currency ?? subs.data[0]?.items.data[0]?.price.currency ?? 'usd';
      const metadata = { tenant_id: String(tenantId), purpose: 'update_payment' };
      const s = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customerId,
        currency,
        client_reference_id: String(tenantId),
        metadata,
        setup_intent_data: { metadata },
        success_url: returnUrl,
        cancel_url: returnUrl,
      });
      return { id: s.id, url: s.url ?? '', object: 'checkout.session' };
    },

    async upcomingInvoice(customerId): Promise<ProviderInvoice | null> {
      try {
        const inv = await stripe.invoices.createPreview({
          customer: customerId,
          expand: ['discounts', 'discounts.source.coupon'],
        });
        return mapInvoice(inv, { preview: true });
      } catch (e) {
        if (isNoUpcomingInvoice(e)) return null;
        throw e;
      }
    },

    async listInvoices(customerId, limit) {
      const n = Math.max(1, Math.min(100, Math.floor(limit)));
      const list = await stripe.invoices.list({ customer: customerId, limit: n, expand: COUPON_EXPAND });
      return list.data.map((inv) => mapInvoice(inv));
    },

    retrieveCoupon,

    async listPromotionCodes(code?: string): Promise<ProviderPromotionCode[]> {
      const codes = await stripe.promotionCodes
        .list({ active: true, ...(code ? { code } : {}), limit: PAGE, expand: ['data.promotion.coupon'] })
        .autoPagingToArray({ limit: MAX_ITEMS });
      return codes.map(mapPromotionCode).filter((p): p is ProviderPromotionCode => p !== null);
    },

    constructStripeEvent,
    constructEvent: (rawBody, signature) => mapEvent(constructStripeEvent(rawBody, signature)),

    async completeCheckoutSession(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['setup_intent', 'subscription', 'customer'],
      });
      const customer = session.customer as Stripe.Customer | Stripe.DeletedCustomer | null;
      if (session.status !== 'complete' || !customer || customer.deleted) return null;
      const hasDefault = Boolean(customer.invoice_settings?.default_payment_method);
      if (session.mode === 'subscription') {
        const sub = session.subscription as Stripe.Subscription | null;
        if (!sub) return null;
        const paymentMethodId = idOf(sub.default_payment_method as string | { id: string } | null);
        if (paymentMethodId && !hasDefault)
          await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: paymentMethodId } });
        return {
          mode: 'subscription',
          customerId: customer.id,
          paymentMethodId,
          subscriptions: [mapSubscription(sub)],
        };
      }
      if (session.mode !== 'setup')
        return { mode: session.mode, customerId: customer.id, paymentMethodId: null, subscriptions: [] };
      const intent = session.setup_intent as Stripe.SetupIntent | null;
      const paymentMethodId = intent ? idOf(intent.payment_method as string | { id: string } | null) : null;
      if (!paymentMethodId) return null;
      await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: paymentMethodId } });
      const subscriptions: ProviderSubscription[] = [];
      for (const sub of await listSubscriptions(customer.id)) {
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') continue;
        subscriptions.push(
          mapSubscription(await stripe.subscriptions.update(sub.id, { default_payment_method: paymentMethodId })),
        );
      }
      return { mode: 'setup', customerId: customer.id, paymentMethodId, subscriptions };
    },
  };
}
