/**
 * POST /v3/manager/signup/session (public): only the sign-up's own user, e-mail and tenant; idempotent on
 * retry; paid plans get a checkout (success /confirmSignUp, cancel /signUpWithTenant?canceled=true), plans
 * costing 0 subscribe directly.
 */
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { apiCall } from '../../../tests/sdk';
import { MSG_SIGNUP_MISMATCH } from '../server/signup-session';
import { makeSignupTenant, makeSubscriber } from './helpers';
import { postEmbeddedCheckout } from './providers';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ plugins: ['billing'] });
}, 60_000);
afterAll(async () => s?.stop());

const session = (body: unknown, key?: string) =>
  apiCall(s.url, key ?? s.k.config.publicApiKey, null, 'POST', '/v3/manager/signup/session', body);
const rowsOf = (tenantId: number) =>
  s.k.db.withTenant(tenantId, (trx) => trx('billing_subscriptions').where({ tenant_id: tenantId }).select('status'));
const customersOf = (tenantId: number) =>
  s.k.db.withTenant(tenantId, (trx) =>
    trx('billing_customers').where({ tenant_id: tenantId }).select('customer_id', 'affiliate_code'),
  );

test('a paid plan: a checkout session once, the same one on retry; paying it subscribes and lands on /confirmSignUp; a retry then answers the subscription', async () => {
  const u = await makeSignupTenant(s.k);
  const body = {
    email: u.email.toUpperCase(),
    userId: u.userId,
    tenantId: u.tenantId,
    planIds: ['plan_basic_usd_month'],
  };
  const first = await session(body);
  expect(first.status).toBe(200);
  expect(first.body).toEqual({
    status: 200,
    data: { object: 'checkout.session', id: expect.any(String), url: expect.stringContaining('/v3/billing/checkout/') },
  });
  const retry = await session(body);
  expect(retry.body).toEqual(first.body);
  expect(await customersOf(u.tenantId)).toHaveLength(1);
  const page = await (await fetch(first.body.data.url, { headers: { accept: 'text/html' } })).text();
  expect(page).toContain(`href="${s.url}/signUpWithTenant?canceled=true&amp;cart=plan_basic_usd_month"`);
  const paid = await postEmbeddedCheckout(first.body.data.url);
  expect(paid.headers.get('location')).toBe(`${s.url}/confirmSignUp?username=${encodeURIComponent(u.email)}`);
  expect(await rowsOf(u.tenantId)).toEqual([{ status: 'trialing' }]);
  // A retry after paying answers the subscription (the wizard then goes to /confirmSignUp); other plans are refused.
  const after = await session(body);
  expect(after.body).toEqual({
    status: 200,
    data: { object: 'subscription', id: expect.any(String), status: 'trialing' },
  });
  const more = await session({ ...body, planIds: ['plan_plus_usd_month'] });
  expect(more.status).toBe(409);
  expect(more.body.error.message).toBe('This account already has a subscription: sign in to manage it.');
});

test('the affiliate free plan subscribes directly; a retry answers the same subscription; the affiliate is kept', async () => {
  const u = await makeSignupTenant(s.k, { affiliate: 'sevenfiguremsp' });
  const body = {
    email: u.email,
    userId: u.userId,
    tenantId: u.tenantId,
    affiliate: 'sevenfiguremsp',
    planIds: ['plan_affiliate_usd_month'],
  };
  const r = await session(body);
  expect(r.body).toEqual({ status: 200, data: { object: 'subscription', id: expect.any(String), status: 'active' } });
  expect((await session(body)).body).toEqual(r.body);
  expect(await rowsOf(u.tenantId)).toEqual([{ status: 'active' }]);
  expect((await customersOf(u.tenantId))[0].affiliate_code).toBe('SEVENFIGUREMSP');
});

test('an affiliate upgrading to a paid plan gets the $75/month credit on the checkout', async () => {
  const u = await makeSignupTenant(s.k, { affiliate: 'sevenfiguremsp' });
  const r = await session({
    email: u.email,
    userId: u.userId,
    tenantId: u.tenantId,
    affiliate: 'SevenFigureMSP',
    planIds: ['plan_professional_usd_month'],
  });
  const page = await (await fetch(r.body.data.url, { headers: { accept: 'text/html' } })).text();
  expect(page).toContain('Affiliate partner credit ($75/month)');
  expect(page).toContain('id="due-today">$100.00<');
});

test('another user, another e-mail, another tenant or a tenant not made by sign-up is refused, and nothing is created', async () => {
  const u = await makeSignupTenant(s.k);
  const other = await makeSignupTenant(s.k);
  const existing = await makeSubscriber(s.k, s.url);
  const good = { email: u.email, userId: u.userId, tenantId: u.tenantId, planIds: ['plan_basic_usd_month'] };
  for (const bad of [
    { ...good, email: other.email },
    { ...good, userId: other.userId },
    { ...good, tenantId: other.tenantId },
    { ...good, tenantId: existing.tenantId, userId: existing.userId, email: existing.email },
  ]) {
    const r = await session(bad);
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(MSG_SIGNUP_MISMATCH);
  }
  expect(await customersOf(u.tenantId)).toEqual([]);
  expect(await customersOf(existing.tenantId)).toEqual([]);
  const invalid = await session({ ...good, planIds: [] });
  expect(invalid.status).toBe(400);
  expect(invalid.body.error.fields[0]).toMatchObject({ path: 'body.planIds', message: 'Choose at least one plan.' });
  const unknown = await session({ ...good, planIds: ['plan_basic_eur_month'] });
  expect(unknown.status).toBe(400);
  expect((await session(good, 'wrong-key')).status).toBe(401);
});
