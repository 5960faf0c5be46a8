/**
 * The subscription actions of POST /v3/manager/stripe/subscription/ (platform.md 7.3), provider-neutral:
 * each validates against the tenant's state, asks the provider, applies the provider's answer to the
 * tenant's state (applySubscription) and is audited.
 */
import { HttpError, badRequest, conflict, notFound, type Caller, type Kernel, type Trx } from '../../../kernel/index';
import { cartTotal, cartTrialDays } from '../shared/cart-rules';
import { ENDED_STATUSES } from '../shared/status';
import type { FlatPlan, PlanCurrency, PlanInterval } from '../shared/types';
import { activeCompanyCount } from './access';
import { ensureCustomer, findCustomer } from './customers';
import { resolveDiscount } from './discounts';
import { billingOf } from './billing-of';
import type { BillingProvider, ProviderSubscription } from './provider';
import {
  applySubscription,
  loadSubscriptionRows,
  openCheckoutSessions,
  recordCheckoutSession,
  removeSubscriptionsNotIn,
  type SubscriptionRowOut,
} from './state';

export const CHECKOUT_TTL_MS = 24 * 3600 * 1000;

export interface BillingCtx {
  k: Kernel;
  db: Trx;
  tenantId: number;
  caller: Caller | null;
  provider: BillingProvider;
  audit(action: string, details?: Record<string, unknown>, target?: string): Promise<void>;
}

export interface ActionResult {
  subscriptions: SubscriptionRowOut[];
  checkout?: { id: string; url: string };
}

export const MSG_NO_LIVE_SUBSCRIPTION = 'There is no active subscription: choose plans on the Subscription page first.';

/** The tenant's rows with each module's active company count. */
export function tenantRows(ctx: Pick<BillingCtx, 'k' | 'db' | 'tenantId'>): Promise<SubscriptionRowOut[]> {
  return loadSubscriptionRows(billingOf(ctx.k).plans, ctx.db, ctx.tenantId, (m) =>
    activeCompanyCount(ctx.k, ctx.db, ctx.tenantId, m),
  );
}

interface LiveSub {
  id: string;
  status: string;
  currency: PlanCurrency;
  interval: PlanInterval;
  rows: SubscriptionRowOut[];
}

/** Subscriptions that have not ended, oldest first, with their rows. */
async function liveSubscriptions(ctx: BillingCtx): Promise<LiveSub[]> {
  const rows = await loadSubscriptionRows(billingOf(ctx.k).plans, ctx.db, ctx.tenantId);
  const out = new Map<string, LiveSub>();
  for (const r of rows) {
    if (ENDED_STATUSES.includes(r.subscription_status)) continue;
    const s = out.get(r.stripe_subscription_id) ?? {
      id: r.stripe_subscription_id,
      status: r.subscription_status,
      currency: r.plan_currency ?? 'usd',
      interval: r.plan_interval,
      rows: [],
    };
    s.rows.push(r);
    out.set(s.id, s);
  }
  return [...out.values()];
}

/** Same slot: an add-on by its product, any other plan by its module (one plan per module besides add-ons). */
const sameSlot = (row: SubscriptionRowOut, p: FlatPlan) =>
  p.addon_flag
    ? row.stripe_product_id === p.stripe_product_id
    : row.module_moniker === p.module_moniker && !row.addon_flag;

/** Known plans of one currency and interval; unknown ids and mixtures are refused with the field named. */
export async function plansOf(ctx: Pick<BillingCtx, 'k' | 'db'>, planIds: string[]): Promise<FlatPlan[]> {
  const { plans, unknown } = await billingOf(ctx.k).plans.resolve(ctx.db, planIds);
  if (unknown.length)
    throw badRequest(`Unknown plan(s): ${unknown.join(', ')}`, [
      { path: 'body.planIds', message: `Unknown plan(s): ${unknown.join(', ')}` },
    ]);
  if (new Set(planIds).size !== planIds.length)
    throw badRequest('A plan is listed twice.', [{ path: 'body.planIds', message: 'A plan is listed twice.' }]);
  if (new Set(plans.map((p) => p.plan_currency)).size > 1 || new Set(plans.map((p) => p.plan_interval)).size > 1) {
    throw badRequest('The plans must all have the same currency and billing interval.', [
      { path: 'body.planIds', message: 'Plans in mixed currencies or intervals.' },
    ]);
  }
  const modules = plans.filter((p) => !p.addon_flag).map((p) => p.module_moniker);
  const twice = modules.find((m, i) => modules.indexOf(m) !== i);
  if (twice)
    throw badRequest(`Choose one ${twice} plan.`, [{ path: 'body.planIds', message: `More than one ${twice} plan.` }]);
  return plans;
}

