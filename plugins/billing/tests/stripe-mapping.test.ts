/** Stripe objects -> the provider interface, and requests -> Stripe parameters (pure functions of server/stripe/mapping.ts). */
import type Stripe from 'stripe';
import {
  checkoutSessionParams,
  invoiceSubscriptionId,
  isNoUpcomingInvoice,
  mapCoupon,
  mapEvent,
  mapInvoice,
  mapPromotionCode,
  mapSubscription,
  planFromPrice,
  productsFromStripe,
  subscriptionUpdateParams,
} from '../server/stripe/mapping';
import type { ProviderSubscription } from '../server/provider';

// Fixtures carry the fields the mapping reads; the rest of Stripe's object is irrelevant here.
const as = <T>(o: object) => o as unknown as T;

const price = (o: Partial<Record<string, unknown>> = {}) =>
  as<Stripe.Price>({
    id: 'plan_basic_usd_month',
    object: 'price',
    active: true,
    type: 'recurring',
    currency: 'usd',
    unit_amount: 7500,
    nickname: 'Basic USD Monthly',
    product: 'prod_basic',
    recurring: { interval: 'month', interval_count: 1 },
    metadata: { details: 'Billed monthly', ver: '2', addon: 'false', internal_note: 'x' },
    ...o,
  });
const product = (o: Partial<Record<string, unknown>> = {}) =>
  as<Stripe.Product>({
    id: 'prod_basic',
    object: 'product',
    active: true,
    name: 'Basic Edition',
    description: 'vCIO',
    ...o,
    metadata: {
      sort: '10',
      hidden: 'false',
      highlighted: 'false',
      limit_max_companies: '5',
      module_moniker: 'Core',
      trial_period_days: '30',
      details: 'A\nB',
      colour: 'blue',
      ...((o.metadata as object) ?? {}),
    },
  });

describe('catalogue', () => {
  test('a price becomes a plan: id, amount in minor units, currency, interval, nickname and the plan metadata keys', () => {
    expect(planFromPrice(price())).toEqual({
      id: 'plan_basic_usd_month',
      amount: 7500,
      currency: 'usd',
      interval: 'month',
      nickname: 'Basic USD Monthly',
      metadata: { details: 'Billed monthly', ver: '2', addon: 'false' },
    });
    expect(planFromPrice(price({ nickname: null, metadata: {} }))).toMatchObject({ nickname: '', metadata: {} });
    expect(planFromPrice(price({ currency: 'CAD' }))?.currency).toBe('cad');
  });

  test('inactive, one-time, other-currency, other-interval and multi-interval prices are no plans', () => {
    expect(planFromPrice(price({ active: false }))).toBeNull();
    expect(planFromPrice(price({ type: 'one_time', recurring: null }))).toBeNull();
    expect(planFromPrice(price({ currency: 'eur' }))).toBeNull();
    expect(planFromPrice(price({ recurring: { interval: 'week', interval_count: 1 } }))).toBeNull();
    expect(planFromPrice(price({ recurring: { interval: 'month', interval_count: 3 } }))).toBeNull();
    expect(planFromPrice(price({ unit_amount: null }))).toBeNull();
  });

  test('products: catalogue metadata kept, products sorted by metadata.sort then name, plans by amount; the rest left out', () => {
    const products = [
      product({ id: 'prod_pro', name: 'Professional Edition', metadata: { sort: '20' } }),
      product(),
      product({ id: 'prod_a_first', name: 'A first', metadata: { sort: '20' } }),
      product({ id: 'prod_off', active: false }),
      product({ id: 'prod_shirt', metadata: { module_moniker: 'Swag' } }),
      product({ id: 'prod_noplans', metadata: { sort: '1' } }),
    ];
    const prices = [
      price({ id: 'plan_basic_usd_year', unit_amount: 82500, recurring: { interval: 'year', interval_count: 1 } }),
      price(),
      price({ id: 'pro_m', product: { id: 'prod_pro', object: 'product' }, unit_amount: 17500 }),
      price({ id: 'a_m', product: 'prod_a_first' }),
      price({ id: 'off_m', product: 'prod_off' }),
      price({ id: 'shirt_m', product: 'prod_shirt' }),
      price({ id: 'basic_old', active: false }),
    ];
    const out = productsFromStripe(products, prices);
    expect(out.map((p) => p.id)).toEqual(['prod_basic', 'prod_a_first', 'prod_pro']);
    expect(out[0]).toEqual({
      id: 'prod_basic',
      name: 'Basic Edition',
      description: 'vCIO',
      metadata: {
        sort: '10',
        hidden: 'false',
        highlighted: 'false',
        limit_max_companies: '5',
        module_moniker: 'Core',
        trial_period_days: '30',
        details: 'A\nB',
      },
      plans: [
        expect.objectContaining({ id: 'plan_basic_usd_month', amount: 7500 }),
        expect.objectContaining({ id: 'plan_basic_usd_year', amount: 82500 }),
      ],
    });
  });
});

