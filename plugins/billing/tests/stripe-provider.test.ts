/**
 * The Stripe provider through the real stripe SDK against the loopback stand-in: what it asks Stripe for
 * (the requests as the SDK encoded them) and what it makes of Stripe's answers.
 */
import { CATALOGUE, sortProducts } from '../shared/catalogue';
import { createStripeProvider, type StripeBillingProvider } from '../server/stripe/provider';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/sdk';

let s: StripeStandIn;
let p: StripeBillingProvider;
const DAY = 86400;

beforeAll(async () => {
  s = await startStripeStandIn();
  p = createStripeProvider({ secretKey: s.secretKey, webhookSecret: s.webhookSecret, ...s.sdkOptions });
});
afterAll(async () => s?.stop());

const lastRequest = (method: string, path: string) =>
  [...s.requests].reverse().find((r) => r.method === method && r.path === path)!;
const checkout = (
  customerId: string,
  planIds: string[],
  extra: Partial<Parameters<StripeBillingProvider['createCheckoutSession']>[0]> = {},
) =>
  p.createCheckoutSession({
    customerId,
    tenantId: 42,
    planIds,
    trialDays: null,
    successUrl: 'http://app.test/ok?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://app.test/plans',
    metadata: { source: 'test' },
    ...extra,
  });

async function paidCustomer(planIds: string[], trialDays: number | null = null) {
  const customerId = await p.createCustomer({ email: `c${Math.random()}@msp.test`, name: 'MSP', tenantId: 42 });
  const session = await checkout(customerId, planIds, { trialDays });
  const done = s.completeCheckout(session.id);
  return { customerId, subscriptionId: String(done.subscription) };
}

