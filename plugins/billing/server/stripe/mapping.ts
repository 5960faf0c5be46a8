/**
 * Stripe objects -> the provider interface's shapes, and the interface's requests -> Stripe parameters.
 * Pure functions (no network, no database); unit-tested in plugins/billing/tests/stripe-mapping.test.ts.
 *
 * Written for the API version the installed SDK pins (stripe 23), and tolerant of the older shapes a
 * webhook endpoint on an older API version sends: `current_period_*` on the subscription (now on its items),
 * `invoice.discount` (now `discounts`), `line.price` / `line.plan` (now `pricing.price_details.price`),
 * `promotion_code.coupon` (now `promotion.coupon`).
 */
import type Stripe from 'stripe';
import type {
  ModuleMoniker,
  PlanCurrency,
  PlanInterval,
  PlanMetadata,
  ProductMetadata,
  ProviderPlan,
  ProviderProduct,
} from '../../shared/types';
import type {
  CheckoutRequest,
  ProviderCoupon,
  ProviderEvent,
  ProviderInvoice,
  ProviderInvoiceLine,
  ProviderPromotionCode,
  ProviderSubscription,
  SubscriptionChange,
} from '../provider';

type Loose = Record<string, unknown>;
/** An id, whether Stripe sent the id or the expanded object. */
export const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strings = (m: Stripe.Metadata | null | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(m ?? {}).filter(([, v]) => typeof v === 'string'));

const MODULES: readonly ModuleMoniker[] = ['Core', 'AIR', 'Customer Success'];
const CURRENCIES: readonly PlanCurrency[] = ['usd', 'cad'];
const INTERVALS: readonly PlanInterval[] = ['month', 'year'];
const PRODUCT_KEYS = [
  'sort',
  'highlighted',
  'hidden',
  'limit_max_companies',
  'module_moniker',
  'trial_period_days',
  'details',
] as const;
const PLAN_KEYS = ['details', 'ver', 'addon'] as const;

/** The plan of an active recurring price in USD or CAD, billed monthly or yearly; null for any other price. */
export function planFromPrice(price: Stripe.Price): ProviderPlan | null {
  const currency = price.currency?.toLowerCase() as PlanCurrency;
  const interval = price.recurring?.interval as PlanInterval | undefined;
  if (
    !price.active ||
    price.type !== 'recurring' ||
    !interval ||
    !INTERVALS.includes(interval) ||
    (price.recurring?.interval_count ?? 1) !== 1
  )
    return null;
  if (!CURRENCIES.includes(currency) || typeof price.unit_amount !== 'number') return null;
  const metadata: PlanMetadata = {};
  for (const key of PLAN_KEYS) if (typeof price.metadata?.[key] === 'string') metadata[key] = price.metadata[key];
  return { id: price.id, amount: price.unit_amount, currency, interval, nickname: price.nickname ?? '', metadata };
}

/**
 * The catalogue from Stripe's active products and active recurring prices: products that carry the
 * catalogue's metadata (module_moniker one of Core, AIR, Customer Success; limit_max_companies) and at
 * least one plan, sorted by metadata.sort then name; plans by amount ascending.
 */
export function productsFromStripe(
  products: readonly Stripe.Product[],
  prices: readonly Stripe.Price[],
): ProviderProduct[] {
  const plansByProduct = new Map<string, ProviderPlan[]>();
  for (const price of prices) {
    const plan = planFromPrice(price);
    const productId = idOf(price.product as string | { id: string });
    if (!plan || !productId) continue;
    plansByProduct.set(productId, [...(plansByProduct.get(productId) ?? []), plan]);
  }
  const out: ProviderProduct[] = [];
  for (const p of products) {
    const module = p.metadata?.module_moniker as ModuleMoniker | undefined;
    const plans = plansByProduct.get(p.id) ?? [];
    if (
      !p.active ||
      !module ||
      !MODULES.includes(module) ||
      p.metadata.limit_max_companies === undefined ||
      plans.length === 0
    )
      continue;
    const metadata = {} as ProductMetadata;
    for (const key of PRODUCT_KEYS)
      if (typeof p.metadata[key] === 'string') (metadata as unknown as Record<string, string>)[key] = p.metadata[key];
    metadata.sort ??= '0';
    out.push({
      id: p.id,
      name: p.name,
      description: p.description ?? '',
      metadata,
      plans: [...plans].sort((a, b) => a.amount - b.amount || a.id.localeCompare(b.id)),
    });
  }
  return out.sort(
    (a, b) => (Number(a.metadata.sort) || 0) - (Number(b.metadata.sort) || 0) || a.name.localeCompare(b.name),
  );
}

