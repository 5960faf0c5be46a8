/**
 * The embedded billing provider: the default when no Stripe key is configured. It keeps its own objects
 * (customers, subscriptions, checkout sessions, invoices, coupons, promotion codes) in this database, serves
 * its own checkout page (/v3/billing/checkout/:sessionId, see checkout.ts and page-routes.ts) and completes
 * subscriptions locally. No card is charged: a checkout stores the card's brand and last 4 digits and
 * invoices are recorded as paid.
 *
 * Inside a request it works in the request's transaction (`createEmbeddedProvider(k, trx)`); without one,
 * each call runs in its own system-scope transaction.
 */
import { HttpError, badRequest, type Kernel, type Trx } from '../../../../kernel/index';
import { CATALOGUE, flattenCatalogue } from '../../shared/catalogue';
import type { FlatPlan } from '../../shared/types';
import type {
  BillingProvider,
  CheckoutRequest,
  ProviderInvoice,
  ProviderSubscription,
  SubscriptionChange,
} from '../provider';
import {
  addInterval,
  buildInvoice,
  couponActive,
  DAY,
  prorationLines,
  rollForward,
  type InvoiceLine,
} from './billing-math';
import { newId } from './ids';
import { portalToken } from './portal-token';
import {
  findCoupon,
  getCustomer,
  getSubscription,
  insertCustomer,
  insertInvoice,
  insertSession,
  invoicesOf,
  mathCoupon,
  promotionCodes,
  saveSubscription,
  subscriptionsOf,
  toProviderSubscription,
  type SubRow,
} from './store';

const CHECKOUT_TTL_SECONDS = 24 * 3600;
const PLANS = new Map(flattenCatalogue(CATALOGUE).map((p) => [p.stripe_plan_id, p]));
const now = () => Math.floor(Date.now() / 1000);

const checkoutUrl = (baseUrl: string, sessionId: string) => `${baseUrl}/v3/billing/checkout/${sessionId}`;

/** The embedded catalogue's plans of ids, all known, one currency and one interval. */
function embeddedPlans(planIds: readonly string[]): FlatPlan[] {
  if (!planIds.length)
    throw badRequest('Choose at least one plan.', [{ path: 'body.planIds', message: 'Choose at least one plan.' }]);
  const unknown = planIds.filter((id) => !PLANS.has(id));
  if (unknown.length)
    throw badRequest(`Unknown plan(s): ${unknown.join(', ')}`, [
      { path: 'body.planIds', message: `Unknown plan(s): ${unknown.join(', ')}` },
    ]);
  if (new Set(planIds).size !== planIds.length)
    throw badRequest('A plan is listed twice.', [{ path: 'body.planIds', message: 'A plan is listed twice.' }]);
  const plans = planIds.map((id) => PLANS.get(id)!);
  if (new Set(plans.map((p) => p.plan_currency)).size > 1 || new Set(plans.map((p) => p.plan_interval)).size > 1) {
    throw badRequest('All plans of a subscription must have the same currency and billing interval.', [
      { path: 'body.planIds', message: 'Plans in mixed currencies or intervals.' },
    ]);
  }
  return plans;
}

/** Rolls a subscription forward to now (renewal invoices, trial end, cancel at period end) and saves it. */
async function advanceSubscription(db: Trx, s: SubRow, at = now()): Promise<SubRow> {
  const { state, renewals } = rollForward(
    {
      status: s.status,
      interval: s.interval,
      currentPeriodStart: s.current_period_start,
      currentPeriodEnd: s.current_period_end,
      trialEnd: s.trial_end,
      cancelAtPeriodEnd: s.cancel_at_period_end,
      canceledAt: s.canceled_at,
    },
    at,
  );
  if (!renewals.length && state.status === s.status) return s;
  const next: SubRow = {
    ...s,
    status: state.status,
    current_period_start: state.currentPeriodStart,
    current_period_end: state.currentPeriodEnd,
    canceled_at: state.canceledAt,
    updated: at,
  };
  const plans = s.items.map((i) => PLANS.get(i.plan_id)).filter((p): p is FlatPlan => !!p);
  for (const r of renewals) {
    const coupon = next.coupon_id ? mathCoupon(await findCoupon(db, next.coupon_id)) : null;
    const applies = coupon && couponActive(coupon, next.coupon_start ?? r.periodStart, r.periodStart) ? coupon : null;
    const inv = buildInvoice({
      plans,
      quantities: Object.fromEntries(s.items.map((i) => [i.plan_id, i.quantity])),
      currency: s.currency,
      periodStart: r.periodStart,
      periodEnd: r.periodEnd,
      pending: next.pending_lines,
      coupon: applies,
    });
    await insertInvoice(db, s.tenant_id, s.customer_id, s.subscription_id, inv, r.periodStart);
    next.pending_lines = [];
    if (applies?.duration === 'once' && inv.subtotal > 0) {
      next.coupon_id = null;
      next.coupon_start = null;
    }
  }
  await saveSubscription(db, next, false);
  return next;
}

