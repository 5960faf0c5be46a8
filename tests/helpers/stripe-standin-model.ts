/**
 * The in-memory Stripe account behind the stand-in (tests/helpers/stripe-standin.ts): customers, products,
 * prices, coupons, promotion codes, discounts, checkout sessions, subscriptions with items, invoices with
 * prorations, setup intents, payment methods, portal sessions and the events Stripe would send, in the
 * object shapes of the API version the installed SDK pins. Behaviour follows Stripe's rules where our code
 * relies on them: a subscription's prices share currency and interval; without a payment method a paid
 * subscription starts `incomplete`; ending a trial (`trial_end=now`) bills a new period; listing
 * subscriptions leaves canceled ones out unless asked; a customer with nothing to bill has no upcoming
 * invoice (404 invoice_upcoming_none). Test-only code.
 */
import crypto from 'node:crypto';
import Stripe from 'stripe';
import type { ProviderProduct } from '../../plugins/billing/shared/types';

// Stripe objects are JSON: the stand-in keeps them as plain records.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;
type Params = Obj;

export class StandInError extends Error {
  constructor(
    public status: number,
    public type: string,
    public code: string | undefined,
    message: string,
    public param?: string,
  ) {
    super(message);
  }
  toJSON() {
    return {
      error: {
        type: this.type,
        ...(this.code ? { code: this.code } : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        doc_url: this.code ? `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}` : undefined,
      },
    };
  }
}
const missing = (what: string, id: string, param = 'id') =>
  new StandInError(404, 'invalid_request_error', 'resource_missing', `No such ${what}: '${id}'`, param);
const required = (param: string) =>
  new StandInError(400, 'invalid_request_error', 'parameter_missing', `Missing required param: ${param}.`, param);
const invalid = (message: string, param?: string, code?: string) =>
  new StandInError(400, 'invalid_request_error', code, message, param);

export const newId = (prefix: string) =>
  `${prefix}_${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16)}`;
const clone = <T>(v: T): T => structuredClone(v);
const bool = (v: unknown) => v === true || v === 'true';
const int = (v: unknown, param: string): number => {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isInteger(n)) throw invalid(`Invalid integer: ${String(v)}`, param, 'parameter_invalid_integer');
  return n;
};
/** Stripe's metadata update: merged; an empty string removes a key; an empty metadata clears all. */
function mergeMetadata(current: Obj, update: unknown): Obj {
  if (update === undefined) return current;
  if (update === '' || update === null) return {};
  const out = { ...current };
  for (const [k, v] of Object.entries(update as Obj)) {
    if (v === '') delete out[k];
    else out[k] = String(v);
  }
  return out;
}
const arrayParam = (v: unknown): Obj[] =>
  (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : []) as Obj[];

export function addInterval(ts: number, interval: string, count = 1): number {
  const d = new Date(ts * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + count);
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else d.setUTCDate(d.getUTCDate() + count);
  return Math.floor(d.getTime() / 1000);
}

export interface StandInEvent extends Obj {
  id: string;
  type: string;
  created: number;
}

export class StripeModel {
  customers = new Map<string, Obj>();
  products = new Map<string, Obj>();
  prices = new Map<string, Obj>();
  coupons = new Map<string, Obj>();
  promotionCodes = new Map<string, Obj>();
  discounts = new Map<string, Obj>();
  sessions = new Map<string, Obj>();
  subscriptions = new Map<string, Obj>();
  invoices = new Map<string, Obj>();
  invoiceItems = new Map<string, Obj>();
  setupIntents = new Map<string, Obj>();
  paymentMethods = new Map<string, Obj>();
  portalSessions = new Map<string, Obj>();
  events: StandInEvent[] = [];
  /** Customers whose card is declined from now on. */
  declined = new Set<string>();
  /** Checkout data kept off the session object (as Stripe does): subscription_data and line items. */
  private sessionExtras = new Map<string, { lineItems: Obj[]; subscriptionData: Obj; setupIntentData: Obj }>();
  private offset = 0;
  private invoiceSeq = 0;
  /** The request being served (events name it, as Stripe's do). */
  currentRequest: { id: string; idempotencyKey: string | null } | null = null;

  constructor(public baseUrl: string) {}

