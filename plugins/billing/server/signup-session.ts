/**
 * POST /v3/manager/signup/session (public, platform.md 7.1): the payment step of the sign-up wizard.
 * Only for a tenant created by sign-up (tenant_signups) for that user with that e-mail, the user being its
 * admin, and only while the tenant has no active subscription. The customer is created once; paid plans get
 * a checkout session (the open one for the same plans is returned on a retry), plans costing 0 (the
 * affiliate partner plan) subscribe directly. The affiliate's credit is applied when it matches the plans.
 */
import { findMembership, findTenant, findUser, HttpError, type Kernel, type Trx } from '../../../kernel/index';
import { cartTotal, cartTrialDays } from '../shared/cart-rules';
import { isActiveStatus } from '../shared/status';
import { plansOf, startCheckout } from './actions';
import { ensureCustomer } from './customers';
import { affiliateDiscounts, couponFits } from './discounts';
import { billingProvider } from './provider-factory';
import { applySubscription } from './state';

export const MSG_SIGNUP_MISMATCH = 'This sign-up was not found: check the e-mail address, user and tenant.';
const MSG_SIGNUP_SUBSCRIBED = 'This account already has a subscription: sign in to manage it.';

interface SignupSessionInput {
  email: string;
  userId: number;
  tenantId: number;
  affiliate?: string | null;
  planIds: string[];
}
type SignupSessionResult =
  | { status: 200; data: { object: 'checkout.session'; id: string; url: string } }
  | { status: 200; data: { object: 'subscription'; id: string; status: string } };

/** Runs in the system scope (the caller is not signed in); touches only the named tenant's rows. */
export async function signupSession(k: Kernel, db: Trx, input: SignupSessionInput): Promise<SignupSessionResult> {
  const { tenantId, userId } = input;
  const email = input.email.trim().toLowerCase();
  const signup = await db('tenant_signups').where({ tenant_id: tenantId, user_id: userId }).first('email', 'affiliate');
  const membership = await findMembership(db, { tenantId, userId });
  const user = await findUser(db, userId);
  const tenant = await findTenant(db, tenantId);
  if (
    !signup ||
    !membership?.active ||
    !membership.tenantAdmin ||
    !user?.active ||
    !tenant?.active ||
    String(signup.email).toLowerCase() !== email ||
    String(user.username).toLowerCase() !== email
  ) {
    throw new HttpError(403, MSG_SIGNUP_MISMATCH, 'signup_mismatch');
  }
  const plans = await plansOf({ k, db }, input.planIds);
  const provider = billingProvider(k, db);
  const audit = (action: string, details: Record<string, unknown> = {}, target?: string) =>
    k.audit.write(db, { tenantId, actorUserId: userId, action, target, details: { ...details, via: 'signup' } });

  const subs = await db('billing_subscriptions as s')
    .join('billing_subscription_items as i', function j() {
      this.on('i.tenant_id', 's.tenant_id').andOn('i.stripe_subscription_id', 's.stripe_subscription_id');
    })
    .where('s.tenant_id', tenantId)
    .select('s.stripe_subscription_id', 's.status', 'i.stripe_plan_id');
  const live = subs.filter((s: { status: string }) => isActiveStatus(s.status));
  if (live.length) {
    // A retry after a direct subscription answers the same subscription.
    const ids = new Set(live.map((s: { stripe_subscription_id: string }) => s.stripe_subscription_id));
    const planSet = new Set(live.map((s: { stripe_plan_id: string }) => s.stripe_plan_id));
    if (ids.size === 1 && planSet.size === input.planIds.length && input.planIds.every((p) => planSet.has(p))) {
      return {
        status: 200,
        data: { object: 'subscription', id: live[0].stripe_subscription_id, status: live[0].status },
      };
    }
    throw new HttpError(409, MSG_SIGNUP_SUBSCRIBED, 'already_subscribed');
  }

  const affiliate = (input.affiliate ?? signup.affiliate ?? '').trim() || null;
  const customer = await ensureCustomer(db, tenantId, provider, {
    email,
    affiliate: affiliate ? affiliate.toUpperCase() : null,
  });
  const trialDays = cartTrialDays(plans);
  if (cartTotal(plans) === 0) {
    const sub = await provider.createSubscription({
      customerId: customer.customer_id,
      planIds: input.planIds,
      trialDays: trialDays || null,
      metadata: { tenant_id: String(tenantId), signup: 'true' },
    });
    await applySubscription(k, db, tenantId, sub);
    await audit(
      'billing.subscription.create',
      { plan_ids: input.planIds, subscription: sub.id, provider: provider.name },
      sub.id,
    );
    return { status: 200, data: { object: 'subscription', id: sub.id, status: sub.status } };
  }
  const { plan_currency: currency, plan_interval: interval } = plans[0];
  const credit = affiliate
    ? (await affiliateDiscounts(provider, affiliate)).find((p) => couponFits(p.coupon, currency, interval))
    : undefined;
  const base = k.config.baseUrl;
  const checkout = await startCheckout(
    { db, tenantId, provider, audit },
    customer.customer_id,
    input.planIds,
    trialDays,
    credit?.code ?? null,
    credit?.coupon.id ?? null,
    {
      successUrl: `${base}/confirmSignUp?username=${encodeURIComponent(email)}`,
      cancelUrl: `${base}/signUpWithTenant?canceled=true&cart=${encodeURIComponent(input.planIds.join(','))}`,
    },
    { signup: 'true', user_id: String(userId) },
  );
  return { status: 200, data: { object: 'checkout.session', id: checkout.id, url: checkout.url } };
}