/** Creates a subscription (trialing when trialDays > 0) with its first invoice. */
export async function createEmbeddedSubscription(
  db: Trx,
  input: {
    customerId: string;
    planIds: string[];
    trialDays: number | null;
    couponId?: string | null;
    metadata: Record<string, string>;
  },
  at = now(),
): Promise<SubRow> {
  const customer = await getCustomer(db, input.customerId);
  const plans = embeddedPlans(input.planIds);
  const coupon = input.couponId ? await findCoupon(db, input.couponId) : null;
  if (input.couponId && (!coupon || !coupon.valid))
    throw badRequest(`No such coupon: '${input.couponId}'`, [{ path: 'body.couponId', message: 'Unknown coupon.' }]);
  const interval = plans[0].plan_interval;
  const currency = plans[0].plan_currency;
  const trialEnd = input.trialDays && input.trialDays > 0 ? at + input.trialDays * DAY : null;
  const s: SubRow = {
    tenant_id: customer.tenant_id,
    subscription_id: newId('sub'),
    customer_id: customer.customer_id,
    status: trialEnd ? 'trialing' : 'active',
    currency,
    interval,
    current_period_start: at,
    current_period_end: trialEnd ?? addInterval(at, interval),
    start_date: at,
    trial_end: trialEnd,
    cancel_at_period_end: false,
    canceled_at: null,
    coupon_id: coupon?.id ?? null,
    coupon_start: coupon ? at : null,
    pending_lines: [],
    metadata: { ...input.metadata },
    updated: at,
    items: plans.map((p, i) => ({
      item_id: newId('si'),
      plan_id: p.stripe_plan_id,
      quantity: 1,
      created: at * 1000 + i,
    })),
  };
  const applies = mathCoupon(coupon);
  const inv = buildInvoice({
    plans,
    currency,
    periodStart: at,
    periodEnd: s.current_period_end,
    coupon: applies,
    trial: !!trialEnd,
  });
  if (applies?.duration === 'once' && inv.subtotal > 0) {
    s.coupon_id = null;
    s.coupon_start = null;
  }
  await saveSubscription(db, s, true);
  await insertInvoice(db, s.tenant_id, s.customer_id, s.subscription_id, inv, at);
  return s;
}

