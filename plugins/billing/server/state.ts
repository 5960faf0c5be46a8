/**
 * Subscription state: what the provider last reported, per tenant. Both providers and the Stripe webhook
 * end in `applySubscription`; the API, module access and the write guard read these rows.
 */
import type { Kernel, Trx } from '../../../kernel/index';
import type { ModuleMoniker, PlanCurrency, PlanInterval, SubscriptionRow } from '../shared/types';
import type { PlanFacts } from './plans';
import type { ProviderName, ProviderSubscription } from './provider';
import { refreshTenantAccess } from './tenant-access';

/** The kernel whose state changes: its module access is refreshed. */
type ChangingKernel = Pick<Kernel, 'access' | 'realtime'>;

interface ApplyResult {
  applied: boolean;
  reason?: 'older';
}

const toDate = (unixSeconds: number | null | undefined): Date | null =>
  unixSeconds === null || unixSeconds === undefined ? null : new Date(unixSeconds * 1000);
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function providerOfCustomer(trx: Trx, customerId: string, sub: ProviderSubscription): Promise<ProviderName> {
  const c = await trx('billing_customers').where({ customer_id: customerId }).first('provider');
  if (c) return c.provider as ProviderName;
  return sub.metadata?.provider === 'embedded' ? 'embedded' : 'stripe';
}

/**
 * Upserts the rows of one provider subscription (the subscription and one row per item), removes the rows of
 * items no longer present, and refreshes the tenant's module access. An event older (`created`, unix seconds)
 * than the last one applied to this subscription changes nothing; without eventCreated (a state read from the
 * provider just now) the state is applied and stamped with the current time. k is the kernel making the change.
 */
export async function applySubscription(
  k: ChangingKernel,
  trx: Trx,
  tenantId: number,
  sub: ProviderSubscription,
  eventCreated?: number,
): Promise<ApplyResult> {
  const existing = await trx('billing_subscriptions')
    .where({ tenant_id: tenantId, stripe_subscription_id: sub.id })
    .first('last_event_created');
  const last = existing ? Number(existing.last_event_created) : 0;
  if (eventCreated !== undefined && existing && eventCreated < last) return { applied: false, reason: 'older' };
  const stamp = Math.max(last, eventCreated ?? nowSeconds());
  const provider = await providerOfCustomer(trx, sub.customerId, sub);
  const row = {
    tenant_id: tenantId,
    stripe_subscription_id: sub.id,
    provider,
    customer_id: sub.customerId,
    status: sub.status,
    current_start_date: toDate(sub.currentPeriodStart),
    current_end_date: toDate(sub.currentPeriodEnd),
    original_start_date: toDate(sub.startDate),
    trial_end: toDate(sub.trialEnd),
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: toDate(sub.canceledAt),
    metadata: JSON.stringify(sub.metadata ?? {}),
    last_event_created: stamp,
    updated_at: new Date(),
  };
  await trx('billing_subscriptions').insert(row).onConflict(['tenant_id', 'stripe_subscription_id']).merge();
  const itemIds = sub.items.map((i) => i.id);
  const gone = trx('billing_subscription_items').where({ tenant_id: tenantId, stripe_subscription_id: sub.id });
  if (itemIds.length) gone.whereNotIn('item_id', itemIds);
  await gone.delete();
  for (const item of sub.items) {
    // A plan moved to another item id (replaced item): the old row goes first.
    await trx('billing_subscription_items')
      .where({ tenant_id: tenantId, stripe_subscription_id: sub.id, stripe_plan_id: item.planId })
      .whereNot({ item_id: item.id })
      .delete();
    await trx('billing_subscription_items')
      .insert({
        tenant_id: tenantId,
        stripe_subscription_id: sub.id,
        item_id: item.id,
        stripe_plan_id: item.planId,
        quantity: item.quantity,
      })
      .onConflict(['tenant_id', 'stripe_subscription_id', 'item_id'])
      .merge();
  }
  refreshTenantAccess(k, trx, tenantId);
  return { applied: true };
}

/** Removes the tenant's subscriptions of a customer that the provider no longer lists (sync). */
export async function removeSubscriptionsNotIn(
  k: ChangingKernel,
  trx: Trx,
  tenantId: number,
  customerId: string,
  keepIds: readonly string[],
): Promise<number> {
  const q = trx('billing_subscriptions').where({ tenant_id: tenantId, customer_id: customerId });
  if (keepIds.length) q.whereNotIn('stripe_subscription_id', keepIds);
  const n = await q.delete();
  if (n) refreshTenantAccess(k, trx, tenantId);
  return n;
}

/** A subscription row of the API (section 3) with the extra fields the subscription page shows. */
export interface SubscriptionRowOut extends SubscriptionRow {
  stripe_product_id: string | null;
  plan_currency: PlanCurrency | null;
  plan_cost_per_period: number | null;
  addon_flag: boolean;
  hidden_flag: boolean;
  quantity: number;
  item_id: string;
  trial_end: string | null;
  cancel_at_period_end: boolean;
  provider: ProviderName;
}