function sameBilling(s: LiveSub, plans: FlatPlan[]): void {
  if (plans.some((p) => p.plan_currency !== s.currency || p.plan_interval !== s.interval)) {
    const msg = `Your subscription is billed in ${s.currency.toUpperCase()} ${s.interval === 'month' ? 'monthly' : 'annually'}: choose plans in the same currency and interval.`;
    throw badRequest(msg, [{ path: 'body.planIds', message: msg }]);
  }
}

const tenantMeta = (ctx: BillingCtx) => ({ tenant_id: String(ctx.tenantId) });

async function apply(ctx: BillingCtx, sub: ProviderSubscription): Promise<void> {
  await applySubscription(ctx.k, ctx.db, ctx.tenantId, sub);
}

async function result(ctx: BillingCtx, checkout?: { id: string; url: string }): Promise<ActionResult> {
  return { subscriptions: await tenantRows(ctx), ...(checkout ? { checkout } : {}) };
}

async function ownSubscription(
  ctx: BillingCtx,
  id: string,
): Promise<{ stripe_subscription_id: string; status: string }> {
  const s = await ctx
    .db('billing_subscriptions')
    .where({ tenant_id: ctx.tenantId, stripe_subscription_id: id })
    .first('stripe_subscription_id', 'status');
  if (!s) throw notFound(`Subscription ${id} not found`);
  return s;
}

export async function cancel(ctx: BillingCtx, subscriptionId?: string): Promise<ActionResult> {
  let ids: string[];
  if (subscriptionId) {
    const s = await ownSubscription(ctx, subscriptionId);
    if (ENDED_STATUSES.includes(s.status)) throw conflict('This subscription is already cancelled.');
    ids = [s.stripe_subscription_id];
  } else {
    ids = (await liveSubscriptions(ctx)).map((s) => s.id);
    if (!ids.length) throw conflict('There is no active subscription to cancel.');
  }
  for (const id of ids) await apply(ctx, await ctx.provider.cancelSubscription(id));
  await ctx.audit('billing.subscription.cancel', { subscriptions: ids, provider: ctx.provider.name });
  return result(ctx);
}

/** update: each plan replaces the subscription's plan of the same module (an upgrade or a change of tier). */
export async function update(ctx: BillingCtx, planIds: string[]): Promise<ActionResult> {
  const plans = await plansOf(ctx, planIds);
  const live = await liveSubscriptions(ctx);
  if (!live.length) throw conflict(MSG_NO_LIVE_SUBSCRIPTION);
  const changes = new Map<string, { add: string[]; remove: string[] }>();
  for (const p of plans) {
    const target =
      live.find((s) => s.rows.some((r) => sameSlot(r, p))) ??
      live.find((s) => s.currency === p.plan_currency && s.interval === p.plan_interval) ??
      live[0];
    sameBilling(target, [p]);
    if (target.rows.some((r) => r.stripe_plan_id === p.stripe_plan_id)) continue;
    const c = changes.get(target.id) ?? { add: [], remove: [] };
    c.add.push(p.stripe_plan_id);
    c.remove.push(...target.rows.filter((r) => sameSlot(r, p)).map((r) => r.stripe_plan_id));
    changes.set(target.id, c);
  }
  if (!changes.size)
    throw badRequest('Your subscription already has these plans.', [
      { path: 'body.planIds', message: 'Nothing to change.' },
    ]);
  for (const [id, c] of changes)
    await apply(
      ctx,
      await ctx.provider.updateSubscription(id, { addPlanIds: c.add, removePlanIds: [...new Set(c.remove)] }),
    );
  await ctx.audit('billing.subscription.update', {
    plan_ids: planIds,
    changes: Object.fromEntries(changes),
    provider: ctx.provider.name,
  });
  return result(ctx);
}

/**
 * addPlans: plans for slots the tenant does not have yet. With a live subscription they are added to it (the
 * card on file pays, prorated); without one: free plans subscribe directly, others go through a checkout
 * (an open checkout for the same plans is reused).
 */