async function changeSubscription(db: Trx, id: string, change: SubscriptionChange, at = now()): Promise<SubRow> {
  const s = await advanceSubscription(db, await getSubscription(db, id), at);
  if (['canceled', 'incomplete_expired'].includes(s.status))
    throw new HttpError(409, 'This subscription is cancelled: start a new one instead.', 'subscription_canceled');
  const next: SubRow = { ...s, items: [...s.items], pending_lines: [...s.pending_lines], updated: at };
  const present = new Set(s.items.map((i) => i.plan_id));
  const remove = (change.removePlanIds ?? []).filter((p) => present.has(p));
  const missing = (change.removePlanIds ?? []).filter((p) => !present.has(p));
  if (missing.length)
    throw badRequest(`The subscription has no plan ${missing.join(', ')}.`, [
      { path: 'body.planIds', message: `Not in the subscription: ${missing.join(', ')}` },
    ]);
  const add = change.addPlanIds ?? [];
  const addPlans = add.length ? embeddedPlans(add) : [];
  for (const p of addPlans) {
    if (present.has(p.stripe_plan_id) && !remove.includes(p.stripe_plan_id))
      throw badRequest(`The subscription already has ${p.product_name}.`, [
        { path: 'body.planIds', message: `Already subscribed: ${p.stripe_plan_id}` },
      ]);
    if (p.plan_currency !== s.currency || p.plan_interval !== s.interval)
      throw badRequest('All plans of a subscription must have the same currency and billing interval.', [
        { path: 'body.planIds', message: 'Plans in mixed currencies or intervals.' },
      ]);
  }
  next.items = next.items.filter((i) => !remove.includes(i.plan_id));
  addPlans.forEach((p, i) =>
    next.items.push({ item_id: newId('si'), plan_id: p.stripe_plan_id, quantity: 1, created: at * 1000 + i + 1 }),
  );
  if (!next.items.length)
    throw badRequest('A subscription needs at least one plan: cancel the subscription instead.', [
      { path: 'body.planIds', message: 'No plan would be left.' },
    ]);
  if ((change.prorate ?? true) && ['active', 'past_due'].includes(s.status)) {
    next.pending_lines.push(
      ...prorationLines({
        added: addPlans,
        removed: remove.map((r) => PLANS.get(r)).filter((p): p is FlatPlan => !!p),
        periodStart: s.current_period_start,
        periodEnd: s.current_period_end,
        now: at,
      }),
    );
  }
  if (change.couponId !== undefined) {
    if (change.couponId === null) {
      next.coupon_id = null;
      next.coupon_start = null;
    } else {
      const c = await findCoupon(db, change.couponId);
      if (!c || !c.valid)
        throw badRequest(`No such coupon: '${change.couponId}'`, [
          { path: 'body.couponId', message: 'Unknown coupon.' },
        ]);
      if (c.amountOff !== null && (c.currency ?? '').toLowerCase() !== s.currency)
        throw badRequest(
          `Coupon ${c.id} is in ${String(c.currency).toUpperCase()}, the subscription in ${s.currency.toUpperCase()}.`,
          [{ path: 'body.couponId', message: 'Coupon in another currency.' }],
        );
      next.coupon_id = c.id;
      next.coupon_start = at;
    }
  }
  let chargeNow = false;
  if (change.endTrialNow) {
    if (s.status !== 'trialing') throw new HttpError(409, 'This subscription is not in a trial.', 'not_trialing');
    const customer = await getCustomer(db, s.customer_id);
    if (!customer.card_last4)
      throw new HttpError(402, 'A card is needed to end the trial: update the payment method first.', 'card_required');
    next.status = 'active';
    next.trial_end = at;
    next.current_period_start = at;
    next.current_period_end = addInterval(at, s.interval);
    chargeNow = true;
  }
  await saveSubscription(db, next, false);
  if (chargeNow) {
    const plans = next.items.map((i) => PLANS.get(i.plan_id)).filter((p): p is FlatPlan => !!p);
    const coupon = next.coupon_id ? mathCoupon(await findCoupon(db, next.coupon_id)) : null;
    const applies = coupon && couponActive(coupon, next.coupon_start ?? at, at) ? coupon : null;
    const inv = buildInvoice({
      plans,
      currency: s.currency,
      periodStart: at,
      periodEnd: next.current_period_end,
      pending: next.pending_lines,
      coupon: applies,
    });
    await insertInvoice(db, s.tenant_id, s.customer_id, s.subscription_id, inv, at);
    next.pending_lines = [];
    if (applies?.duration === 'once' && inv.subtotal > 0) {
      next.coupon_id = null;
      next.coupon_start = null;
    }
    await saveSubscription(db, next, false);
  }
  return next;
}

/** The next invoice of the customer's first live subscription (renewing soonest); null when none will renew. */
async function nextInvoice(db: Trx, customerId: string, at = now()): Promise<ProviderInvoice | null> {
  const subs = [];
  for (const s of await subscriptionsOf(db, customerId)) subs.push(await advanceSubscription(db, s, at));
  const live = subs
    .filter((s) => ['active', 'trialing', 'past_due'].includes(s.status) && !s.cancel_at_period_end)
    .sort((a, b) => a.current_period_end - b.current_period_end);
  const s = live[0];
  if (!s) return null;
  const start = s.current_period_end;
  const end = addInterval(start, s.interval);
  const plans = s.items.map((i) => PLANS.get(i.plan_id)).filter((p): p is FlatPlan => !!p);
  const coupon = s.coupon_id ? mathCoupon(await findCoupon(db, s.coupon_id)) : null;
  const applies = coupon && couponActive(coupon, s.coupon_start ?? start, start) ? coupon : null;
  const inv = buildInvoice({
    plans,
    quantities: Object.fromEntries(s.items.map((i) => [i.plan_id, i.quantity])),
    currency: s.currency,
    periodStart: start,
    periodEnd: end,
    pending: s.pending_lines as InvoiceLine[],
    coupon: applies,
  });
  return {
    id: null,
    number: null,
    status: 'draft',
    currency: inv.currency,
    subtotal: inv.subtotal,
    total: inv.total,
    amountDue: inv.total,
    amountPaid: 0,
    created: at,
    periodStart: start,
    periodEnd: end,
    nextPaymentAttempt: start,
    hostedInvoiceUrl: null,
    invoicePdf: null,
    lines: inv.lines,
    discount: inv.discount,
  };
}