const item = (id: string, planId: string, start: number, end: number, quantity?: number) => ({
  id,
  object: 'subscription_item',
  price: { id: planId },
  quantity,
  current_period_start: start,
  current_period_end: end,
});
const subscription = (o: Partial<Record<string, unknown>> = {}) =>
  as<Stripe.Subscription>({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    start_date: 1000,
    trial_end: null,
    cancel_at_period_end: false,
    canceled_at: null,
    metadata: { tenant_id: '7' },
    items: {
      object: 'list',
      data: [item('si_1', 'plan_basic_usd_month', 2000, 4000, 1), item('si_2', 'plan_cs_basic_usd_month', 2100, 4100)],
    },
    ...o,
  });

describe('subscriptions', () => {
  test('current API: the period comes from the items (earliest start, latest end); quantity defaults to 1', () => {
    expect(mapSubscription(subscription())).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      items: [
        { id: 'si_1', planId: 'plan_basic_usd_month', quantity: 1 },
        { id: 'si_2', planId: 'plan_cs_basic_usd_month', quantity: 1 },
      ],
      currentPeriodStart: 2000,
      currentPeriodEnd: 4100,
      startDate: 1000,
      trialEnd: null,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      metadata: { tenant_id: '7' },
    });
  });

  test('older API payloads: the period on the subscription; an expanded customer; a trial and a cancellation', () => {
    const legacy = subscription({
      current_period_start: 5000,
      current_period_end: 6000,
      customer: { id: 'cus_9', object: 'customer' },
      status: 'canceled',
      trial_end: 5500,
      canceled_at: 5800,
      cancel_at_period_end: true,
    });
    expect(mapSubscription(legacy)).toMatchObject({
      customerId: 'cus_9',
      currentPeriodStart: 5000,
      currentPeriodEnd: 6000,
      trialEnd: 5500,
      canceledAt: 5800,
      cancelAtPeriodEnd: true,
      status: 'canceled',
    });
  });
});

const coupon = {
  id: 'TEN',
  object: 'coupon',
  name: '10% off',
  percent_off: 10,
  amount_off: null,
  currency: null,
  duration: 'forever',
  duration_in_months: null,
  valid: true,
  metadata: { affiliate: 'x' },
};
const invoice = (o: Partial<Record<string, unknown>> = {}) =>
  as<Stripe.Invoice>({
    id: 'in_1',
    object: 'invoice',
    number: 'ABC-0001',
    status: 'paid',
    currency: 'usd',
    subtotal: 10000,
    total: 9000,
    amount_due: 9000,
    amount_paid: 9000,
    created: 100,
    period_start: 90,
    period_end: 100,
    next_payment_attempt: null,
    hosted_invoice_url: 'https://pay/in_1',
    invoice_pdf: 'https://pay/in_1.pdf',
    customer: 'cus_1',
    parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1', metadata: {} } },
    lines: {
      object: 'list',
      data: [
        {
          description: '1 × Basic',
          amount: 10000,
          period: { start: 100, end: 200 },
          pricing: { type: 'price_details', price_details: { price: 'plan_basic_usd_month', product: 'prod_basic' } },
        },
      ],
    },
    discounts: [{ id: 'di_1', object: 'discount', source: { type: 'coupon', coupon } }],
    ...o,
  });

