/**
 * The embedded provider's checkout page end to end over HTTP: fetch the page, post the form, follow the
 * redirect, see the rows; a declined or invalid card changes nothing; expiry; update payment; the portal.
 */
import { startTestServer, type TestServer } from '../../../tests/sdk';
import type { TestTenant } from '../../../tests/sdk';
import { makeSubscriber } from './helpers';
import { postEmbeddedCheckout } from './providers';
import { recoveryUrl } from '../server/access';
import type { BillingInstance } from '../server/instance';

const SUB = '/v3/manager/stripe/subscription/';
const html = { accept: 'text/html,application/xhtml+xml' };

let s: TestServer;
let t: TestTenant;
beforeAll(async () => {
  s = await startTestServer({ plugins: ['billing'] });
  t = await makeSubscriber(s.k, s.url);
}, 60_000);
afterAll(async () => s?.stop());

const rows = async (x = t) => (await x.api('GET', `/v3/manager/tenant/${x.tenantId}/subscriptions`)).body.subscriptions;
const customer = (x = t) =>
  s.k.db.withTenant(x.tenantId, (trx) =>
    trx('embedded_customers').where({ tenant_id: x.tenantId }).first('card_brand', 'card_last4'),
  );
const sessionStatus = (id: string, x = t) =>
  s.k.db.withTenant(x.tenantId, async (trx) => ({
    ours: (await trx('billing_checkout_sessions').where({ session_id: id }).first('status'))?.status,
    provider: (await trx('embedded_checkout_sessions').where({ session_id: id }).first('status'))?.status,
  }));

let checkout: { id: string; url: string };

test('the checkout page shows the order, the trial, the card form and a Cancel link', async () => {
  checkout = (await t.api('POST', SUB, { action: 'addPlans', planIds: ['plan_basic_usd_month'] })).body.checkout;
  expect(checkout.url).toBe(`${s.url}/v3/billing/checkout/${checkout.id}`);
  const res = await fetch(checkout.url, { headers: html });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  const page = await res.text();
  expect(page).toContain('Basic Edition');
  expect(page).toContain('$75.00 / month');
  expect(page).toMatch(/30-day free trial\. Then \$75\.00 per month from \d{4}-\d{2}-\d{2}/);
  expect(page).toMatch(/<td>Due today<\/td><td class="amount" id="due-today">\$0\.00<\/td>/);
  for (const label of ['Name on card', 'Card number', 'Expiry (MM/YY)', 'Security code (CVC)'])
    expect(page).toContain(`>${label}</label>`);
  expect(page).toContain('autocomplete="cc-number"');
  expect(page).toContain(`<a href="${s.url}/subscription?checkout=canceled" id="cancel">Cancel</a>`);
  expect(page).toContain('4000 0000 0000 0002 is declined');
  // An API client gets JSON, not the page.
  const json = await fetch(checkout.url);
  expect(await json.json()).toMatchObject({
    id: checkout.id,
    object: 'checkout.session',
    status: 'open',
    mode: 'subscription',
  });
});

test('the declined test card shows "Your card was declined." and changes nothing', async () => {
  const res = await postEmbeddedCheckout(checkout.url, { number: '4000 0000 0000 0002' });
  expect(res.status).toBe(402);
  const page = await res.text();
  expect(page).toContain('role="alert"');
  expect(page).toContain('Your card was declined.');
  expect(page).not.toContain('4000 0000 0000 0002"');
  expect(await rows()).toEqual([]);
  expect(await customer()).toEqual({ card_brand: null, card_last4: null });
  expect(await sessionStatus(checkout.id)).toEqual({ ours: 'open', provider: 'open' });
});

test('invalid card details are named field by field, the number is not echoed, nothing changes', async () => {
  const res = await postEmbeddedCheckout(checkout.url, {
    name: 'Jordan Reyes',
    number: '4242 4242 4242 4241',
    expiry: '01/20',
    cvc: '',
  });
  expect(res.status).toBe(400);
  const page = await res.text();
  expect(page).toContain('<a href="#card-number">Your card number is invalid.</a>');
  expect(page).toContain('<a href="#card-expiry">Your card&#39;s expiry date is in the past.</a>');
  expect(page).toContain('<a href="#card-cvc">Enter the security code (CVC).</a>');
  expect(page).toMatch(
    /id="card-number" name="number"[^>]*value=""[^>]*aria-invalid="true" aria-describedby="err-number"/,
  );
  expect(page).toMatch(/id="card-name" name="name"[^>]*value="Jordan Reyes"/);
  expect(page).not.toContain('4242 4242 4242 4241');
  expect(await rows()).toEqual([]);
  const api = await fetch(checkout.url, { method: 'POST', body: new URLSearchParams({ name: 'x' }) });
  expect(api.status).toBe(400);
  expect((await api.json()).error).toMatchObject({ status: 400, code: 'validation_failed' });
});

test('a valid card completes the session: redirect to the success URL, rows, card and invoice stored', async () => {
  const res = await postEmbeddedCheckout(checkout.url);
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(`${s.url}/subscription?checkout=success`);
  const r = await rows();
  expect(r.map((x: any) => [x.stripe_plan_id, x.subscription_status])).toEqual([['plan_basic_usd_month', 'trialing']]);
  expect(await customer()).toEqual({ card_brand: 'visa', card_last4: '4242' });
  expect(await sessionStatus(checkout.id)).toEqual({ ours: 'complete', provider: 'complete' });
  const invoices = (await t.api('POST', '/v3/manager/stripe/invoices', {})).body.invoices;
  expect(invoices).toHaveLength(1);
  expect(invoices[0]).toMatchObject({ status: 'paid', total: 0, currency: 'usd' });
  // Posting again (a double submit, a back button) creates nothing more.
  const again = await postEmbeddedCheckout(checkout.url);
  expect(again.status).toBe(303);
  expect(await rows()).toHaveLength(1);
  expect(await (await fetch(checkout.url, { headers: html })).text()).toContain(
    'This checkout session is already complete.',
  );
  const audit = await s.k.db.withSystem((trx) =>
    trx('audit_log').where({ tenant_id: t.tenantId, action: 'billing.checkout.complete' }).select('target'),
  );
  expect(audit).toEqual([{ target: checkout.id }]);
});