/** A subscription; the current period is read from the items (API 2025-03-31 and later) or the subscription (older). */
export function mapSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const legacy = sub as unknown as Loose;
  const items = sub.items?.data ?? [];
  const starts = items.map((i) => num(i.current_period_start)).filter((n): n is number => n !== null);
  const ends = items.map((i) => num(i.current_period_end)).filter((n): n is number => n !== null);
  return {
    id: sub.id,
    customerId: idOf(sub.customer as string | { id: string }) ?? '',
    status: sub.status,
    items: items.map((i) => ({
      id: i.id,
      planId: i.price?.id ?? idOf((i as unknown as { plan?: { id: string } }).plan) ?? '',
      quantity: i.quantity ?? 1,
    })),
    currentPeriodStart: num(legacy.current_period_start) ?? (starts.length ? Math.min(...starts) : sub.start_date),
    currentPeriodEnd: num(legacy.current_period_end) ?? (ends.length ? Math.max(...ends) : sub.start_date),
    startDate: sub.start_date,
    trialEnd: sub.trial_end ?? null,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    canceledAt: sub.canceled_at ?? null,
    metadata: strings(sub.metadata),
  };
}

export function mapCoupon(c: Stripe.Coupon): ProviderCoupon {
  return {
    id: c.id,
    name: c.name ?? null,
    percentOff: c.percent_off ?? null,
    amountOff: c.amount_off ?? null,
    currency: c.currency ?? null,
    duration: c.duration,
    durationInMonths: c.duration_in_months ?? null,
    valid: c.valid !== false,
    metadata: strings(c.metadata),
  };
}

/** A promotion code; null when its coupon was not expanded (list with expand data.promotion.coupon). */
export function mapPromotionCode(p: Stripe.PromotionCode): ProviderPromotionCode | null {
  const coupon = (p.promotion?.coupon ?? (p as unknown as { coupon?: Stripe.Coupon | string }).coupon) as
    Stripe.Coupon | string | null | undefined;
  if (!coupon || typeof coupon === 'string') return null;
  return { id: p.id, code: p.code, active: p.active, coupon: mapCoupon(coupon), metadata: strings(p.metadata) };
}

/** The price id of an invoice line in either shape. */
function linePlanId(line: Stripe.InvoiceLineItem): string | null {
  const fromPricing = line.pricing?.price_details?.price;
  if (fromPricing) return idOf(fromPricing as string | { id: string });
  const legacy = line as unknown as { price?: { id: string } | null; plan?: { id: string } | null };
  return idOf(legacy.price ?? legacy.plan ?? null);
}

function mapDiscount(inv: Stripe.Invoice): ProviderInvoice['discount'] {
  const legacy = (inv as unknown as { discount?: { coupon?: Stripe.Coupon | null } | null }).discount;
  const first = (inv.discounts ?? []).find(
    (d): d is Stripe.Discount => typeof d === 'object' && d !== null && !(d as { deleted?: boolean }).deleted,
  );
  const coupon = (first?.source?.coupon ?? legacy?.coupon ?? null) as Stripe.Coupon | string | null;
  if (!coupon) return null;
  if (typeof coupon === 'string') return { couponId: coupon, name: null, percentOff: null, amountOff: null };
  return {
    couponId: coupon.id,
    name: coupon.name ?? null,
    percentOff: coupon.percent_off ?? null,
    amountOff: coupon.amount_off ?? null,
  };
}

/** An invoice (or an invoice preview: pass preview so its id, which cannot be retrieved, becomes null). */
export function mapInvoice(inv: Stripe.Invoice, opts: { preview?: boolean } = {}): ProviderInvoice {
  const lines: ProviderInvoiceLine[] = (inv.lines?.data ?? []).map((l) => ({
    description: l.description ?? '',
    amount: l.amount,
    planId: linePlanId(l),
    periodStart: l.period?.start ?? inv.period_start,
    periodEnd: l.period?.end ?? inv.period_end,
  }));
  return {
    id: opts.preview ? null : (inv.id ?? null),
    number: inv.number ?? null,
    status: inv.status ?? null,
    currency: inv.currency,
    subtotal: inv.subtotal,
    total: inv.total,
    amountDue: inv.amount_due,
    amountPaid: inv.amount_paid,
    created: inv.created,
    periodStart: inv.period_start,
    periodEnd: inv.period_end,
    nextPaymentAttempt: inv.next_payment_attempt ?? null,
    hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
    invoicePdf: inv.invoice_pdf ?? null,
    lines,
    discount: mapDiscount(inv),
  };
}