  /** Stripe's clock (unix seconds); advance() moves it forward. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.offset;
  }
  advance(seconds: number): void {
    this.offset += seconds;
  }

  // ---- events ----------------------------------------------------------------------------------------
  emit(type: string, object: Obj, previous?: Obj): StandInEvent {
    const event: StandInEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.now(),
      data: {
        object: clone(object),
        ...(previous && Object.keys(previous).length ? { previous_attributes: clone(previous) } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: this.currentRequest?.id ?? null, idempotency_key: this.currentRequest?.idempotencyKey ?? null },
      type,
    };
    this.events.push(event);
    return event;
  }

  // ---- catalogue -------------------------------------------------------------------------------------
  seedCatalogue(products: readonly ProviderProduct[]): void {
    for (const p of products) {
      this.createProduct({ id: p.id, name: p.name, description: p.description, metadata: p.metadata });
      for (const plan of p.plans) {
        this.createPrice({
          id: plan.id,
          product: p.id,
          unit_amount: plan.amount,
          currency: plan.currency,
          recurring: { interval: plan.interval },
          nickname: plan.nickname,
          metadata: plan.metadata,
        });
      }
    }
  }

  createProduct(p: Params): Obj {
    if (!p.name) throw required('name');
    const id = p.id ?? newId('prod');
    if (this.products.has(id)) throw invalid(`Product already exists.`, 'id', 'resource_already_exists');
    const now = this.now();
    const product = {
      id,
      object: 'product',
      active: p.active === undefined ? true : bool(p.active),
      created: now,
      default_price: null,
      description: p.description ?? null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: mergeMetadata({}, p.metadata),
      name: p.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      tax_details: null,
      type: 'service',
      unit_label: null,
      updated: now,
      url: null,
    };
    this.products.set(id, product);
    return product;
  }

  createPrice(p: Params): Obj {
    if (!p.currency) throw required('currency');
    if (!p.product) throw required('product');
    if (!this.products.has(p.product)) throw missing('product', p.product, 'product');
    const id = p.id ?? newId('price');
    const amount = int(p.unit_amount ?? 0, 'unit_amount');
    const recurring = p.recurring
      ? {
          interval: p.recurring.interval,
          interval_count: Number(p.recurring.interval_count ?? 1),
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null;
    const price = {
      id,
      object: 'price',
      active: p.active === undefined ? true : bool(p.active),
      billing_scheme: 'per_unit',
      created: this.now(),
      currency: String(p.currency).toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: mergeMetadata({}, p.metadata),
      nickname: p.nickname ?? null,
      product: p.product,
      recurring,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
    this.prices.set(id, price);
    return price;
  }

  price(id: string, param = 'price'): Obj {
    const p = this.prices.get(id);
    if (!p) throw missing('price', id, param);
    return p;
  }

  /** The legacy plan object Stripe still puts on subscription items. */
  private planOf(price: Obj): Obj {
    return {
      id: price.id,
      object: 'plan',
      active: price.active,
      amount: price.unit_amount,
      amount_decimal: String(price.unit_amount),
      billing_scheme: 'per_unit',
      created: price.created,
      currency: price.currency,
      interval: price.recurring?.interval,
      interval_count: price.recurring?.interval_count ?? 1,
      livemode: false,
      metadata: price.metadata,
      meter: null,
      nickname: price.nickname,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }

  // ---- customers and payment methods ------------------------------------------------------------------
  createCustomer(p: Params): Obj {
    const id = newId('cus');
    const customer = {
      id,
      object: 'customer',
      address: null,
      balance: 0,
      created: this.now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: p.description ?? null,
      discount: null,
      email: p.email ?? null,
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: p.payment_method ?? null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: mergeMetadata({}, p.metadata),
      name: p.name ?? null,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.customers.set(id, customer);
    this.emit('customer.created', customer);
    return customer;
  }

  customer(id: string, param = 'customer'): Obj {
    const c = this.customers.get(id);
    if (!c) throw missing('customer', id, param);
    return c;
  }

  updateCustomer(id: string, p: Params): Obj {
    const c = this.customer(id, 'id');
    const previous: Obj = {};
    for (const key of ['email', 'name', 'description'] as const) {
      if (p[key] !== undefined && p[key] !== c[key]) {
        previous[key] = c[key];
        c[key] = p[key] === '' ? null : p[key];
      }
    }
    if (p.metadata !== undefined) {
      previous.metadata = c.metadata;
      c.metadata = mergeMetadata(c.metadata, p.metadata);
    }
    const pm = p.invoice_settings?.default_payment_method;
    if (pm !== undefined) {
      if (pm && !this.paymentMethods.has(pm))
        throw missing('PaymentMethod', pm, 'invoice_settings[default_payment_method]');
      previous.invoice_settings = clone(c.invoice_settings);
      c.invoice_settings.default_payment_method = pm || null;
    }
    if (Object.keys(previous).length) this.emit('customer.updated', c, previous);
    return c;
  }

  /** A test card attached to the customer (what a customer enters on a checkout page). */
  attachCard(customerId: string, last4 = '4242'): Obj {
    const pm = {
      id: newId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: 'visa',
        country: 'US',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: 'credit',
        last4,
      },
      created: this.now(),
      customer: customerId,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  private paymentMethodFor(sub: Obj | null, customer: Obj): string | null {
    return (
      sub?.default_payment_method ?? customer.invoice_settings.default_payment_method ?? customer.default_source ?? null
    );
  }

  // ---- coupons, promotion codes, discounts ------------------------------------------------------------
  createCoupon(p: Params): Obj {
    if (p.percent_off === undefined && p.amount_off === undefined)
      throw invalid('You must pass either `percent_off` or `amount_off`.');
    if (p.amount_off !== undefined && !p.currency) throw required('currency');
    const id = p.id ?? newId('coupon').slice(7);
    if (this.coupons.has(id)) throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
    const duration = p.duration ?? 'once';
    const coupon = {
      id,
      object: 'coupon',
      amount_off: p.amount_off !== undefined ? int(p.amount_off, 'amount_off') : null,
      created: this.now(),
      currency: p.currency ?? null,
      duration,
      duration_in_months: duration === 'repeating' ? int(p.duration_in_months, 'duration_in_months') : null,
      livemode: false,
      max_redemptions: null,
      metadata: mergeMetadata({}, p.metadata),
      name: p.name ?? null,
      percent_off: p.percent_off !== undefined ? Number(p.percent_off) : null,
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
    };
    this.coupons.set(id, coupon);
    return coupon;
  }

  coupon(id: string, param = 'coupon'): Obj {
    const c = this.coupons.get(id);
    if (!c) throw missing('coupon', id, param);
    return c;
  }

  createPromotionCode(p: Params): Obj {
    const couponId = p.promotion?.coupon ?? p.coupon;
    if (!couponId) throw required('promotion[coupon]');
    this.coupon(couponId, 'promotion[coupon]');
    const code = p.code ?? newId('CODE').slice(5).toUpperCase();
    if ([...this.promotionCodes.values()].some((x) => x.active && x.code.toLowerCase() === String(code).toLowerCase()))
      throw invalid('An active promotion code with `code` already exists.', 'code');
    const promo = {
      id: newId('promo'),
      object: 'promotion_code',
      active: p.active === undefined ? true : bool(p.active),
      code,
      created: this.now(),
      customer: null,
      customer_account: null,
      expires_at: null,
      livemode: false,
      max_redemptions: null,
      metadata: mergeMetadata({}, p.metadata),
      promotion: { coupon: couponId, type: 'coupon' },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: 0,
    };
    this.promotionCodes.set(promo.id, promo);
    return promo;
  }

  /** Discount objects for `discounts[]` ({coupon} or {promotion_code}) applied to a subscription or session. */
  private makeDiscounts(
    list: Obj[],
    where: { customer: string | null; subscription?: string; checkout_session?: string },
    param: string,
  ): Obj[] {
    if (list.length > 1) throw invalid('Only one discount may be specified.', param);
    return list.map((d, i) => {
      let couponId = d.coupon as string | undefined;
      let promotionCode: string | null = null;
      if (d.promotion_code) {
        const promo = this.promotionCodes.get(d.promotion_code);
        if (!promo) throw missing('promotion code', d.promotion_code, `${param}[${i}][promotion_code]`);
        if (!promo.active)
          throw invalid(`This promotion code is inactive: '${promo.code}'`, `${param}[${i}][promotion_code]`);
        couponId = promo.promotion.coupon;
        promotionCode = promo.id;
      }
      if (!couponId) throw required(`${param}[${i}][coupon]`);
      const coupon = this.coupon(couponId, `${param}[${i}][coupon]`);
      if (!coupon.valid) throw invalid(`Coupon expired: ${couponId}`, `${param}[${i}][coupon]`);
      coupon.times_redeemed++;
      const start = this.now();
      const discount = {
        id: newId('di'),
        object: 'discount',
        checkout_session: where.checkout_session ?? null,
        customer: where.customer,
        customer_account: null,
        end: coupon.duration === 'repeating' ? addInterval(start, 'month', coupon.duration_in_months) : null,
        invoice: null,
        invoice_item: null,
        promotion_code: promotionCode,
        source: { coupon: couponId, type: 'coupon' },
        start,
        subscription: where.subscription ?? null,
        subscription_item: null,
      };
      this.discounts.set(discount.id, discount);
      return discount;
    });
  }

  private activeCoupons(discountIds: string[]): Obj[] {
    const now = this.now();
    return discountIds
      .map((id) => this.discounts.get(id))
      .filter((d): d is Obj => !!d && (d.end === null || d.end > now))
      .map((d) => ({ discount: d, coupon: this.coupons.get(d.source.coupon)! }));
  }

  /** Discount amounts of an invoice subtotal: percent or amount off (same currency). */
  private discountAmounts(
    discountIds: string[],
    subtotal: number,
    currency: string,
  ): { amount: number; discount: string }[] {
    let left = Math.max(0, subtotal);
    const out: { amount: number; discount: string }[] = [];
    for (const { discount, coupon } of this.activeCoupons(discountIds)) {
      let off = 0;
      if (coupon.percent_off !== null) off = Math.round((left * coupon.percent_off) / 100);
      else if (coupon.amount_off !== null && coupon.currency === currency) off = Math.min(left, coupon.amount_off);
      left -= off;
      out.push({ amount: off, discount: discount.id });
    }
    return out;
  }

  // ---- subscriptions ----------------------------------------------------------------------------------
  subscription(id: string, param = 'id'): Obj {
    const s = this.subscriptions.get(id);
    if (!s) throw missing('subscription', id, param);
    return s;
  }

  private makeItem(subId: string, price: Obj, quantity: number, start: number, end: number): Obj {
    return {
      id: newId('si'),
      object: 'subscription_item',
      billing_thresholds: null,
      created: this.now(),
      current_period_end: end,
      current_period_start: start,
      current_trial: null,
      discounts: [],
      metadata: {},
      plan: this.planOf(price),
      price: clone(price),
      quantity,
      subscription: subId,
      tax_rates: [],
    };
  }

  /** Stripe's rules for the prices of one subscription. */
  private checkPrices(prices: Obj[], param: string): void {
    const seen = new Set<string>();
    prices.forEach((price, i) => {
      if (price.type !== 'recurring')
        throw invalid(
          `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
          `${param}[${i}][price]`,
        );
      if (!price.active)
        throw invalid(
          `The price specified is inactive. This field only accepts active prices.`,
          `${param}[${i}][price]`,
        );
      if (seen.has(price.id))
        throw invalid(
          `Cannot add multiple subscription items with the same price: ${price.id}`,
          `${param}[${i}][price]`,
        );
      seen.add(price.id);
    });
    const first = prices[0];
    if (prices.some((p) => p.currency !== first.currency))
      throw invalid('All prices on a subscription must have the same `currency`.', param);
    if (
      prices.some(
        (p) =>
          p.recurring.interval !== first.recurring.interval ||
          p.recurring.interval_count !== first.recurring.interval_count,
      )
    ) {
      throw invalid(
        'Currently all prices on a subscription must have the same `recurring.interval` and `recurring.interval_count`.',
        param,
      );
    }
  }

  createSubscription(
    p: Params,
    opts: { defaultPaymentMethod?: string; checkoutSession?: string } = {},
  ): { subscription: Obj; invoice: Obj } {
    if (!p.customer) throw required('customer');
    const customer = this.customer(p.customer);
    const itemParams = arrayParam(p.items);
    if (itemParams.length === 0) throw required('items');
    const prices = itemParams.map((it, i) => {
      if (!it.price) throw required(`items[${i}][price]`);
      return this.price(it.price, `items[${i}][price]`);
    });
    this.checkPrices(prices, 'items');
    const now = this.now();
    let trialEnd: number | null = null;
    if (p.trial_period_days !== undefined) {
      const days = int(p.trial_period_days, 'trial_period_days');
      if (days < 1) throw invalid('trial_period_days must be at least 1.', 'trial_period_days');
      trialEnd = now + days * 86400;
    }
    if (p.trial_end !== undefined && p.trial_end !== 'now') trialEnd = int(p.trial_end, 'trial_end');
    const interval = prices[0].recurring.interval;
    const end = trialEnd ?? addInterval(now, interval);
    const id = newId('sub');
    const sub: Obj = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: end === trialEnd ? trialEnd : now,
      billing_cycle_anchor_config: null,
      billing_mode: { type: 'flexible' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: prices[0].currency,
      customer: customer.id,
      customer_account: null,
      days_until_due: null,
      default_payment_method: p.default_payment_method ?? opts.defaultPaymentMethod ?? null,
      default_source: null,
      default_tax_rates: [],
      description: p.description ?? null,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: {
        object: 'list',
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: mergeMetadata({}, p.metadata),
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: trialEnd ? 'trialing' : 'incomplete',
      test_clock: null,
      transfer_data: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? now : null,
    };
    sub.items.data = itemParams.map((it, i) =>
      this.makeItem(id, prices[i], it.quantity !== undefined ? int(it.quantity, `items[${i}][quantity]`) : 1, now, end),
    );
    sub.items.total_count = sub.items.data.length;
    sub.discounts = this.makeDiscounts(
      arrayParam(p.discounts),
      { customer: customer.id, subscription: id, checkout_session: opts.checkoutSession },
      'discounts',
    ).map((d) => d.id);
    this.subscriptions.set(id, sub);
    // The first invoice: the first period (or 0 during a trial); paid with the card on file, else the subscription stays incomplete.
    const invoice = this.billPeriod(sub, 'subscription_create', now, end);
    if (!trialEnd) sub.status = invoice.status === 'paid' ? 'active' : 'incomplete';
    this.emit('customer.subscription.created', sub);
    this.emitInvoiceOutcome(invoice);
    return { subscription: sub, invoice };
  }

  updateSubscription(id: string, p: Params): Obj {
    const sub = this.subscription(id);
    if (sub.status === 'canceled')
      throw invalid('A canceled subscription can only update its cancellation_details and metadata.', undefined);
    const before = clone(sub);
    const now = this.now();
    const proration = p.proration_behavior ?? 'create_prorations';
    if (!['create_prorations', 'none', 'always_invoice'].includes(proration))
      throw invalid(`Invalid proration_behavior: ${proration}`, 'proration_behavior');
    const prorationItems: Obj[] = [];
    const periodStart = sub.items.data[0].current_period_start;
    const periodEnd = sub.items.data[0].current_period_end;
    const prorate = (price: Obj, quantity: number, sign: 1 | -1, subItem: string) => {
      if (proration === 'none' || sub.status === 'trialing' || periodEnd <= now) return;
      const amount = sign * Math.round((price.unit_amount * quantity * (periodEnd - now)) / (periodEnd - periodStart));
      if (amount === 0) return;
      const item = {
        id: newId('ii'),
        object: 'invoiceitem',
        amount,
        currency: price.currency,
        customer: sub.customer,
        date: now,
        description: `${sign > 0 ? 'Remaining' : 'Unused'} time on ${price.nickname ?? price.id} after ${new Date(now * 1000).toISOString().slice(0, 10)}`,
        discountable: false,
        invoice: null,
        livemode: false,
        metadata: {},
        period: { end: periodEnd, start: now },
        price: clone(price),
        proration: true,
        quantity,
        subscription: sub.id,
        subscription_item: subItem,
      };
      this.invoiceItems.set(item.id, item);
      prorationItems.push(item);
    };
    if (p.items !== undefined) {
      const list = arrayParam(p.items);
      const items: Obj[] = [...sub.items.data];
      list.forEach((it, i) => {
        if (it.id) {
          const idx = items.findIndex((x) => x.id === it.id);
          if (idx < 0) throw missing('subscription item', it.id, `items[${i}][id]`);
          if (bool(it.deleted)) {
            prorate(items[idx].price, items[idx].quantity, -1, items[idx].id);
            items.splice(idx, 1);
            return;
          }
          if (it.price && it.price !== items[idx].price.id) {
            const price = this.price(it.price, `items[${i}][price]`);
            prorate(items[idx].price, items[idx].quantity, -1, items[idx].id);
            items[idx] = { ...items[idx], price: clone(price), plan: this.planOf(price) };
            prorate(price, items[idx].quantity, 1, items[idx].id);
          }
          if (it.quantity !== undefined)
            items[idx] = { ...items[idx], quantity: int(it.quantity, `items[${i}][quantity]`) };
          return;
        }
        if (!it.price) throw required(`items[${i}][price]`);
        const price = this.price(it.price, `items[${i}][price]`);
        const item = this.makeItem(
          sub.id,
          price,
          it.quantity !== undefined ? int(it.quantity, `items[${i}][quantity]`) : 1,
          periodStart,
          periodEnd,
        );
        items.push(item);
        prorate(price, item.quantity, 1, item.id);
      });
      if (items.length === 0) {
        for (const x of prorationItems) this.invoiceItems.delete(x.id);
        throw invalid(
          'A subscription must keep at least one item: cancel the subscription instead of deleting all of its items.',
          'items',
        );
      }
      try {
        this.checkPrices(
          items.map((x) => x.price),
          'items',
        );
      } catch (e) {
        for (const x of prorationItems) this.invoiceItems.delete(x.id);
        throw e;
      }
      sub.items.data = items;
      sub.items.total_count = items.length;
    }
    if (p.discounts !== undefined) {
      sub.discounts =
        p.discounts === ''
          ? []
          : this.makeDiscounts(
              arrayParam(p.discounts),
              { customer: sub.customer, subscription: sub.id },
              'discounts',
            ).map((d) => d.id);
    }
    if (p.default_payment_method !== undefined) {
      if (p.default_payment_method && !this.paymentMethods.has(p.default_payment_method))
        throw missing('PaymentMethod', p.default_payment_method, 'default_payment_method');
      sub.default_payment_method = p.default_payment_method || null;
    }
    if (p.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = bool(p.cancel_at_period_end);
      sub.cancel_at = sub.cancel_at_period_end ? periodEnd : null;
    }
    if (p.metadata !== undefined) sub.metadata = mergeMetadata(sub.metadata, p.metadata);
    let invoice: Obj | null = null;
    if (p.trial_end !== undefined) {
      if (p.trial_end === 'now') {
        if (sub.status === 'trialing') {
          // The trial ends: a new billing period starts now and is invoiced.
          const end = addInterval(now, sub.items.data[0].price.recurring.interval);
          sub.trial_end = now;
          sub.billing_cycle_anchor = now;
          sub.items.data = sub.items.data.map((x: Obj) => ({
            ...x,
            current_period_start: now,
            current_period_end: end,
          }));
          invoice = this.billPeriod(sub, 'subscription_cycle', now, end);
          sub.status = invoice.status === 'paid' ? 'active' : 'past_due';
        }
      } else {
        const end = int(p.trial_end, 'trial_end');
        if (end <= now)
          throw invalid('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
        sub.trial_end = end;
        sub.status = 'trialing';
        sub.items.data = sub.items.data.map((x: Obj) => ({ ...x, current_period_end: end }));
      }
    }
    if (!invoice && proration === 'always_invoice' && prorationItems.length)
      invoice = this.billPending(sub, 'subscription_update');
    const previous: Obj = {};
    for (const key of Object.keys(sub))
      if (JSON.stringify(sub[key]) !== JSON.stringify(before[key])) previous[key] = before[key];
    if (Object.keys(previous).length) this.emit('customer.subscription.updated', sub, previous);
    if (invoice) this.emitInvoiceOutcome(invoice);
    return sub;
  }

  cancelSubscription(id: string): Obj {
    const sub = this.subscription(id);
    if (sub.status === 'canceled') throw invalid(`This subscription has already been canceled: ${id}`, undefined);
    const now = this.now();
    Object.assign(sub, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancel_at_period_end: false,
      cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
    });
    // Pending prorations of a canceled subscription are not billed.
    for (const [k, item] of this.invoiceItems)
      if (item.subscription === id && !item.invoice) this.invoiceItems.delete(k);
    this.emit('customer.subscription.deleted', sub);
    return sub;
  }

  /** The next period of a subscription is billed (as at its renewal): paid, or the subscription goes past_due. */
  renew(id: string): { subscription: Obj; invoice: Obj } {
    const sub = this.subscription(id);
    const before = clone(sub);
    const start = sub.items.data[0].current_period_end;
    const end = addInterval(start, sub.items.data[0].price.recurring.interval);
    sub.items.data = sub.items.data.map((x: Obj) => ({ ...x, current_period_start: start, current_period_end: end }));
    if (sub.status === 'trialing') sub.trial_end = start;
    const invoice = this.billPeriod(sub, 'subscription_cycle', start, end);
    sub.status = invoice.status === 'paid' ? 'active' : 'past_due';
    const previous: Obj = {};
    for (const key of Object.keys(sub))
      if (JSON.stringify(sub[key]) !== JSON.stringify(before[key])) previous[key] = before[key];
    this.emit('customer.subscription.updated', sub, previous);
    this.emitInvoiceOutcome(invoice);
    return { subscription: sub, invoice };
  }

  listSubscriptions(p: Params): Obj[] {
    const status = p.status;
    return [...this.subscriptions.values()].filter(
      (s) =>
        (!p.customer || s.customer === p.customer) &&
        (status === 'all' || (status ? s.status === status : !['canceled', 'incomplete_expired'].includes(s.status))) &&
        (!p.price || s.items.data.some((i: Obj) => i.price.id === p.price)),
    );
  }

  // ---- invoices ---------------------------------------------------------------------------------------
  private line(
    inv: string | null,
    amount: number,
    price: Obj,
    quantity: number,
    start: number,
    end: number,
    sub: Obj,
    subItem: string | null,
    proration: boolean,
    description: string,
  ): Obj {
    return {
      id: newId('il'),
      object: 'line_item',
      amount,
      currency: price.currency,
      description,
      discount_amounts: [],
      discountable: !proration,
      discounts: [],
      invoice: inv,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration,
          proration_details: { credited_items: null },
          subscription: sub.id,
          subscription_item: subItem,
        },
      },
      period: { end, start },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: price.id, product: price.product },
        type: 'price_details',
        unit_amount_decimal: String(price.unit_amount),
      },
      quantity,
      subtotal: amount,
      taxes: [],
    };
  }

  private periodLines(inv: string | null, sub: Obj, start: number, end: number, trial: boolean): Obj[] {
    return sub.items.data.map((item: Obj) => {
      const amount = trial ? 0 : item.price.unit_amount * item.quantity;
      const name = item.price.nickname ?? item.price.id;
      return this.line(
        inv,
        amount,
        item.price,
        item.quantity,
        start,
        end,
        sub,
        item.id,
        false,
        `${trial ? 'Trial period for ' : ''}${item.quantity} × ${name}`,
      );
    });
  }

  private pendingLines(inv: string | null, sub: Obj): Obj[] {
    return [...this.invoiceItems.values()]
      .filter((ii) => ii.subscription === sub.id && !ii.invoice)
      .map((ii) =>
        this.line(
          inv,
          ii.amount,
          ii.price,
          ii.quantity,
          ii.period.start,
          ii.period.end,
          sub,
          ii.subscription_item,
          true,
          ii.description,
        ),
      );
  }

  private makeInvoice(
    sub: Obj,
    lines: Obj[],
    reason: string,
    periodStart: number,
    periodEnd: number,
    id: string,
    preview: boolean,
  ): Obj {
    const customer = this.customer(sub.customer);
    const subtotal = lines.reduce((n, l) => n + l.amount, 0);
    const discounted = lines.filter((l) => l.discountable).reduce((n, l) => n + l.amount, 0);
    const discountAmounts = this.discountAmounts(sub.discounts, discounted, sub.currency);
    const total = subtotal - discountAmounts.reduce((n, d) => n + d.amount, 0);
    return {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Lifecycle (test)',
      account_tax_ids: null,
      amount_due: Math.max(0, total),
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: Math.max(0, total),
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: !preview,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: preview ? periodStart : this.now(),
      currency: sub.currency,
      custom_fields: null,
      customer: customer.id,
      customer_account: null,
      customer_address: null,
      customer_email: customer.email,
      customer_name: customer.name,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: discountAmounts.map((d) => d.discount),
      due_date: null,
      effective_at: null,
      ending_balance: null,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: preview ? null : `${this.baseUrl}/i/${id}`,
      invoice_pdf: preview ? null : `${this.baseUrl}/i/${id}/pdf`,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: {
        object: 'list',
        data: lines,
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: preview ? periodStart : null,
      number: null,
      on_behalf_of: null,
      parent: {
        quote_details: null,
        subscription_details: { metadata: clone(sub.metadata), subscription: sub.id },
        type: 'subscription_details',
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: periodEnd,
      period_start: periodStart,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal,
      subtotal_excluding_tax: subtotal,
      test_clock: null,
      total,
      total_discount_amounts: discountAmounts,
      total_excluding_tax: total,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: null,
    };
  }

  /** Invoices a period (with pending prorations), finalizes it and charges the card on file. */
  private billPeriod(sub: Obj, reason: string, start: number, end: number): Obj {
    const id = newId('in');
    const trial = sub.status === 'trialing' && sub.trial_end !== null && sub.trial_end > start;
    const lines = [...this.pendingLines(id, sub), ...this.periodLines(id, sub, start, end, trial)];
    return this.finalizeAndPay(sub, this.makeInvoice(sub, lines, reason, start, end, id, false));
  }

  private billPending(sub: Obj, reason: string): Obj {
    const id = newId('in');
    const now = this.now();
    return this.finalizeAndPay(sub, this.makeInvoice(sub, this.pendingLines(id, sub), reason, now, now, id, false));
  }

  private finalizeAndPay(sub: Obj, invoice: Obj): Obj {
    const customer = this.customer(sub.customer);
    const now = this.now();
    for (const ii of this.invoiceItems.values()) if (ii.subscription === sub.id && !ii.invoice) ii.invoice = invoice.id;
    invoice.number = `${customer.invoice_prefix}-${String(++this.invoiceSeq).padStart(4, '0')}`;
    invoice.status = 'open';
    invoice.status_transitions.finalized_at = now;
    const pm = this.paymentMethodFor(sub, customer);
    if (invoice.amount_due === 0 || (pm && !this.declined.has(customer.id))) {
      Object.assign(invoice, {
        status: 'paid',
        amount_paid: invoice.amount_due,
        amount_remaining: 0,
        attempted: invoice.amount_due > 0,
        attempt_count: invoice.amount_due > 0 ? 1 : 0,
      });
      invoice.status_transitions.paid_at = now;
      // A once-only coupon is used up by the first invoice it reduced.
      for (const d of invoice.total_discount_amounts) {
        const discount = this.discounts.get(d.discount);
        if (discount && d.amount > 0 && this.coupons.get(discount.source.coupon)?.duration === 'once')
          discount.end = now;
      }
    } else if (pm) {
      Object.assign(invoice, { attempted: true, attempt_count: 1, next_payment_attempt: now + 3 * 86400 });
    }
    this.invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  private emitInvoiceOutcome(invoice: Obj): void {
    if (invoice.status === 'paid') this.emit('invoice.paid', invoice);
    else if (invoice.attempted) this.emit('invoice.payment_failed', invoice);
  }

  /** Invoices of a customer (or subscription), newest first. */
  listInvoices(p: Params): Obj[] {
    return [...this.invoices.values()]
      .filter(
        (i) =>
          (!p.customer || i.customer === p.customer) &&
          (!p.subscription || i.parent?.subscription_details?.subscription === p.subscription) &&
          (!p.status || i.status === p.status),
      )
      .reverse();
  }

  /** The preview of the next invoice: the next period of each subscription still running, with pending prorations and discounts. */
  previewInvoice(p: Params): Obj {
    if (!p.customer && !p.subscription)
      throw invalid('You must provide either `customer` or `subscription`.', 'customer');
    const customer = p.customer ? this.customer(p.customer) : null;
    const subs = [...this.subscriptions.values()].filter(
      (s) =>
        (!p.subscription || s.id === p.subscription) &&
        (!customer || s.customer === customer.id) &&
        ['active', 'trialing', 'past_due', 'unpaid', 'incomplete'].includes(s.status) &&
        !s.cancel_at_period_end,
    );
    const id = `upcoming_${newId('in')}`;
    const previews = subs.map((sub) => {
      const start = sub.items.data[0].current_period_end;
      const end = addInterval(start, sub.items.data[0].price.recurring.interval);
      return this.makeInvoice(
        sub,
        [...this.pendingLines(null, sub), ...this.periodLines(null, sub, start, end, false)],
        sub.status === 'trialing' ? 'subscription_cycle' : 'upcoming',
        start,
        end,
        id,
        true,
      );
    });
    if (previews.length === 0)
      throw new StandInError(
        404,
        'invalid_request_error',
        'invoice_upcoming_none',
        `No upcoming invoices for customer: ${customer?.id ?? p.subscription}`,
      );
    // The soonest invoice is the upcoming one.
    return previews.sort((a, b) => a.period_start - b.period_start)[0];
  }

  // ---- checkout, portal, setup ------------------------------------------------------------------------
  createCheckoutSession(p: Params): Obj {
    const mode = p.mode;
    if (!mode) throw required('mode');
    if (!['subscription', 'setup', 'payment'].includes(mode)) throw invalid(`Invalid mode: ${mode}`, 'mode');
    if (!p.success_url && p.ui_mode !== 'embedded_page') throw required('success_url');
    if (p.customer) this.customer(p.customer, 'customer');
    if (p.allow_promotion_codes !== undefined && p.discounts !== undefined)
      throw invalid('You may only specify one of these parameters: allow_promotion_codes, discounts.', 'discounts');
    const lineItems = arrayParam(p.line_items);
    let currency: string | null = p.currency ?? null;
    let amount = 0;
    if (mode === 'subscription') {
      if (lineItems.length === 0) throw required('line_items');
      const prices = lineItems.map((li, i) => {
        if (!li.price) throw required(`line_items[${i}][price]`);
        return this.price(li.price, `line_items[${i}][price]`);
      });
      this.checkPrices(prices, 'line_items');
      currency = prices[0].currency;
      amount = prices.reduce(
        (n, price, i) =>
          n +
          price.unit_amount *
            (lineItems[i].quantity !== undefined ? int(lineItems[i].quantity, `line_items[${i}][quantity]`) : 1),
        0,
      );
      const trial = p.subscription_data?.trial_period_days;
      if (trial !== undefined && int(trial, 'subscription_data[trial_period_days]') < 1)
        throw invalid(
          'subscription_data[trial_period_days] must be at least 1.',
          'subscription_data[trial_period_days]',
        );
    } else if (mode === 'setup') {
      if (lineItems.length) throw invalid('You cannot pass `line_items` in `setup` mode.', 'line_items');
      if (!currency && !p.allowed_payment_method_types)
        throw invalid(
          '`currency` is required in setup mode when `allowed_payment_method_types` is not set.',
          'currency',
        );
    }
    const id = `cs_test_${newId('x').slice(2)}`;
    const now = this.now();
    const discounts =
      mode === 'subscription'
        ? this.makeDiscounts(
            arrayParam(p.discounts),
            { customer: p.customer ?? null, checkout_session: id },
            'discounts',
          )
        : [];
    const session: Obj = {
      id,
      object: 'checkout.session',
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: p.allow_promotion_codes === undefined ? null : bool(p.allow_promotion_codes),
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: p.cancel_url ?? null,
      client_reference_id: p.client_reference_id ?? null,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created: now,
      currency,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: p.customer ?? null,
      customer_creation: p.customer ? null : 'if_required',
      customer_details: null,
      customer_email: p.customer_email ?? null,
      discounts: discounts.map((d) => ({
        coupon: d.promotion_code ? null : d.source.coupon,
        promotion_code: d.promotion_code,
      })),
      expires_at: now + 86400,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      metadata: mergeMetadata({}, p.metadata),
      mode,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: mode === 'subscription' ? 'always' : null,
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ['card'],
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      phone_number_collection: { enabled: false },
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: p.success_url ?? null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: `${this.baseUrl}/c/pay/${id}`,
      wallet_options: null,
    };
    this.sessions.set(id, session);
    this.sessionExtras.set(id, {
      lineItems,
      subscriptionData: p.subscription_data ?? {},
      setupIntentData: p.setup_intent_data ?? {},
    });
    // The discounts were only checked: the subscription gets its own when the checkout completes.
    for (const d of discounts) {
      this.discounts.delete(d.id);
      this.coupons.get(d.source.coupon)!.times_redeemed--;
    }
    return session;
  }

  session(id: string): Obj {
    const s = this.sessions.get(id);
    if (!s) throw missing('checkout.session', id);
    return s;
  }

  /** What the customer does on the checkout page: enters a card and pays (or saves the card in setup mode). */
  completeCheckout(id: string, opts: { last4?: string } = {}): Obj {
    const session = this.session(id);
    if (session.status !== 'open')
      throw invalid(
        `This Checkout Session is no longer active (status ${session.status}).`,
        undefined,
        'checkout_session_inactive',
      );
    if (session.expires_at <= this.now())
      throw invalid('This Checkout Session has expired.', undefined, 'checkout_session_expired');
    const extras = this.sessionExtras.get(id)!;
    const customerId: string =
      (session.customer as string | null) ?? this.createCustomer({ email: session.customer_email }).id;
    session.customer = customerId;
    const pm = this.attachCard(customerId, opts.last4);
    if (session.mode === 'subscription') {
      const sd = extras.subscriptionData;
      const discounts = session.discounts.map((d: Obj) =>
        d.promotion_code ? { promotion_code: d.promotion_code } : { coupon: d.coupon },
      );
      const { subscription, invoice } = this.createSubscription(
        {
          customer: customerId,
          items: extras.lineItems,
          metadata: sd.metadata,
          discounts,
          ...(sd.trial_period_days !== undefined ? { trial_period_days: sd.trial_period_days } : {}),
        },
        { defaultPaymentMethod: pm.id, checkoutSession: id },
      );
      Object.assign(session, {
        subscription: subscription.id,
        invoice: invoice.id,
        status: 'complete',
        payment_status: invoice.amount_due === 0 ? 'no_payment_required' : 'paid',
        amount_total: invoice.total,
        total_details: { amount_discount: invoice.subtotal - invoice.total, amount_shipping: 0, amount_tax: 0 },
      });
    } else if (session.mode === 'setup') {
      const seti = {
        id: newId('seti'),
        object: 'setup_intent',
        application: null,
        automatic_payment_methods: null,
        cancellation_reason: null,
        client_secret: null,
        created: this.now(),
        customer: customerId,
        description: null,
        flow_directions: null,
        last_setup_error: null,
        latest_attempt: null,
        livemode: false,
        mandate: null,
        metadata: mergeMetadata({}, extras.setupIntentData.metadata),
        next_action: null,
        on_behalf_of: null,
        payment_method: pm.id,
        payment_method_types: ['card'],
        single_use_mandate: null,
        status: 'succeeded',
        usage: 'off_session',
      };
      this.setupIntents.set(seti.id, seti);
      Object.assign(session, { setup_intent: seti.id, status: 'complete' });
      this.emit('setup_intent.succeeded', seti);
    } else {
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
    }
    session.customer_details = {
      address: null,
      email: this.customer(customerId).email,
      name: this.customer(customerId).name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    this.emit('checkout.session.completed', session);
    return session;
  }

  createPortalSession(p: Params): Obj {
    if (!p.customer) throw required('customer');
    this.customer(p.customer);
    const id = newId('bps');
    const s = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_standin',
      created: this.now(),
      customer: p.customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: p.return_url ?? null,
      url: `${this.baseUrl}/p/session/${id}`,
    };
    this.portalSessions.set(id, s);
    return s;
  }
}
