/**
 * Every subscription action of POST /v3/manager/stripe/subscription/ and the billing routes of section 7.3,
 * run on each provider of providers.ts (embedded; Stripe through its loopback stand-in).
 */
import { startTestServer, type TestServer } from '../../../tests/sdk';
import type { TestTenant } from '../../../tests/sdk';
import { makeMember, makeSubscriber } from './helpers';
import { PROVIDERS } from './providers';
import { recoveryUrl, hasSubscription } from '../server/access';
import type { BillingInstance } from '../server/instance';

const SUB = '/v3/manager/stripe/subscription/';

describe.each(PROVIDERS)('subscriptions on the $name provider', (provider) => {
  let s: TestServer;
  let t: TestTenant;
  let stopProvider: () => Promise<void>;
  const rows = async () => (await t.api('GET', `/v3/manager/tenant/${t.tenantId}/subscriptions`)).body;
  const modules = async (x: TestTenant = t) => (await x.api('GET', '/v3/manager/session')).body.modules as string[];

  beforeAll(async () => {
    const p = await provider.start();
    stopProvider = p.stop;
    s = await startTestServer({ plugins: ['billing'], env: p.env });
    t = await makeSubscriber(s.k, s.url);
  }, 60_000);
  afterAll(async () => {
    await s?.stop();
    await stopProvider?.();
  });

  test('a tenant without subscription: no rows, every module "no subscription", no upcoming invoice, no invoices', async () => {
    const r = await rows();
    expect(r).toMatchObject({
      subscriptions: [],
      overall_status: 'no subscription',
      complimentary_modules: [],
      provider: provider.name,
      has_customer: false,
    });
    expect(r.status_by_module).toEqual({
      Core: 'no subscription',
      AIR: 'no subscription',
      'Customer Success': 'no subscription',
    });
    expect((await t.api('POST', '/v3/manager/stripe/invoice/upcoming', {})).body).toEqual({
      message: 'No upcoming invoice',
      total: 0,
    });
    expect((await t.api('POST', '/v3/manager/stripe/invoices', {})).body).toEqual({ invoices: [] });
    expect(await modules()).not.toContain('Core');
  });

  test('bad plans are refused with the field named and nothing changes', async () => {
    const unknown = await t.api('POST', SUB, { action: 'addPlans', planIds: ['plan_nope_usd_month'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields[0]).toMatchObject({
      path: 'body.planIds',
      message: 'Unknown plan(s): plan_nope_usd_month',
    });
    const mixed = await t.api('POST', SUB, {
      action: 'addPlans',
      planIds: ['plan_basic_usd_month', 'plan_cs_basic_cad_month'],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error.message).toBe('The plans must all have the same currency and billing interval.');
    const missing = await t.api('POST', SUB, { action: 'update' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual([
      expect.objectContaining({ path: 'body.planIds', message: 'Choose at least one plan.' }),
    ]);
    const noSub = await t.api('POST', SUB, { action: 'update', planIds: ['plan_professional_usd_month'] });
    expect(noSub.status).toBe(409);
    expect((await rows()).subscriptions).toEqual([]);
  });

  let checkout: { id: string; url: string };
  test('addPlans without a subscription opens a checkout; a retry answers the same session; it is the recovery URL', async () => {
    const a = await t.api('POST', SUB, { action: 'addPlans', planIds: ['plan_basic_usd_month'] });
    expect(a.status).toBe(200);
    expect(a.body.subscriptions).toEqual([]);
    expect(a.body.checkout).toEqual({ id: expect.any(String), url: expect.stringMatching(/^https?:\/\//) });
    checkout = a.body.checkout;
    const again = await t.api('POST', SUB, { action: 'addPlans', planIds: ['plan_basic_usd_month'] });
    expect(again.body.checkout).toEqual(checkout);
    const billing = s.k.instance<BillingInstance>('billing');
    expect(await s.k.db.withTenant(t.tenantId, (trx) => recoveryUrl(billing.plans, trx, t.tenantId))).toBe(
      checkout.url,
    );
    expect(await s.k.db.withTenant(t.tenantId, (trx) => hasSubscription(trx, t.tenantId))).toBe(false);
  });

  test('paying the checkout subscribes: Basic in its 30-day trial, Core reaches the access list at once', async () => {
    expect(await modules()).not.toContain('Core');
    await provider.completeCheckout(s, checkout);
    const r = await rows();
    expect(r.subscriptions).toHaveLength(1);
    const row = r.subscriptions[0];
    expect(row).toMatchObject({
      stripe_plan_id: 'plan_basic_usd_month',
      subscription_status: 'trialing',
      module_moniker: 'Core',
      product_name: 'Basic Edition',
      plan_interval: 'month',
      limit_max_companies: 5,
      module_active_companies: 0,
    });
    const trialDays = (Date.parse(row.current_end_date) - Date.parse(row.current_start_date)) / 86_400_000;
    expect(Math.round(trialDays)).toBe(30);
    expect(r.status_by_module).toEqual({
      Core: 'trialing',
      AIR: 'no subscription',
      'Customer Success': 'no subscription',
    });
    expect(r.has_customer).toBe(true);
    expect(await modules()).toContain('Core');
    const billing = s.k.instance<BillingInstance>('billing');
    expect(await s.k.db.withTenant(t.tenantId, (trx) => recoveryUrl(billing.plans, trx, t.tenantId))).toBeNull();
  });

  test('update replaces the plan of the same module (Basic to Professional) in the same subscription', async () => {
    const before = (await rows()).subscriptions[0];
    const u = await t.api('POST', SUB, { action: 'update', planIds: ['plan_professional_usd_month'] });
    expect(u.status).toBe(200);
    expect(
      u.body.subscriptions.map((x: any) => [x.stripe_subscription_id, x.stripe_plan_id, x.limit_max_companies]),
    ).toEqual([[before.stripe_subscription_id, 'plan_professional_usd_month', 25]]);
    const annual = await t.api('POST', SUB, { action: 'update', planIds: ['plan_plus_usd_year'] });
    expect(annual.status).toBe(400);
    expect(annual.body.error.message).toBe(
      'Your subscription is billed in USD monthly: choose plans in the same currency and interval.',
    );
    const same = await t.api('POST', SUB, { action: 'update', planIds: ['plan_professional_usd_month'] });
    expect(same.status).toBe(400);
  });

  test('addPlans adds Customer Success to the live subscription; a second one is refused', async () => {
    expect(await modules()).not.toContain('Customer Success');
    const a = await t.api('POST', SUB, { action: 'addPlans', planIds: ['plan_cs_basic_usd_month'] });
    expect(a.status).toBe(200);
    expect(a.body.checkout).toBeUndefined();
    expect(a.body.subscriptions.map((x: any) => x.module_moniker).sort()).toEqual(['Core', 'Customer Success']);
    expect(new Set(a.body.subscriptions.map((x: any) => x.stripe_subscription_id)).size).toBe(1);
    expect(await modules()).toContain('Customer Success');
    const twice = await t.api('POST', SUB, { action: 'addPlans', planIds: ['plan_cs_professional_usd_month'] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toMatch(/already includes Customer Success Basic/);
  });

  test('convertTrialToPaid ends the trial: active, invoiced; a second time is refused', async () => {
    const subId = (await rows()).subscriptions[0].stripe_subscription_id;
    const c = await t.api('POST', SUB, { action: 'convertTrialToPaid', subscriptionId: subId });
    expect(c.status).toBe(200);
    expect(c.body.subscriptions.every((x: any) => x.subscription_status === 'active')).toBe(true);
    expect((await rows()).overall_status).toBe('active');
    const again = await t.api('POST', SUB, { action: 'convertTrialToPaid', subscriptionId: subId });
    expect(again.status).toBe(409);
    const unknown = await t.api('POST', SUB, { action: 'convertTrialToPaid', subscriptionId: 'sub_unknown' });
    expect(unknown.status).toBe(404);
    const invoices = (await t.api('POST', '/v3/manager/stripe/invoices', {})).body.invoices;
    expect(invoices.some((i: any) => i.status === 'paid' && i.amount_paid >= 17500 + 7500)).toBe(true);
  });

  test('the upcoming invoice bills the plans for the next period; addCoupon discounts it; unknown coupons are refused', async () => {
    const up = (await t.api('POST', '/v3/manager/stripe/invoice/upcoming', {})).body;
    expect(up).toMatchObject({ currency: 'usd', subtotal: 17500 + 7500, total: 17500 + 7500 });
    expect(up.lines.map((l: any) => l.plan_id).sort()).toEqual([
      'plan_cs_basic_usd_month',
      'plan_professional_usd_month',
    ]);
    const bad = await t.api('POST', SUB, { action: 'addCoupon', couponId: 'NOPE-COUPON' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]).toMatchObject({
      path: 'body.couponId',
      message: 'Unknown discount code: NOPE-COUPON',
    });
    const ok = await t.api('POST', SUB, { action: 'addCoupon', couponId: 'WELCOME10' });
    expect(ok.status).toBe(200);
    const discounted = (await t.api('POST', '/v3/manager/stripe/invoice/upcoming', {})).body;
    expect(discounted.subtotal).toBe(25000);
    expect(discounted.total).toBe(22500);
    expect(discounted.discount).toMatchObject({ percent_off: 10 });
  });

  test('affiliate discounts: the $75/month credit of SEVENFIGUREMSP in each currency and interval', async () => {
    const d = await t.api('POST', '/v3/manager/stripe/affiliate/discounts', { affiliateCode: 'sevenfiguremsp' });
    expect(d.status).toBe(200);
    const usdMonth = d.body.discounts.find((x: any) => x.coupon.currency === 'usd' && x.coupon.interval === 'month');
    expect(usdMonth).toMatchObject({ code: 'SEVENFIGUREMSP', coupon: { amount_off: 7500, duration: 'forever' } });
    expect(
      d.body.discounts.find((x: any) => x.coupon.currency === 'cad' && x.coupon.interval === 'month')?.coupon
        .amount_off,
    ).toBe(9800);
    expect((await t.api('POST', '/v3/manager/stripe/affiliate/discounts', { affiliateCode: 'NOBODY' })).body).toEqual({
      discounts: [],
    });
  });

  test('updateEmail changes the billing e-mail; a bad e-mail is refused', async () => {
    const bad = await t.api('POST', SUB, { action: 'updateEmail', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields[0]).toMatchObject({ path: 'body.email', message: 'Invalid e-mail.' });
    const ok = await t.api('POST', SUB, { action: 'updateEmail', email: 'billing@new.example.com' });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe('billing@new.example.com');
    const stored = await s.k.db.withTenant(t.tenantId, (trx) =>
      trx('billing_customers').where({ tenant_id: t.tenantId }).first('email'),
    );
    expect(stored.email).toBe('billing@new.example.com');
  });

  test('portal and update-payment sessions answer URLs; a new card is stored', async () => {
    const portal = await t.api('POST', '/v3/manager/stripe/session/portal', {});
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https?:\/\//);
    const up = await t.api('POST', '/v3/manager/stripe/session/updatepayment', {});
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ id: expect.any(String), url: expect.stringMatching(/^https?:\/\//) });
    await provider.completeCheckout(s, up.body, { number: '5555 5555 5555 4444' });
    const session = await s.k.db.withTenant(t.tenantId, (trx) =>
      trx('billing_checkout_sessions').where({ session_id: up.body.id }).first('status', 'mode'),
    );
    expect(session).toEqual({ status: 'complete', mode: 'setup' });
  });

  test('cancelPlans removes Customer Success and its module; sync reads the same state back', async () => {
    const c = await t.api('POST', SUB, { action: 'cancelPlans', planIds: ['plan_cs_basic_usd_month'] });
    expect(c.status).toBe(200);
    expect(c.body.subscriptions.map((x: any) => x.stripe_plan_id)).toEqual(['plan_professional_usd_month']);
    expect(await modules()).not.toContain('Customer Success');
    const notThere = await t.api('POST', SUB, { action: 'cancelPlans', planIds: ['plan_cs_basic_usd_month'] });
    expect(notThere.status).toBe(400);
    const synced = await t.api('POST', '/v3/manager/stripe/sync', {});
    expect(synced.status).toBe(200);
    expect(synced.body.subscriptions).toEqual(c.body.subscriptions);
  });

  test('an ordinary user reads the subscription but cannot change it; another tenant can do neither', async () => {
    const member = await makeMember(s.k, s.url, t);
    expect((await member.api('GET', `/v3/manager/tenant/${t.tenantId}/subscriptions`)).body.subscriptions).toHaveLength(
      1,
    );
    const refused = await member.api('POST', SUB, { action: 'cancel' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/requires Admin Access/);
    const other = await makeSubscriber(s.k, s.url);
    expect((await other.api('GET', `/v3/manager/tenant/${t.tenantId}/subscriptions`)).status).toBe(403);
    const subId = (await rows()).subscriptions[0].stripe_subscription_id;
    const forged = await other.api('POST', SUB, { action: 'cancel', subscriptionId: subId, tenantId: t.tenantId });
    expect(forged.status).toBe(404);
    expect((await other.api('POST', '/v3/manager/stripe/invoices', {})).body).toEqual({ invoices: [] });
    expect((await rows()).overall_status).toBe('active');
  });

  test('cancel ends the subscription: status canceled, modules gone; cancelling or updating again is refused', async () => {
    const c = await t.api('POST', SUB, { action: 'cancel' });
    expect(c.status).toBe(200);
    const r = await rows();
    expect(r.overall_status).toBe('canceled');
    expect(r.status_by_module.Core).toBe('canceled');
    expect(await modules()).not.toContain('Core');
    expect((await t.api('POST', SUB, { action: 'cancel' })).status).toBe(409);
    expect((await t.api('POST', SUB, { action: 'update', planIds: ['plan_plus_usd_month'] })).status).toBe(409);
    expect((await t.api('POST', '/v3/manager/stripe/invoice/upcoming', {})).body).toEqual({
      message: 'No upcoming invoice',
      total: 0,
    });
    const audit = await s.k.db.withSystem((trx) =>
      trx('audit_log').where({ tenant_id: t.tenantId }).where('action', 'like', 'billing.%').pluck('action'),
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        'billing.checkout.create',
        'billing.subscription.update',
        'billing.subscription.addPlans',
        'billing.subscription.convertTrialToPaid',
        'billing.subscription.addCoupon',
        'billing.subscription.cancelPlans',
        'billing.subscription.cancel',
        'billing.customer.updateEmail',
      ]),
    );
  });
});