export function createEmbeddedProvider(k: Kernel, trx?: Trx): BillingProvider {
  const run = <T>(fn: (db: Trx) => Promise<T>): Promise<T> => (trx ? fn(trx) : k.db.withSystem(fn));
  const baseUrl = k.config.baseUrl;
  return {
    name: 'embedded',
    listProducts: async () => CATALOGUE,
    createCustomer: ({ email, name, tenantId }) => run((db) => insertCustomer(db, tenantId, email, name)),
    updateCustomerEmail: (customerId, email) =>
      run(async (db) => {
        await getCustomer(db, customerId);
        await db('embedded_customers').where({ customer_id: customerId }).update({ email });
      }),
    createCheckoutSession: (req: CheckoutRequest) =>
      run(async (db) => {
        const customer = await getCustomer(db, req.customerId);
        embeddedPlans(req.planIds);
        const couponId = req.discountCode ? await resolveCouponId(db, req.discountCode) : null;
        const id = newId('cs');
        const at = now();
        await insertSession(db, {
          tenant_id: customer.tenant_id,
          session_id: id,
          customer_id: customer.customer_id,
          mode: 'subscription',
          plan_ids: req.planIds,
          trial_days: req.trialDays,
          coupon_id: couponId,
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          metadata: req.metadata,
          created: at,
          expires_at: at + CHECKOUT_TTL_SECONDS,
        });
        return { id, url: checkoutUrl(baseUrl, id), object: 'checkout.session' as const };
      }),
    createSubscription: (input) =>
      run(async (db) => toProviderSubscription(await createEmbeddedSubscription(db, input))),
    listSubscriptions: (customerId) =>
      run(async (db) => {
        const out: ProviderSubscription[] = [];
        for (const s of await subscriptionsOf(db, customerId))
          out.push(toProviderSubscription(await advanceSubscription(db, s)));
        return out;
      }),
    retrieveSubscription: (id) =>
      run(async (db) => toProviderSubscription(await advanceSubscription(db, await getSubscription(db, id)))),
    updateSubscription: (id, change) =>
      run(async (db) => toProviderSubscription(await changeSubscription(db, id, change))),
    cancelSubscription: (id) =>
      run(async (db) => {
        const s = await advanceSubscription(db, await getSubscription(db, id));
        if (s.status === 'canceled') return toProviderSubscription(s);
        const at = now();
        const next: SubRow = {
          ...s,
          status: 'canceled',
          canceled_at: at,
          cancel_at_period_end: false,
          pending_lines: [],
          updated: at,
        };
        await saveSubscription(db, next, false);
        return toProviderSubscription(next);
      }),
    createPortalSession: (customerId, returnUrl) =>
      run(async (db) => {
        await getCustomer(db, customerId);
        return { url: `${baseUrl}/v3/billing/portal/${portalToken(k.config.secret, customerId, returnUrl)}` };
      }),
    createUpdatePaymentSession: (customerId, _tenantId, returnUrl) =>
      run(async (db) => {
        const customer = await getCustomer(db, customerId);
        const id = newId('cs');
        const at = now();
        await insertSession(db, {
          tenant_id: customer.tenant_id,
          session_id: id,
          customer_id: customerId,
          mode: 'setup',
          plan_ids: [],
          trial_days: null,
          coupon_id: null,
          success_url: returnUrl,
          cancel_url: returnUrl,
          metadata: {},
          created: at,
          expires_at: at + CHECKOUT_TTL_SECONDS,
        });
        return { id, url: checkoutUrl(baseUrl, id), object: 'checkout.session' as const };
      }),
    upcomingInvoice: (customerId) =>
      run(async (db) => {
        await getCustomer(db, customerId);
        return nextInvoice(db, customerId);
      }),
    listInvoices: (customerId, limit) =>
      run(async (db) => {
        await getCustomer(db, customerId);
        return invoicesOf(db, customerId, limit);
      }),
    retrieveCoupon: (couponId) => run((db) => findCoupon(db, couponId)),
    listPromotionCodes: (code) => run((db) => promotionCodes(db, code)),
  };
}

/** A promotion code's coupon, or a coupon id as given; unknown codes are refused. */
async function resolveCouponId(db: Trx, code: string): Promise<string> {
  const promo = (await promotionCodes(db, code))[0];
  if (promo) return promo.coupon.id;
  const coupon = await findCoupon(db, code);
  if (coupon?.valid) return coupon.id;
  throw badRequest(`Unknown discount code: ${code}`, [
    { path: 'body.discountCode', message: 'Unknown discount code.' },
  ]);
}
