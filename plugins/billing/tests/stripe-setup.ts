/**
 * The Stripe setup of the provider-parameterised API suites (providers.ts): a loopback Stripe stand-in
 * seeded with the plan catalogue and the same coupons and promotion codes the embedded provider ships
 * (migration 0008), and a test server configured with LCI_STRIPE_SECRET_KEY, LCI_STRIPE_API_URL and
 * LCI_STRIPE_WEBHOOK_SECRET, so every action runs through the real stripe SDK. Paying a checkout is the
 * customer completing it at Stripe, then Stripe's events delivered, signed, to the server's webhook.
 */
import type { TestServer } from '../../../tests/sdk';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/sdk';
import { COUPONS, PROMOTION_CODES } from '../migrations/0008_embedded_coupons';
import { WEBHOOK_PATH } from '../server/stripe/webhook-routes';
import type { ProviderSetup } from './providers';

/** Stripe's test card that is declined. */
const DECLINED = '4000000000000002';

let standin: StripeStandIn | null = null;

/** The stand-in of the running Stripe setup (for suites that look at what Stripe holds). */
export function stripeStandIn(): StripeStandIn {
  if (!standin) throw new Error('the Stripe setup is not started');
  return standin;
}

function seedDiscounts(s: StripeStandIn): void {
  for (const c of COUPONS) s.model.createCoupon({ id: c.coupon_id, ...c, coupon_id: undefined });
  for (const p of PROMOTION_CODES)
    s.model.createPromotionCode({
      promotion: { type: 'coupon', coupon: p.coupon_id },
      code: p.code,
      metadata: p.metadata,
    });
}

/** Delivers Stripe's pending events to the server's webhook, then the events their handling caused, until none is left. */
export async function deliverStripeEvents(s: TestServer, stripe: StripeStandIn = stripeStandIn()): Promise<void> {
  for (let events = stripe.takeEvents(); events.length; events = stripe.takeEvents()) {
    for (const d of await stripe.deliver(`${s.url}${WEBHOOK_PATH}`, events)) {
      if (d.status !== 200)
        throw new Error(`webhook answered ${d.status} to ${d.event.type}: ${JSON.stringify(d.body).slice(0, 300)}`);
    }
  }
}

export const stripeSetup: ProviderSetup = {
  name: 'stripe',
  async start() {
    const s = await startStripeStandIn();
    seedDiscounts(s);
    standin = s;
    return {
      env: s.env,
      stop: async () => {
        if (standin === s) standin = null;
        await s.stop();
      },
    };
  },
  async completeCheckout(server, checkout, card) {
    const stripe = stripeStandIn();
    const digits = (card?.number ?? '').replace(/\D/g, '');
    // At Stripe's checkout a declined card leaves the session open (the customer sees the error).
    if (digits === DECLINED) throw new Error('Your card was declined.');
    stripe.completeCheckout(checkout.id, digits ? { last4: digits.slice(-4) } : {});
    await deliverStripeEvents(server, stripe);
  },
};