describe('invoices', () => {
  test('current API: lines with their plan (pricing.price_details), the expanded discount', () => {
    expect(mapInvoice(invoice())).toEqual({
      id: 'in_1',
      number: 'ABC-0001',
      status: 'paid',
      currency: 'usd',
      subtotal: 10000,
      total: 9000,
      amountDue: 9000,
      amountPaid: 9000,
      created: 100,
      periodStart: 90,
      periodEnd: 100,
      nextPaymentAttempt: null,
      hostedInvoiceUrl: 'https://pay/in_1',
      invoicePdf: 'https://pay/in_1.pdf',
      lines: [
        { description: '1 × Basic', amount: 10000, planId: 'plan_basic_usd_month', periodStart: 100, periodEnd: 200 },
      ],
      discount: { couponId: 'TEN', name: '10% off', percentOff: 10, amountOff: null },
    });
  });

  test('a preview has no id; an unexpanded discount gives its coupon id only; no discount gives null', () => {
    expect(mapInvoice(invoice({ id: 'upcoming_in_1' }), { preview: true }).id).toBeNull();
    expect(
      mapInvoice(
        invoice({ discounts: [{ id: 'di_1', object: 'discount', source: { type: 'coupon', coupon: 'TEN' } }] }),
      ).discount,
    ).toEqual({ couponId: 'TEN', name: null, percentOff: null, amountOff: null });
    expect(mapInvoice(invoice({ discounts: ['di_1'] })).discount).toBeNull();
    expect(mapInvoice(invoice({ discounts: [] })).discount).toBeNull();
  });

  test('older API payloads: line.price / line.plan, invoice.discount, top-level subscription', () => {
    const legacy = invoice({
      discounts: [],
      discount: { coupon: { ...coupon, id: 'OLD', percent_off: null, amount_off: 500 } },
      parent: null,
      subscription: 'sub_old',
      lines: {
        object: 'list',
        data: [
          { description: 'a', amount: 1, period: { start: 1, end: 2 }, price: { id: 'p_a' } },
          { description: null, amount: 2, plan: { id: 'p_b' } },
        ],
      },
    });
    const mapped = mapInvoice(legacy);
    expect(mapped.lines).toEqual([
      { description: 'a', amount: 1, planId: 'p_a', periodStart: 1, periodEnd: 2 },
      { description: '', amount: 2, planId: 'p_b', periodStart: 90, periodEnd: 100 },
    ]);
    expect(mapped.discount).toEqual({ couponId: 'OLD', name: '10% off', percentOff: null, amountOff: 500 });
    expect(invoiceSubscriptionId(legacy)).toBe('sub_old');
    expect(invoiceSubscriptionId(invoice())).toBe('sub_1');
    expect(invoiceSubscriptionId(invoice({ parent: null }))).toBeNull();
  });
});

describe('coupons and promotion codes', () => {
  test('a coupon and a promotion code with its expanded coupon (current and older shape); unexpanded gives null', () => {
    expect(mapCoupon(as(coupon))).toEqual({
      id: 'TEN',
      name: '10% off',
      percentOff: 10,
      amountOff: null,
      currency: null,
      duration: 'forever',
      durationInMonths: null,
      valid: true,
      metadata: { affiliate: 'x' },
    });
    const promo = {
      id: 'promo_1',
      object: 'promotion_code',
      code: 'SEVEN',
      active: true,
      metadata: {},
      promotion: { type: 'coupon', coupon },
    };
    expect(mapPromotionCode(as(promo))).toEqual({
      id: 'promo_1',
      code: 'SEVEN',
      active: true,
      coupon: expect.objectContaining({ id: 'TEN' }),
      metadata: {},
    });
    expect(mapPromotionCode(as({ ...promo, promotion: undefined, coupon }))?.coupon.id).toBe('TEN');
    expect(mapPromotionCode(as({ ...promo, promotion: { type: 'coupon', coupon: 'TEN' } }))).toBeNull();
  });
});

describe('events', () => {
  const event = (type: string, object: object) =>
    as<Stripe.Event>({ id: 'evt_1', object: 'event', type, created: 1234, data: { object } });
  test('subscription, checkout session, invoice and customer events name what they are about', () => {
    expect(mapEvent(event('customer.subscription.updated', subscription()))).toMatchObject({
      id: 'evt_1',
      type: 'customer.subscription.updated',
      created: 1234,
      customerId: 'cus_1',
      subscription: { id: 'sub_1', status: 'active' },
    });
    expect(
      mapEvent(
        event('checkout.session.completed', {
          id: 'cs_1',
          object: 'checkout.session',
          customer: 'cus_1',
          subscription: 'sub_1',
          metadata: { tenant_id: '7' },
        }),
      ),
    ).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      created: 1234,
      customerId: 'cus_1',
      checkoutSession: { id: 'cs_1', customerId: 'cus_1', subscriptionId: 'sub_1', metadata: { tenant_id: '7' } },
    });
    expect(mapEvent(event('invoice.paid', invoice()))).toEqual({
      id: 'evt_1',
      type: 'invoice.paid',
      created: 1234,
      customerId: 'cus_1',
    });
    expect(mapEvent(event('customer.updated', { id: 'cus_2', object: 'customer', email: 'a@b.c' }))).toEqual({
      id: 'evt_1',
      type: 'customer.updated',
      created: 1234,
      customerId: 'cus_2',
    });
  });
});