export async function addPlans(
  ctx: BillingCtx,
  planIds: string[],
  discountCode: string | null | undefined,
  email: string,
): Promise<ActionResult> {
  const plans = await plansOf(ctx, planIds);
  const live = await liveSubscriptions(ctx);
  for (const p of plans) {
    const has = live.flatMap((s) => s.rows).find((r) => sameSlot(r, p));
    if (has) {
      const msg = `Your subscription already includes ${has.product_name} (${p.module_moniker}): change it with update instead.`;
      throw badRequest(msg, [{ path: 'body.planIds', message: msg }]);
    }
  }
  const { plan_currency: currency, plan_interval: interval } = plans[0];
  const couponId = discountCode ? await resolveDiscount(ctx.provider, discountCode, currency, interval) : undefined;
  if (live.length) {
    const target = live.find((s) => s.currency === currency && s.interval === interval) ?? live[0];
    sameBilling(target, plans);
    await apply(
      ctx,
      await ctx.provider.updateSubscription(target.id, { addPlanIds: planIds, ...(couponId ? { couponId } : {}) }),
    );
    await ctx.audit(
      'billing.subscription.addPlans',
      { plan_ids: planIds, subscription: target.id, discount: discountCode ?? null, provider: ctx.provider.name },
      target.id,
    );
    return result(ctx);
  }
  const customer = await ensureCustomer(ctx.db, ctx.tenantId, ctx.provider, { email });
  const hadSubscription = !!(await ctx
    .db('billing_subscriptions')
    .where({ tenant_id: ctx.tenantId })
    .first('stripe_subscription_id'));
  const trialDays = hadSubscription ? 0 : cartTrialDays(plans);
  if (cartTotal(plans) === 0) {
    const sub = await ctx.provider.createSubscription({
      customerId: customer.customer_id,
      planIds,
      trialDays: trialDays || null,
      couponId: couponId ?? null,
      metadata: tenantMeta(ctx),
    });
    await apply(ctx, sub);
    await ctx.audit(
      'billing.subscription.create',
      { plan_ids: planIds, subscription: sub.id, provider: ctx.provider.name },
      sub.id,
    );
    return result(ctx);
  }
  const checkout = await startCheckout(
    ctx,
    customer.customer_id,
    planIds,
    trialDays,
    discountCode ?? null,
    couponId ?? null,
    {
      successUrl: `${ctx.k.config.baseUrl}/subscription?checkout=success`,
      cancelUrl: `${ctx.k.config.baseUrl}/subscription?checkout=canceled`,
    },
  );
  return result(ctx, checkout);
}

/** A checkout for plans: the open one for the same plans and discount is reused (idempotent retries). */
export async function startCheckout(
  ctx: Pick<BillingCtx, 'db' | 'tenantId' | 'provider' | 'audit'>,
  customerId: string,
  planIds: string[],
  trialDays: number,
  discountCode: string | null,
  couponId: string | null,
  urls: { successUrl: string; cancelUrl: string },
  metadata: Record<string, string> = {},
): Promise<{ id: string; url: string }> {
  const wanted = [...planIds].sort().join(',');
  const open = (await openCheckoutSessions(ctx.db, ctx.tenantId, 'subscription')).find(
    (s) =>
      s.provider === ctx.provider.name && s.customer_id === customerId && [...s.plan_ids].sort().join(',') === wanted,
  );
  const stored = open
    ? await ctx
        .db('billing_checkout_sessions')
        .where({ tenant_id: ctx.tenantId, session_id: open.session_id })
        .first('discount_code')
    : null;
  if (open && (stored?.discount_code ?? null) === (discountCode ?? null)) return { id: open.session_id, url: open.url };
  const session = await ctx.provider.createCheckoutSession({
    customerId,
    tenantId: ctx.tenantId,
    planIds,
    trialDays: trialDays || null,
    discountCode: couponId,
    successUrl: urls.successUrl,
    cancelUrl: urls.cancelUrl,
    metadata: { tenant_id: String(ctx.tenantId), ...metadata },
  });
  await recordCheckoutSession(ctx.db, ctx.tenantId, {
    sessionId: session.id,
    provider: ctx.provider.name,
    customerId,
    url: session.url,
    mode: 'subscription',
    planIds,
    discountCode,
    expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
  });
  await ctx.audit(
    'billing.checkout.create',
    {
      plan_ids: planIds,
      session: session.id,
      trial_days: trialDays,
      discount: discountCode,
      provider: ctx.provider.name,
    },
    session.id,
  );
  return { id: session.id, url: session.url };
}