/** The subscription an invoice belongs to (parent.subscription_details, or the older top-level field). */
export function invoiceSubscriptionId(inv: Stripe.Invoice): string | null {
  const fromParent = inv.parent?.subscription_details?.subscription;
  if (fromParent) return idOf(fromParent as string | { id: string });
  return idOf((inv as unknown as { subscription?: string | { id: string } | null }).subscription ?? null);
}

/** Stripe's event reduced to the interface's event: the subscription, the checkout session or the customer it is about. */
export function mapEvent(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as unknown as Loose & { object?: string };
  const out: ProviderEvent = { id: event.id, type: event.type, created: event.created };
  switch (object.object) {
    case 'subscription': {
      const sub = mapSubscription(object as unknown as Stripe.Subscription);
      out.subscription = sub;
      out.customerId = sub.customerId;
      break;
    }
    case 'checkout.session': {
      const s = object as unknown as Stripe.Checkout.Session;
      out.customerId = idOf(s.customer as string | { id: string }) ?? undefined;
      out.checkoutSession = {
        id: s.id,
        customerId: out.customerId ?? '',
        subscriptionId: idOf(s.subscription as string | { id: string } | null),
        metadata: strings(s.metadata),
      };
      break;
    }
    case 'invoice':
      out.customerId =
        idOf((object as unknown as Stripe.Invoice).customer as string | { id: string } | null) ?? undefined;
      break;
    case 'customer':
      out.customerId = String(object.id);
      break;
    default:
      if (typeof object.customer === 'string') out.customerId = object.customer;
  }
  return out;
}

/** Checkout in subscription mode: the plans as line items, the trial, the discount (or promotion codes allowed), the tenant in metadata. */
export function checkoutSessionParams(
  req: CheckoutRequest,
  discount: Stripe.Checkout.SessionCreateParams.Discount | null,
): Stripe.Checkout.SessionCreateParams {
  if (req.planIds.length === 0) throw new Error('A checkout needs at least one plan');
  const metadata = { ...req.metadata, tenant_id: String(req.tenantId) };
  const subscriptionData: Stripe.Checkout.SessionCreateParams.SubscriptionData = { metadata };
  if (req.trialDays && req.trialDays > 0) subscriptionData.trial_period_days = Math.floor(req.trialDays);
  return {
    mode: 'subscription',
    customer: req.customerId,
    client_reference_id: String(req.tenantId),
    line_items: req.planIds.map((price) => ({ price, quantity: 1 })),
    subscription_data: subscriptionData,
    metadata,
    success_url: req.successUrl,
    cancel_url: req.cancelUrl,
    // Stripe takes either a discount or the promotion-code field on its page, not both.
    ...(discount ? { discounts: [discount] } : { allow_promotion_codes: true }),
  };
}

/**
 * The update of a subscription: items of removed plans deleted, added plans as new items, prorated unless
 * prorate is false; the trial ended now; the coupon set (null removes it).
 */
export function subscriptionUpdateParams(
  current: ProviderSubscription,
  change: SubscriptionChange,
): Stripe.SubscriptionUpdateParams {
  const items: Stripe.SubscriptionUpdateParams.Item[] = [];
  for (const planId of change.removePlanIds ?? []) {
    const matching = current.items.filter((i) => i.planId === planId);
    if (matching.length === 0) throw new Error(`Plan ${planId} is not on subscription ${current.id}`);
    for (const item of matching) items.push({ id: item.id, deleted: true });
  }
  for (const planId of change.addPlanIds ?? []) {
    if (current.items.some((i) => i.planId === planId) && !(change.removePlanIds ?? []).includes(planId))
      throw new Error(`Plan ${planId} is already on subscription ${current.id}`);
    items.push({ price: planId, quantity: 1 });
  }
  const params: Stripe.SubscriptionUpdateParams = {};
  if (items.length) {
    params.items = items;
    params.proration_behavior = change.prorate === false ? 'none' : 'create_prorations';
  }
  if (change.endTrialNow) params.trial_end = 'now';
  if (change.couponId !== undefined) params.discounts = change.couponId ? [{ coupon: change.couponId }] : '';
  return params;
}

/** Stripe's answer when a customer has nothing to preview (code invoice_upcoming_none). */
export function isNoUpcomingInvoice(e: unknown): boolean {
  const err = e as { code?: string; message?: string; raw?: { code?: string; message?: string } } | null;
  const code = err?.code ?? err?.raw?.code;
  const message = err?.message ?? err?.raw?.message ?? '';
  return code === 'invoice_upcoming_none' || message.includes('No upcoming invoices for customer');
}

/** Stripe's answer for an id that does not exist (code resource_missing). */
export function isResourceMissing(e: unknown): boolean {
  const err = e as { code?: string; statusCode?: number } | null;
  return err?.code === 'resource_missing';
}