describe('catalogue', () => {
  test('listProducts is the catalogue: active products with their active recurring prices, sorted', async () => {
    expect(await p.listProducts()).toEqual(sortProducts(CATALOGUE));
    expect(lastRequest('GET', '/v1/prices').params).toMatchObject({ active: 'true', type: 'recurring' });
  });

  test('inactive products, inactive and one-time prices and products without catalogue metadata are left out', async () => {
    s.model.createProduct({
      id: 'prod_retired',
      name: 'Retired',
      active: false,
      metadata: { module_moniker: 'Core', limit_max_companies: '5', sort: '1' },
    });
    s.model.createPrice({
      id: 'price_retired',
      product: 'prod_retired',
      unit_amount: 100,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    s.model.createProduct({ id: 'prod_swag', name: 'T-shirt', metadata: {} });
    s.model.createPrice({
      id: 'price_swag',
      product: 'prod_swag',
      unit_amount: 2000,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    s.model.createPrice({ id: 'price_basic_setup', product: 'prod_basic', unit_amount: 5000, currency: 'usd' });
    s.model.createPrice({
      id: 'price_basic_old',
      product: 'prod_basic',
      unit_amount: 6000,
      currency: 'usd',
      recurring: { interval: 'month' },
      active: false,
    });
    const products = await p.listProducts();
    expect(products.map((x) => x.id)).toEqual(sortProducts(CATALOGUE).map((x) => x.id));
    expect(products.find((x) => x.id === 'prod_basic')!.plans.map((x) => x.id)).toEqual([
      'plan_basic_usd_month',
      'plan_basic_cad_month',
      'plan_basic_usd_year',
      'plan_basic_cad_year',
    ]);
  });
});

describe('customers and checkout', () => {
  test('createCustomer carries the tenant in metadata; updateCustomerEmail changes the e-mail', async () => {
    const id = await p.createCustomer({ email: 'a@msp.test', name: 'A MSP', tenantId: 7 });
    expect(s.model.customers.get(id)).toMatchObject({
      email: 'a@msp.test',
      name: 'A MSP',
      metadata: { tenant_id: '7' },
    });
    await p.updateCustomerEmail(id, 'billing@msp.test');
    expect(s.model.customers.get(id)!.email).toBe('billing@msp.test');
  });

  test('a checkout session: subscription mode, the plans as line items, the trial, the tenant in metadata, promotion codes allowed', async () => {
    const customerId = await p.createCustomer({ email: 'b@msp.test', name: 'B', tenantId: 42 });
    const session = await checkout(customerId, ['plan_basic_usd_month', 'plan_cs_basic_usd_month'], { trialDays: 30 });
    expect(session).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: `${s.url}/c/pay/${session.id}`,
      object: 'checkout.session',
    });
    const sent = lastRequest('POST', '/v1/checkout/sessions').params;
    expect(sent).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: '42',
      allow_promotion_codes: 'true',
      line_items: [
        { price: 'plan_basic_usd_month', quantity: '1' },
        { price: 'plan_cs_basic_usd_month', quantity: '1' },
      ],
      subscription_data: { trial_period_days: '30', metadata: { tenant_id: '42', source: 'test' } },
      metadata: { tenant_id: '42', source: 'test' },
    });
    expect(sent.discounts).toBeUndefined();
  });

  test('a discount code becomes the session discount: a promotion code by its text, else a coupon id; an unknown code is refused', async () => {
    s.model.createCoupon({
      id: 'AFF75',
      amount_off: 7500,
      currency: 'usd',
      duration: 'forever',
      name: 'Affiliate credit',
    });
    const promo = s.model.createPromotionCode({ promotion: { type: 'coupon', coupon: 'AFF75' }, code: 'PARTNER75' });
    const customerId = await p.createCustomer({ email: 'c@msp.test', name: 'C', tenantId: 42 });
    await checkout(customerId, ['plan_professional_usd_month'], { discountCode: 'PARTNER75' });
    expect(lastRequest('POST', '/v1/checkout/sessions').params.discounts).toEqual([{ promotion_code: promo.id }]);
    expect(lastRequest('POST', '/v1/checkout/sessions').params.allow_promotion_codes).toBeUndefined();
    await checkout(customerId, ['plan_professional_usd_month'], { discountCode: 'AFF75' });
    expect(lastRequest('POST', '/v1/checkout/sessions').params.discounts).toEqual([{ coupon: 'AFF75' }]);
    await expect(checkout(customerId, ['plan_professional_usd_month'], { discountCode: 'NOPE' })).rejects.toThrow(
      'The discount code NOPE is not valid',
    );
  });

  test('Stripe refuses an unknown plan and plans of different intervals; the error reaches the caller', async () => {
    const customerId = await p.createCustomer({ email: 'd@msp.test', name: 'D', tenantId: 42 });
    await expect(checkout(customerId, ['plan_nope_usd_month'])).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'plan_nope_usd_month'",
    });
    await expect(checkout(customerId, ['plan_basic_usd_month', 'plan_cs_basic_usd_year'])).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('same `recurring.interval`'),
    });
  });

  test('completing the checkout creates the subscription Stripe-side, with the trial and the tenant metadata', async () => {
    const { customerId, subscriptionId } = await paidCustomer(['plan_basic_usd_month'], 30);
    const subs = await p.listSubscriptions(customerId);
    expect(subs).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        customerId,
        status: 'trialing',
        metadata: { tenant_id: '42', source: 'test' },
        items: [expect.objectContaining({ planId: 'plan_basic_usd_month', quantity: 1 })],
      }),
    ]);
    const sub = subs[0];
    expect(sub.trialEnd! - sub.startDate).toBe(30 * DAY);
    expect(sub.currentPeriodEnd).toBe(sub.trialEnd);
  });
});