interface JoinedRow {
  stripe_subscription_id: string;
  provider: ProviderName;
  customer_id: string;
  status: string;
  current_start_date: Date | string;
  current_end_date: Date | string;
  original_start_date: Date | string;
  trial_end: Date | string | null;
  cancel_at_period_end: boolean;
  item_id: string;
  stripe_plan_id: string;
  quantity: number;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * The tenant's subscription rows (one per item), oldest subscription first. Items whose plan is in no known
 * catalogue (the kernel's plan facts) are left out (they grant no module). activeCompanies counts the tenant's
 * active companies of a module.
 */
export async function loadSubscriptionRows(
  plans: PlanFacts,
  trx: Trx,
  tenantId: number,
  activeCompanies?: (module: ModuleMoniker) => Promise<number>,
): Promise<SubscriptionRowOut[]> {
  const rows: JoinedRow[] = await trx('billing_subscriptions as s')
    .join('billing_subscription_items as i', function join() {
      this.on('i.tenant_id', 's.tenant_id').andOn('i.stripe_subscription_id', 's.stripe_subscription_id');
    })
    .where('s.tenant_id', tenantId)
    .orderBy([{ column: 's.original_start_date' }, { column: 's.stripe_subscription_id' }, { column: 'i.item_id' }])
    .select(
      's.stripe_subscription_id',
      's.provider',
      's.customer_id',
      's.status',
      's.current_start_date',
      's.current_end_date',
      's.original_start_date',
      's.trial_end',
      's.cancel_at_period_end',
      'i.item_id',
      'i.stripe_plan_id',
      'i.quantity',
    );
  const affiliate = await trx('billing_customers')
    .where({ tenant_id: tenantId })
    .whereNotNull('affiliate_code')
    .first('affiliate_code');
  const counts = new Map<ModuleMoniker, number>();
  const out: SubscriptionRowOut[] = [];
  for (const r of rows) {
    const plan = plans.facts(r.stripe_plan_id);
    if (!plan) continue;
    if (activeCompanies && !counts.has(plan.module_moniker))
      counts.set(plan.module_moniker, await activeCompanies(plan.module_moniker));
    out.push({
      stripe_subscription_id: r.stripe_subscription_id,
      stripe_plan_id: r.stripe_plan_id,
      subscription_status: r.status,
      module_moniker: plan.module_moniker,
      product_name: plan.product_name,
      plan_name: `${plan.product_name} ${plan.plan_currency.toUpperCase()} ${plan.plan_interval === 'month' ? 'Monthly' : 'Annual'}`,
      plan_interval: plan.plan_interval as PlanInterval,
      current_start_date: iso(r.current_start_date)!,
      current_end_date: iso(r.current_end_date)!,
      original_start_date: iso(r.original_start_date)!,
      limit_max_companies: plan.limit_max_companies,
      module_active_companies: counts.get(plan.module_moniker) ?? 0,
      affiliate_code: affiliate?.affiliate_code ?? null,
      stripe_product_id: plan.stripe_product_id,
      plan_currency: plan.plan_currency,
      plan_cost_per_period: plan.plan_cost_per_period,
      addon_flag: plan.addon_flag,
      hidden_flag: plan.hidden_flag,
      quantity: Number(r.quantity),
      item_id: r.item_id,
      trial_end: iso(r.trial_end),
      cancel_at_period_end: !!r.cancel_at_period_end,
      provider: r.provider,
    });
  }
  return out;
}

interface CheckoutRecord {
  sessionId: string;
  provider: ProviderName;
  customerId: string;
  url: string;
  mode: 'subscription' | 'setup';
  planIds: string[];
  discountCode?: string | null;
  expiresAt: Date;
}

export async function recordCheckoutSession(trx: Trx, tenantId: number, c: CheckoutRecord): Promise<void> {
  await trx('billing_checkout_sessions').insert({
    tenant_id: tenantId,
    session_id: c.sessionId,
    provider: c.provider,
    customer_id: c.customerId,
    url: c.url,
    mode: c.mode,
    plan_ids: c.planIds,
    discount_code: c.discountCode ?? null,
    expires_at: c.expiresAt,
    status: 'open',
  });
}

/** Marks a checkout session complete (with its subscription) or expired. Returns whether a row changed. */
export async function markCheckoutSession(
  trx: Trx,
  sessionId: string,
  status: 'complete' | 'expired',
  subscriptionId?: string | null,
): Promise<boolean> {
  const n = await trx('billing_checkout_sessions')
    .where({ session_id: sessionId })
    .update({
      status,
      ...(status === 'complete' ? { completed_at: new Date(), stripe_subscription_id: subscriptionId ?? null } : {}),
    });
  return n > 0;
}

interface OpenCheckout {
  session_id: string;
  url: string;
  plan_ids: string[];
  mode: 'subscription' | 'setup';
  expires_at: Date;
  customer_id: string;
  provider: ProviderName;
}

/** The tenant's open, unexpired checkout sessions of a mode, newest first. */
export async function openCheckoutSessions(
  trx: Trx,
  tenantId: number,
  mode: 'subscription' | 'setup' = 'subscription',
): Promise<OpenCheckout[]> {
  return trx('billing_checkout_sessions')
    .where({ tenant_id: tenantId, status: 'open', mode })
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .select('session_id', 'url', 'plan_ids', 'mode', 'expires_at', 'customer_id', 'provider');
}