/** cancelPlans: removes plans; a subscription left without plans is cancelled. */
export async function cancelPlans(ctx: BillingCtx, planIds: string[]): Promise<ActionResult> {
  const live = await liveSubscriptions(ctx);
  const missing = planIds.filter((id) => !live.some((s) => s.rows.some((r) => r.stripe_plan_id === id)));
  if (missing.length)
    throw badRequest(`Not in your subscription: ${missing.join(', ')}`, [
      { path: 'body.planIds', message: `Not in your subscription: ${missing.join(', ')}` },
    ]);
  for (const s of live) {
    const remove = s.rows.filter((r) => planIds.includes(r.stripe_plan_id)).map((r) => r.stripe_plan_id);
    if (!remove.length) continue;
    const sub =
      remove.length === s.rows.length
        ? await ctx.provider.cancelSubscription(s.id)
        : await ctx.provider.updateSubscription(s.id, { removePlanIds: remove });
    await apply(ctx, sub);
  }
  await ctx.audit('billing.subscription.cancelPlans', { plan_ids: planIds, provider: ctx.provider.name });
  return result(ctx);
}

export async function convertTrialToPaid(ctx: BillingCtx, subscriptionId: string): Promise<ActionResult> {
  const s = await ownSubscription(ctx, subscriptionId);
  if (s.status !== 'trialing') throw conflict(`This subscription is not in a trial (status: ${s.status}).`);
  await apply(ctx, await ctx.provider.updateSubscription(subscriptionId, { endTrialNow: true }));
  await ctx.audit('billing.subscription.convertTrialToPaid', { provider: ctx.provider.name }, subscriptionId);
  return result(ctx);
}

export async function updateEmail(ctx: BillingCtx, email: string): Promise<ActionResult & { email: string }> {
  const existing = await findCustomer(ctx.db, ctx.tenantId, ctx.provider);
  const customer = existing ?? (await ensureCustomer(ctx.db, ctx.tenantId, ctx.provider, { email }));
  if (existing) await ctx.provider.updateCustomerEmail(customer.customer_id, email);
  await ctx
    .db('billing_customers')
    .where({ tenant_id: ctx.tenantId, provider: ctx.provider.name })
    .update({ email, updated_at: new Date() });
  await ctx.audit('billing.customer.updateEmail', { email, provider: ctx.provider.name }, customer.customer_id);
  return { ...(await result(ctx)), email };
}

export async function addCoupon(ctx: BillingCtx, couponId: string): Promise<ActionResult> {
  const live = await liveSubscriptions(ctx);
  if (!live.length) throw conflict(MSG_NO_LIVE_SUBSCRIPTION);
  const applied: string[] = [];
  for (const s of live) {
    const coupon = await resolveDiscount(ctx.provider, couponId, s.currency, s.interval, 'body.couponId');
    await apply(ctx, await ctx.provider.updateSubscription(s.id, { couponId: coupon }));
    applied.push(s.id);
  }
  await ctx.audit('billing.subscription.addCoupon', {
    coupon: couponId,
    subscriptions: applied,
    provider: ctx.provider.name,
  });
  return result(ctx);
}

/** sync: the provider's subscriptions of the tenant's customer replace the tenant's state. */
export async function sync(
  ctx: Pick<BillingCtx, 'k' | 'db' | 'tenantId' | 'provider'>,
): Promise<{ synced: number; removed: number }> {
  const customer = await findCustomer(ctx.db, ctx.tenantId, ctx.provider);
  if (!customer) return { synced: 0, removed: 0 };
  const subs = await ctx.provider.listSubscriptions(customer.customer_id);
  for (const s of subs) await applySubscription(ctx.k, ctx.db, ctx.tenantId, s);
  const removed = await removeSubscriptionsNotIn(
    ctx.k,
    ctx.db,
    ctx.tenantId,
    customer.customer_id,
    subs.map((s) => s.id),
  );
  return { synced: subs.length, removed };
}

export function requireCustomerMessage(): HttpError {
  return new HttpError(
    409,
    'There is no billing account for this tenant yet: subscribe to a plan first.',
    'no_customer',
  );
}