describe('requests', () => {
  const req = {
    customerId: 'cus_1',
    tenantId: 7,
    planIds: ['plan_basic_usd_month', 'plan_cs_basic_usd_month'],
    trialDays: 30,
    successUrl: 'https://app/ok',
    cancelUrl: 'https://app/plans',
    metadata: { affiliate: 'sevenfigure' },
  };

  test('checkout: subscription mode, line items, trial, tenant in both metadata, promotion codes allowed without a discount', () => {
    expect(checkoutSessionParams(req, null)).toEqual({
      mode: 'subscription',
      customer: 'cus_1',
      client_reference_id: '7',
      line_items: [
        { price: 'plan_basic_usd_month', quantity: 1 },
        { price: 'plan_cs_basic_usd_month', quantity: 1 },
      ],
      subscription_data: { metadata: { affiliate: 'sevenfigure', tenant_id: '7' }, trial_period_days: 30 },
      metadata: { affiliate: 'sevenfigure', tenant_id: '7' },
      success_url: 'https://app/ok',
      cancel_url: 'https://app/plans',
      allow_promotion_codes: true,
    });
  });

  test('checkout: a discount replaces allow_promotion_codes; no trial when 0 or null; no plans is refused', () => {
    const withDiscount = checkoutSessionParams({ ...req, trialDays: 0 }, { promotion_code: 'promo_1' });
    expect(withDiscount.discounts).toEqual([{ promotion_code: 'promo_1' }]);
    expect(withDiscount.allow_promotion_codes).toBeUndefined();
    expect(withDiscount.subscription_data).toEqual({ metadata: { affiliate: 'sevenfigure', tenant_id: '7' } });
    expect(
      checkoutSessionParams({ ...req, trialDays: null }, null).subscription_data?.trial_period_days,
    ).toBeUndefined();
    expect(() => checkoutSessionParams({ ...req, planIds: [] }, null)).toThrow('A checkout needs at least one plan');
  });

  const current: ProviderSubscription = {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    items: [
      { id: 'si_1', planId: 'plan_basic_usd_month', quantity: 1 },
      { id: 'si_2', planId: 'plan_cs_basic_usd_month', quantity: 1 },
    ],
    currentPeriodStart: 0,
    currentPeriodEnd: 1,
    startDate: 0,
    trialEnd: null,
    cancelAtPeriodEnd: false,
    canceledAt: null,
    metadata: {},
  };

  test('subscription update: removed plans delete their items, added plans are new items, prorated by default', () => {
    expect(
      subscriptionUpdateParams(current, {
        addPlanIds: ['plan_professional_usd_month'],
        removePlanIds: ['plan_basic_usd_month'],
      }),
    ).toEqual({
      items: [
        { id: 'si_1', deleted: true },
        { price: 'plan_professional_usd_month', quantity: 1 },
      ],
      proration_behavior: 'create_prorations',
    });
    expect(
      subscriptionUpdateParams(current, { addPlanIds: ['plan_custom_reporting_usd_month'], prorate: false })
        .proration_behavior,
    ).toBe('none');
  });

  test('subscription update: trial ended now, coupon set or removed (null), nothing else sent', () => {
    expect(subscriptionUpdateParams(current, { endTrialNow: true })).toEqual({ trial_end: 'now' });
    expect(subscriptionUpdateParams(current, { couponId: 'TEN' })).toEqual({ discounts: [{ coupon: 'TEN' }] });
    expect(subscriptionUpdateParams(current, { couponId: null })).toEqual({ discounts: '' });
    expect(subscriptionUpdateParams(current, {})).toEqual({});
  });

  test('subscription update: a plan not on the subscription cannot be removed, one already on it cannot be added', () => {
    expect(() => subscriptionUpdateParams(current, { removePlanIds: ['plan_plus_usd_month'] })).toThrow(
      'Plan plan_plus_usd_month is not on subscription sub_1',
    );
    expect(() => subscriptionUpdateParams(current, { addPlanIds: ['plan_basic_usd_month'] })).toThrow(
      'Plan plan_basic_usd_month is already on subscription sub_1',
    );
  });

  test("'No upcoming invoices for customer' (code invoice_upcoming_none) is recognised; other errors are not", () => {
    expect(isNoUpcomingInvoice({ code: 'invoice_upcoming_none', message: 'x' })).toBe(true);
    expect(isNoUpcomingInvoice({ message: 'No upcoming invoices for customer: cus_1' })).toBe(true);
    expect(isNoUpcomingInvoice({ raw: { code: 'invoice_upcoming_none' } })).toBe(true);
    expect(isNoUpcomingInvoice({ code: 'resource_missing', message: "No such customer: 'cus_1'" })).toBe(false);
    expect(isNoUpcomingInvoice(null)).toBe(false);
  });
});