test('an unknown session is a 404 page for a browser and the error shape for an API client', async () => {
  const page = await fetch(`${s.url}/v3/billing/checkout/cs_doesnotexist`, { headers: html });
  expect(page.status).toBe(404);
  expect(await page.text()).toContain('This checkout session link is not valid.');
  const api = await fetch(`${s.url}/v3/billing/checkout/cs_doesnotexist`);
  expect(api.status).toBe(404);
  expect((await api.json()).error).toMatchObject({ status: 404, code: 'not_found' });
});

test('an expired session cannot be paid and is no recovery URL', async () => {
  const other = await makeSubscriber(s.k, s.url);
  const c = (await other.api('POST', SUB, { action: 'addPlans', planIds: ['plan_plus_usd_month'] })).body.checkout;
  await s.k.db.withSystem((trx) =>
    trx('embedded_checkout_sessions')
      .where({ session_id: c.id })
      .update({ expires_at: Math.floor(Date.now() / 1000) - 1 }),
  );
  const res = await fetch(c.url, { headers: html });
  expect(res.status).toBe(410);
  expect(await res.text()).toContain('This checkout session has expired.');
  expect((await postEmbeddedCheckout(c.url)).status).toBe(410);
  expect(await rows(other)).toEqual([]);
  expect(await sessionStatus(c.id, other)).toEqual({ ours: 'expired', provider: 'expired' });
  const billing = s.k.instance<BillingInstance>('billing');
  expect(await s.k.db.withTenant(other.tenantId, (trx) => recoveryUrl(billing.plans, trx, other.tenantId))).toBeNull();
});

test('an affiliate code discounts a paid plan: the credit shows on the page and in the first invoice', async () => {
  const x = await makeSubscriber(s.k, s.url);
  const c = (
    await x.api('POST', SUB, {
      action: 'addPlans',
      planIds: ['plan_professional_usd_month'],
      discountCode: 'SEVENFIGUREMSP',
    })
  ).body.checkout;
  const page = await (await fetch(c.url, { headers: html })).text();
  expect(page).toContain('Affiliate partner credit ($75/month)');
  expect(page).toContain('id="due-today">$100.00<');
  expect((await postEmbeddedCheckout(c.url)).status).toBe(303);
  const inv = (await x.api('POST', '/v3/manager/stripe/invoices', {})).body.invoices[0];
  expect(inv).toMatchObject({ subtotal: 17500, total: 10000, discount: { amount_off: 7500 } });
  const upcoming = (await x.api('POST', '/v3/manager/stripe/invoice/upcoming', {})).body;
  expect(upcoming.total).toBe(10000);
  const wrong = await x.api('POST', SUB, {
    action: 'addPlans',
    planIds: ['plan_custom_reporting_usd_month'],
    discountCode: 'SEVENFIGUREMSP-CAD',
  });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.message).toBe(
    'The discount SEVENFIGUREMSP-CAD does not apply to plans in USD billed monthly.',
  );
});

test('update payment: a setup session replaces the card and returns to the subscription page', async () => {
  const up = (await t.api('POST', '/v3/manager/stripe/session/updatepayment', {})).body;
  const page = await (await fetch(up.url, { headers: html })).text();
  expect(page).toContain('<h1>Update payment method</h1>');
  expect(page).toContain('>Save card</button>');
  expect(page).not.toContain('Your order');
  const res = await postEmbeddedCheckout(up.url, { number: '5555 5555 5555 4444' });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe(`${s.url}/subscription?paymentUpdated=true`);
  expect(await customer()).toEqual({ card_brand: 'mastercard', card_last4: '4444' });
  expect(await rows()).toHaveLength(1);
});

test('the portal lists the card and invoices with a Return link; a forged link is refused', async () => {
  const { url } = (await t.api('POST', '/v3/manager/stripe/session/portal', {})).body;
  const res = await fetch(url, { headers: html });
  expect(res.status).toBe(200);
  const page = await res.text();
  expect(page).toContain('MASTERCARD ending in 4444');
  expect(page).toMatch(
    /<tr><td>[A-Z0-9]+-0001<\/td><td>\d{4}-\d{2}-\d{2}<\/td><td>paid<\/td><td class="amount">\$0\.00<\/td><\/tr>/,
  );
  expect(page).toContain('Basic Edition: trialing, renews');
  expect(page).toContain(`<a href="${s.url}/subscription" id="return">Return to Lifecycle</a>`);
  const forged = url.replace(/.$/, (ch: string) => (ch === 'A' ? 'B' : 'A'));
  expect((await fetch(forged, { headers: html })).status).toBe(404);
});

test('a session id holding the NUL character answers 400 naming the field (found by the fuzzer; it was a 500)', async () => {
  const res = await fetch(`${s.url}/v3/billing/checkout/%00?x=1`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error.fields).toEqual([{ path: 'params.sessionId', message: 'Text may not contain the NUL character.' }]);
});