test("a completed subscription checkout: its card becomes the customer's default, so plans added later without checkout are paid", async () => {
  const customerId = await p.createCustomer({ email: 'g@msp.test', name: 'G', tenantId: 42 });
  const session = await checkout(customerId, ['plan_basic_usd_month']);
  s.completeCheckout(session.id);
  expect(s.model.customers.get(customerId)!.invoice_settings.default_payment_method).toBeNull(); // Stripe sets it on the subscription only
  const done = await p.completeCheckoutSession(session.id);
  const sub = s.model.subscriptions.get(String(s.model.sessions.get(session.id)!.subscription))!;
  expect(done).toEqual({
    mode: 'subscription',
    customerId,
    paymentMethodId: sub.default_payment_method,
    subscriptions: [expect.objectContaining({ id: sub.id, status: 'active' })],
  });
  expect(s.model.customers.get(customerId)!.invoice_settings.default_payment_method).toBe(sub.default_payment_method);
  const added = await p.createSubscription({
    customerId,
    planIds: ['plan_custom_reporting_usd_month'],
    trialDays: null,
    metadata: {},
  });
  expect(added.status).toBe('active');
});

describe('subscriptions', () => {
  test("createSubscription: a free plan is active at once; a paid plan without a card stays incomplete (Stripe's rule)", async () => {
    const customerId = await p.createCustomer({ email: 'e@msp.test', name: 'E', tenantId: 42 });
    const free = await p.createSubscription({
      customerId,
      planIds: ['plan_nfr_5_usd_month'],
      trialDays: null,
      metadata: { tenant_id: '42', grant: 'nfr' },
    });
    expect(free).toMatchObject({
      status: 'active',
      customerId,
      metadata: { tenant_id: '42', grant: 'nfr' },
      items: [expect.objectContaining({ planId: 'plan_nfr_5_usd_month' })],
    });
    const paid = await p.createSubscription({
      customerId,
      planIds: ['plan_custom_reporting_usd_month'],
      trialDays: null,
      couponId: null,
      metadata: {},
    });
    expect(paid.status).toBe('incomplete');
  });

  test('updateSubscription adds and removes items with proration; the upcoming invoice shows the prorations', async () => {
    const { customerId, subscriptionId } = await paidCustomer(['plan_basic_usd_month']);
    const before = await p.retrieveSubscription(subscriptionId);
    expect(before.status).toBe('active');
    const after = await p.updateSubscription(subscriptionId, {
      addPlanIds: ['plan_professional_usd_month'],
      removePlanIds: ['plan_basic_usd_month'],
    });
    expect(after.items.map((i) => i.planId)).toEqual(['plan_professional_usd_month']);
    expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`).params).toEqual({
      items: [
        { id: before.items[0].id, deleted: 'true' },
        { price: 'plan_professional_usd_month', quantity: '1' },
      ],
      proration_behavior: 'create_prorations',
    });
    const upcoming = await p.upcomingInvoice(customerId);
    expect(upcoming).not.toBeNull();
    expect(upcoming!.id).toBeNull();
    const prorations = upcoming!.lines.filter(
      (l) => l.description.startsWith('Unused') || l.description.startsWith('Remaining'),
    );
    expect(prorations.map((l) => l.planId).sort()).toEqual(['plan_basic_usd_month', 'plan_professional_usd_month']);
    const next = upcoming!.lines.find((l) => !prorations.includes(l))!;
    expect(next).toMatchObject({ planId: 'plan_professional_usd_month', amount: 17500 });
    expect(upcoming!.total).toBe(upcoming!.lines.reduce((n, l) => n + l.amount, 0));
  });

  test('prorate false sends proration_behavior none; removing a plan that is not on the subscription is refused before Stripe', async () => {
    const { subscriptionId } = await paidCustomer(['plan_basic_usd_month']);
    await p.updateSubscription(subscriptionId, { addPlanIds: ['plan_custom_reporting_usd_month'], prorate: false });
    expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`).params.proration_behavior).toBe('none');
    const n = s.requests.length;
    await expect(p.updateSubscription(subscriptionId, { removePlanIds: ['plan_plus_usd_month'] })).rejects.toThrow(
      `Plan plan_plus_usd_month is not on subscription ${subscriptionId}`,
    );
    expect(s.requests.slice(n).map((r) => r.method)).toEqual(['GET']);
  });

  test('endTrialNow sends trial_end=now: the trial ends, a period is billed and the subscription is active', async () => {
    const { customerId, subscriptionId } = await paidCustomer(['plan_basic_usd_month'], 30);
    const sub = await p.updateSubscription(subscriptionId, { endTrialNow: true });
    expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`).params).toEqual({ trial_end: 'now' });
    expect(sub.status).toBe('active');
    expect(sub.trialEnd).toBe(sub.currentPeriodStart);
    const invoices = await p.listInvoices(customerId, 10);
    expect(invoices[0]).toMatchObject({
      status: 'paid',
      total: 7500,
      amountPaid: 7500,
      lines: [expect.objectContaining({ planId: 'plan_basic_usd_month', amount: 7500 })],
    });
    expect(invoices[0].hostedInvoiceUrl).toMatch(/^http/);
  });

  test('a coupon on the subscription discounts the next invoice; null removes it', async () => {
    s.model.createCoupon({ id: 'TENOFF', percent_off: 10, duration: 'forever', name: '10% off' });
    const { customerId, subscriptionId } = await paidCustomer(['plan_plus_usd_month']);
    await p.updateSubscription(subscriptionId, { couponId: 'TENOFF' });
    expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`).params).toEqual({
      discounts: [{ coupon: 'TENOFF' }],
    });
    const upcoming = await p.upcomingInvoice(customerId);
    expect(upcoming).toMatchObject({
      subtotal: 24500,
      total: 22050,
      discount: { couponId: 'TENOFF', name: '10% off', percentOff: 10, amountOff: null },
    });
    await p.updateSubscription(subscriptionId, { couponId: null });
    expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`).params).toEqual({ discounts: '' });
    expect(await p.upcomingInvoice(customerId)).toMatchObject({ total: 24500, discount: null });
  });

  test('cancel: the subscription is canceled, still listed, and the customer has no upcoming invoice (null)', async () => {
    const { customerId, subscriptionId } = await paidCustomer(['plan_basic_usd_month']);
    const canceled = await p.cancelSubscription(subscriptionId);
    expect(canceled).toMatchObject({ id: subscriptionId, status: 'canceled', canceledAt: expect.any(Number) });
    expect((await p.listSubscriptions(customerId)).map((x) => x.status)).toEqual(['canceled']);
    expect(lastRequest('GET', '/v1/subscriptions').params).toMatchObject({ customer: customerId, status: 'all' });
    expect(await p.upcomingInvoice(customerId)).toBeNull();
    expect(lastRequest('POST', '/v1/invoices/create_preview').status).toBe(404);
  });
});

describe('portal, payment method, invoices, coupons, promotion codes', () => {
  test("portal session: Stripe's url for the customer with the return url", async () => {
    const customerId = await p.createCustomer({ email: 'f@msp.test', name: 'F', tenantId: 42 });
    const portal = await p.createPortalSession(customerId, 'http://app.test/subscription');
    expect(portal.url).toMatch(new RegExp(`^${s.url}/p/session/bps_`));
    expect(lastRequest('POST', '/v1/billing_portal/sessions').params).toEqual({
      customer: customerId,
      return_url: 'http://app.test/subscription',
    });
  });

  test("update payment: a setup-mode session in the customer's currency; once completed its card becomes the default of the customer and the subscriptions", async () => {
    const { customerId, subscriptionId } = await paidCustomer(['plan_basic_cad_month']);
    const session = await p.createUpdatePaymentSession(customerId, 42, 'http://app.test/subscription');
    expect(lastRequest('POST', '/v1/checkout/sessions').params).toMatchObject({
      mode: 'setup',
      customer: customerId,
      currency: 'cad',
      metadata: { tenant_id: '42', purpose: 'update_payment' },
    });
    expect(await p.completeCheckoutSession(session.id)).toBeNull(); // not completed yet
    const oldCard = s.model.subscriptions.get(subscriptionId)!.default_payment_method;
    s.completeCheckout(session.id, { last4: '1881' });
    const pm = s.model.setupIntents.get(String(s.model.sessions.get(session.id)!.setup_intent))!.payment_method;
    expect(pm).not.toBe(oldCard);
    const applied = await p.completeCheckoutSession(session.id);
    expect(applied).toEqual({
      mode: 'setup',
      customerId,
      paymentMethodId: pm,
      subscriptions: [expect.objectContaining({ id: subscriptionId })],
    });
    expect(s.model.customers.get(customerId)!.invoice_settings.default_payment_method).toBe(pm);
    expect(s.model.subscriptions.get(subscriptionId)!.default_payment_method).toBe(pm);
  });

  test('invoices: newest first, limited, with their lines and plan ids', async () => {
    const { customerId, subscriptionId } = await paidCustomer(['plan_premium_usd_year']);
    s.model.renew(subscriptionId);
    const invoices = await p.listInvoices(customerId, 1);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      status: 'paid',
      currency: 'usd',
      total: 412500,
      lines: [expect.objectContaining({ planId: 'plan_premium_usd_year' })],
    });
    expect((await p.listInvoices(customerId, 10)).length).toBe(2);
    expect(lastRequest('GET', '/v1/invoices').params).toMatchObject({ customer: customerId, limit: '10' });
  });

  test('coupons by id (unknown: null) and active promotion codes with their coupon', async () => {
    s.model.createCoupon({
      id: 'FIVE',
      amount_off: 500,
      currency: 'usd',
      duration: 'repeating',
      duration_in_months: 3,
      name: '$5 off',
      metadata: { affiliate: 'sevenfigure' },
    });
    expect(await p.retrieveCoupon('FIVE')).toEqual({
      id: 'FIVE',
      name: '$5 off',
      percentOff: null,
      amountOff: 500,
      currency: 'usd',
      duration: 'repeating',
      durationInMonths: 3,
      valid: true,
      metadata: { affiliate: 'sevenfigure' },
    });
    expect(await p.retrieveCoupon('MISSING')).toBeNull();
    const promo = s.model.createPromotionCode({
      promotion: { type: 'coupon', coupon: 'FIVE' },
      code: 'SEVEN',
      metadata: { affiliate: 'sevenfigure' },
    });
    s.model.createPromotionCode({ promotion: { type: 'coupon', coupon: 'FIVE' }, code: 'OLD', active: false });
    expect(await p.listPromotionCodes('SEVEN')).toEqual([
      {
        id: promo.id,
        code: 'SEVEN',
        active: true,
        coupon: expect.objectContaining({ id: 'FIVE', amountOff: 500 }),
        metadata: { affiliate: 'sevenfigure' },
      },
    ]);
    expect((await p.listPromotionCodes()).map((x) => x.code)).not.toContain('OLD');
  });
});

describe('webhook events', () => {
  test('constructEvent verifies the signature with the signing secret and maps the event', async () => {
    const { subscriptionId } = await paidCustomer(['plan_basic_usd_month']);
    const event = s
      .takeEvents()
      .find((e) => e.type === 'customer.subscription.created' && e.data.object.id === subscriptionId)!;
    const payload = JSON.stringify(event);
    const mapped = p.constructEvent(payload, s.sign(payload));
    expect(mapped).toMatchObject({
      id: event.id,
      type: 'customer.subscription.created',
      created: event.created,
      subscription: { id: subscriptionId, status: 'active' },
    });
    expect(() => p.constructEvent(payload, s.sign(payload, { secret: 'whsec_other' }))).toThrow(/signature/i);
    expect(() => p.constructEvent(payload.replace('active', 'canceled'), s.sign(payload))).toThrow(/signature/i);
  });

  test('without the signing secret no event is accepted', () => {
    const bare = createStripeProvider({ secretKey: s.secretKey, ...s.sdkOptions });
    expect(() => bare.constructEvent('{}', s.sign('{}'))).toThrow('LCI_STRIPE_WEBHOOK_SECRET is not set');
  });
});
