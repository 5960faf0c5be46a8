/**
 * POST /v3/manager/stripe/webhook on a real server configured for Stripe (the stand-in), with payloads the
 * stand-in produced from real state changes and signed with stripe.webhooks.generateTestHeaderString:
 * valid events change the tenant's subscription rows; a bad signature is refused and changes nothing; a
 * replayed or duplicate event is applied once; an older event after a newer one changes nothing wrongly;
 * an event of an unknown customer changes nothing.
 */
import Stripe from 'stripe';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { startStripeStandIn, type StandInEvent, type StripeStandIn } from '../../../tests/sdk';
import { makeTenant } from '../../../tests/sdk';
import { ensureCustomer } from '../server/customers';
import { billingProvider } from '../server/provider-factory';
import { recordCheckoutSession } from '../server/state';
import { WEBHOOK_PATH } from '../server/stripe/webhook-routes';

let stripe: StripeStandIn;
let s: TestServer;
let hook: string;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  s = await startTestServer({ plugins: ['billing'], env: stripe.env, jobs: false });
  hook = `${s.url}${WEBHOOK_PATH}`;
}, 60_000);
afterAll(async () => {
  await s?.stop();
  await stripe?.stop();
});

const post = (payload: string, signature?: string) =>
  fetch(hook, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    body: payload,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
const postEvent = (event: StandInEvent) => {
  const payload = JSON.stringify(event, null, 2);
  return post(payload, stripe.sign(payload));
};
/** Delivers the given events, then the events their handling caused at Stripe (e.g. customer.updated), until none is left. */
async function settle(events: StandInEvent[]) {
  const out = await stripe.deliver(hook, events);
  for (let more = stripe.takeEvents(); more.length; more = stripe.takeEvents())
    out.push(...(await stripe.deliver(hook, more)));
  return out;
}
const only = (events: StandInEvent[], type: string) => {
  const e = events.filter((x) => x.type === type);
  expect(e).toHaveLength(1);
  return e[0];
};

/** A tenant with its Stripe customer (created through the billing plugin's own code). */
async function tenantWithCustomer() {
  const t = await makeTenant(s.k, s.url);
  const customer = await s.k.db.withTenant(t.tenantId, (trx) =>
    ensureCustomer(trx, t.tenantId, billingProvider(s.k, trx), { email: t.email }),
  );
  return { tenantId: t.tenantId, email: t.email, customerId: customer.customer_id };
}

/** The tenant checks out plans at Stripe (the session recorded as the subscription routes do) and pays. */
async function checkout(tenantId: number, customerId: string, planIds: string[], trialDays: number | null = null) {
  const session = await billingProvider(s.k).createCheckoutSession({
    customerId,
    tenantId,
    planIds,
    trialDays,
    successUrl: 'http://app.test/ok',
    cancelUrl: 'http://app.test/plans',
    metadata: {},
  });
  await s.k.db.withTenant(tenantId, (trx) =>
    recordCheckoutSession(trx, tenantId, {
      sessionId: session.id,
      provider: 'stripe',
      customerId,
      url: session.url,
      mode: 'subscription',
      planIds,
      expiresAt: new Date(Date.now() + 86400_000),
    }),
  );
  stripe.takeEvents();
  const done = stripe.completeCheckout(session.id);
  return { sessionId: session.id, subscriptionId: String(done.subscription), events: stripe.takeEvents() };
}

const rows = (tenantId: number) =>
  s.k.db.withSystem(async (trx) => ({
    subscriptions: await trx('billing_subscriptions')
      .where({ tenant_id: tenantId })
      .orderBy('stripe_subscription_id')
      .select('stripe_subscription_id', 'status', 'customer_id', 'last_event_created'),
    items: (await trx('billing_subscription_items').where({ tenant_id: tenantId }).select('stripe_plan_id'))
      .map((r) => r.stripe_plan_id)
      .sort(),
    events: await trx('billing_events')
      .where({ tenant_id: tenantId })
      .orderBy('received_at')
      .select('event_id', 'type', 'outcome'),
    sessions: await trx('billing_checkout_sessions')
      .where({ tenant_id: tenantId })
      .select('session_id', 'status', 'stripe_subscription_id'),
    customers: await trx('billing_customers').where({ tenant_id: tenantId }).select('customer_id', 'email'),
    audit: await trx('audit_log').where({ tenant_id: tenantId, action: 'billing.stripe_event' }).select('target'),
  }));

describe('valid events', () => {
  test('a completed checkout: the subscription, its plans and the completed session reach the tenant; each event is recorded', async () => {
    const { tenantId, customerId } = await tenantWithCustomer();
    const { sessionId, subscriptionId, events } = await checkout(
      tenantId,
      customerId,
      ['plan_basic_usd_month', 'plan_cs_basic_usd_month'],
      30,
    );
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const deliveries = await settle(events);
    // The last is Stripe's customer.updated for the default card set while handling the checkout (its e-mail is unchanged).
    expect(deliveries.map((d) => [d.status, d.event.type, (d.body as { outcome: string }).outcome])).toEqual([
      [200, 'customer.subscription.created', 'applied'],
      [200, 'invoice.paid', 'applied'],
      [200, 'checkout.session.completed', 'applied'],
      [200, 'customer.updated', 'unchanged'],
    ]);
    const r = await rows(tenantId);
    expect(r.subscriptions).toEqual([
      expect.objectContaining({ stripe_subscription_id: subscriptionId, status: 'trialing', customer_id: customerId }),
    ]);
    expect(r.items).toEqual(['plan_basic_usd_month', 'plan_cs_basic_usd_month']);
    expect(r.sessions).toEqual([{ session_id: sessionId, status: 'complete', stripe_subscription_id: subscriptionId }]);
    expect(r.events.map((e) => [e.type, e.outcome])).toEqual([
      ['customer.subscription.created', 'applied'],
      ['invoice.paid', 'applied'],
      ['checkout.session.completed', 'applied'],
      ['customer.updated', 'unchanged'],
    ]);
    expect(r.audit.map((a) => a.target).sort()).toEqual(deliveries.map((d) => d.event.id).sort());
    // The card entered at checkout became the customer's default (plans added later are paid with it).
    expect(stripe.model.customers.get(customerId)!.invoice_settings.default_payment_method).toBe(
      stripe.model.subscriptions.get(subscriptionId)!.default_payment_method,
    );
  });

  test('the subscription follows Stripe: updated (plans changed), payment failed (past_due), paid again (active), deleted (canceled)', async () => {
    const { tenantId, customerId } = await tenantWithCustomer();
    const { subscriptionId, events } = await checkout(tenantId, customerId, ['plan_basic_usd_month']);
    await settle(events);
    stripe.model.advance(5);
    stripe.model.updateSubscription(subscriptionId, {
      items: [
        { id: stripe.model.subscriptions.get(subscriptionId)!.items.data[0].id, deleted: 'true' },
        { price: 'plan_professional_usd_month' },
      ],
    });
    expect((await stripe.deliver(hook)).map((d) => d.status)).toEqual([200]);
    expect((await rows(tenantId)).items).toEqual(['plan_professional_usd_month']);

    stripe.model.declined.add(customerId);
    stripe.model.advance(40 * 86400);
    stripe.model.renew(subscriptionId);
    const failed = stripe.takeEvents();
    expect(failed.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.payment_failed']);
    // The payment-failed event alone refreshes the status from Stripe.
    expect((await stripe.deliver(hook, [failed[1]]))[0].body).toMatchObject({ outcome: 'applied' });
    expect((await rows(tenantId)).subscriptions[0].status).toBe('past_due');

    stripe.model.declined.delete(customerId);
    stripe.model.advance(40 * 86400);
    stripe.model.renew(subscriptionId);
    await stripe.deliver(hook);
    expect((await rows(tenantId)).subscriptions[0].status).toBe('active');

    stripe.model.advance(5);
    stripe.model.cancelSubscription(subscriptionId);
    const [deleted] = stripe.takeEvents();
    expect(deleted.type).toBe('customer.subscription.deleted');
    expect((await postEvent(deleted)).body).toMatchObject({ outcome: 'applied' });
    expect((await rows(tenantId)).subscriptions[0].status).toBe('canceled');
  });

  test('customer.updated stores the e-mail changed at Stripe', async () => {
    const { tenantId, customerId } = await tenantWithCustomer();
    stripe.takeEvents();
    stripe.model.updateCustomer(customerId, { email: 'accounts@msp.example' });
    expect((await stripe.deliver(hook))[0]).toMatchObject({
      status: 200,
      body: { type: 'customer.updated', outcome: 'applied' },
    });
    expect((await rows(tenantId)).customers).toEqual([{ customer_id: customerId, email: 'accounts@msp.example' }]);
  });
});

describe('signature', () => {
  test('a bad, tampered, stale or missing signature answers 400 and changes nothing', async () => {
    const { tenantId, customerId } = await tenantWithCustomer();
    const { events } = await checkout(tenantId, customerId, ['plan_basic_usd_month']);
    const created = only(events, 'customer.subscription.created');
    const payload = JSON.stringify(created);
    const before = await rows(tenantId);
    const attempts = [
      await post(payload, stripe.sign(payload, { secret: 'whsec_not_the_secret' })),
      await post(payload.replace('"active"', '"canceled"'), stripe.sign(payload)),
      await post(payload, stripe.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 })),
      await post(payload, 't=1,v1=deadbeef'),
      await post(payload),
    ];
    for (const a of attempts) {
      expect(a.status).toBe(400);
      expect(a.body.error).toMatchObject({ status: 400, code: 'invalid_webhook' });
    }
    expect(attempts.slice(0, 4).map((a) => a.body.error.message)).toEqual(
      Array(4).fill(expect.stringMatching(/^Stripe webhook signature verification failed: /)),
    );
    expect(attempts[4].body.error.message).toBe('Missing Stripe-Signature header');
    expect(await rows(tenantId)).toEqual(before);
    // The same payload, properly signed, is accepted.
    expect((await post(payload, stripe.sign(payload))).body).toMatchObject({ outcome: 'applied' });
  });

  test('no API key is needed (Stripe sends none), and a signed body that is not an event is refused', async () => {
    const notJson = 'not json';
    const res = await post(notJson, stripe.sign(notJson));
    expect(res.status).toBe(400);
  });
});

describe('applied once, in order', () => {
  test('replay: the same signed delivery twice is applied once (a local change made in between stays)', async () => {
    const { tenantId, customerId } = await tenantWithCustomer();
    const { events } = await checkout(tenantId, customerId, ['plan_plus_usd_month']);
    const created = only(events, 'customer.subscription.created');
    const payload = JSON.stringify(created);
    const signature = stripe.sign(payload);
    expect((await post(payload, signature)).body).toMatchObject({ outcome: 'applied' });
    // Something changes the row after the event was applied: re-applying the event would undo it.
    await s.k.db.withSystem((trx) =>
      trx('billing_subscriptions').where({ tenant_id: tenantId }).update({ status: 'past_due' }),
    );
    expect(await post(payload, signature)).toEqual({
      status: 200,
      body: { received: true, event: created.id, type: created.type, outcome: 'duplicate' },
    });
    const r = await rows(tenantId);
    expect(r.subscriptions[0].status).toBe('past_due');
    expect(r.events.filter((e) => e.event_id === created.id)).toHaveLength(1);
    expect(r.audit.filter((a) => a.target === created.id)).toHaveLength(1);
  });

  test('duplicate: Stripe re-delivering an event (new signature) changes nothing; so does a duplicate e-mail event', async () => {
    const { tenantId, customerId } = await tenantWithCustomer();
    stripe.takeEvents();
    stripe.model.updateCustomer(customerId, { email: 'first@msp.example' });
    const [updated] = stripe.takeEvents();
    expect((await postEvent(updated)).body.outcome).toBe('applied');
    await s.k.db.withSystem((trx) =>
      trx('billing_customers').where({ tenant_id: tenantId }).update({ email: 'changed-here@msp.example' }),
    );
    expect((await postEvent(updated)).body.outcome).toBe('duplicate');
    expect((await rows(tenantId)).customers[0].email).toBe('changed-here@msp.example');
  });

  test('two deliveries of the same event at the same time: one applies it, the other finds it', async () => {
    const { tenantId, customerId } = await tenantWithCustomer();
    const { events } = await checkout(tenantId, customerId, ['plan_premium_usd_month']);
    const created = only(events, 'customer.subscription.created');
    const outcomes = await Promise.all([postEvent(created), postEvent(created), postEvent(created)]);
    expect(outcomes.map((o) => o.status)).toEqual([200, 200, 200]);
    expect(outcomes.map((o) => o.body.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    expect((await rows(tenantId)).events.filter((e) => e.event_id === created.id)).toHaveLength(1);
  });

  test("out of order: an older customer.subscription.updated after a newer one leaves the newer state (Stripe's current one is re-read)", async () => {
    const { tenantId, customerId } = await tenantWithCustomer();
    const { subscriptionId, events } = await checkout(tenantId, customerId, ['plan_basic_usd_month']);
    await settle(events);
    const itemId = () => stripe.model.subscriptions.get(subscriptionId)!.items.data[0].id;
    stripe.model.advance(60);
    stripe.model.updateSubscription(subscriptionId, {
      items: [{ id: itemId(), deleted: 'true' }, { price: 'plan_professional_usd_month' }],
    });
    stripe.model.advance(60);
    stripe.model.updateSubscription(subscriptionId, {
      items: [{ id: itemId(), deleted: 'true' }, { price: 'plan_premium_usd_month' }],
    });
    const [older, newer] = stripe.takeEvents();
    expect([older.type, newer.type]).toEqual(['customer.subscription.updated', 'customer.subscription.updated']);
    expect(newer.created).toBeGreaterThan(older.created);

    expect((await postEvent(newer)).body.outcome).toBe('applied');
    const afterNewer = await rows(tenantId);
    expect(afterNewer.items).toEqual(['plan_premium_usd_month']);
    const reads = stripe.requests.length;
    expect((await postEvent(older)).body.outcome).toBe('refreshed');
    const afterOlder = await rows(tenantId);
    expect(afterOlder.items).toEqual(['plan_premium_usd_month']);
    expect(afterOlder.subscriptions[0].status).toBe('active');
    expect(stripe.requests.slice(reads).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/subscriptions/${subscriptionId}`,
    ]);
    expect(afterOlder.events.filter((e) => e.event_id === older.id)).toEqual([
      { event_id: older.id, type: 'customer.subscription.updated', outcome: 'refreshed' },
    ]);
  });

  test('out of order: a late customer.subscription.created after the deletion keeps the subscription canceled', async () => {
    const { tenantId, customerId } = await tenantWithCustomer();
    const { subscriptionId, events } = await checkout(tenantId, customerId, ['plan_basic_usd_month']);
    stripe.model.advance(30);
    stripe.model.cancelSubscription(subscriptionId);
    const [deleted] = stripe.takeEvents();
    expect((await postEvent(deleted)).body.outcome).toBe('applied');
    expect((await postEvent(only(events, 'customer.subscription.created'))).body.outcome).toBe('refreshed');
    expect((await rows(tenantId)).subscriptions[0].status).toBe('canceled');
  });

  test('an older customer.updated after a newer one keeps the newer e-mail', async () => {
    const { tenantId, customerId } = await tenantWithCustomer();
    stripe.takeEvents();
    stripe.model.updateCustomer(customerId, { email: 'old@msp.example' });
    stripe.model.advance(30);
    stripe.model.updateCustomer(customerId, { email: 'new@msp.example' });
    const [older, newer] = stripe.takeEvents();
    expect((await postEvent(newer)).body.outcome).toBe('applied');
    expect((await postEvent(older)).body.outcome).toBe('unchanged');
    expect((await rows(tenantId)).customers[0].email).toBe('new@msp.example');
  });
});

describe('unknown tenant and other events', () => {
  test('an event of a customer no tenant has (and no tenant in metadata) changes nothing', async () => {
    const foreign = stripe.model.createCustomer({ email: 'someone@else.example' });
    const pm = stripe.model.attachCard(foreign.id);
    stripe.takeEvents();
    stripe.model.createSubscription({
      customer: foreign.id,
      items: [{ price: 'plan_basic_usd_month' }],
      default_payment_method: pm.id,
      metadata: { tenant_id: '999999' },
    });
    const events = stripe.takeEvents();
    const count = () =>
      s.k.db.withSystem(async (trx) => ({
        events: Number((await trx('billing_events').count({ n: '*' }))[0].n),
        subs: Number((await trx('billing_subscriptions').where({ customer_id: foreign.id }).count({ n: '*' }))[0].n),
      }));
    const before = await count();
    const deliveries = await stripe.deliver(hook, events);
    expect(deliveries.map((d) => [d.status, (d.body as { outcome: string }).outcome])).toEqual([
      [200, 'unknown_tenant'],
      [200, 'unknown_tenant'],
    ]);
    expect(await count()).toEqual({ ...before, subs: 0 });
  });

  test('an event type the webhook does not handle is acknowledged and not recorded', async () => {
    const event = {
      id: 'evt_unhandled_1',
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ch_1', object: 'charge' } },
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    expect((await postEvent(event as unknown as StandInEvent)).body).toEqual({
      received: true,
      event: 'evt_unhandled_1',
      type: 'charge.refunded',
      outcome: 'not_handled',
    });
    expect(
      await s.k.db.withSystem((trx) => trx('billing_events').where({ event_id: 'evt_unhandled_1' }).first()),
    ).toBeUndefined();
  });
});

test('a server without Stripe (the embedded provider) refuses webhook calls with 400, even signed ones', async () => {
  const embedded = await startTestServer({ plugins: ['billing'], jobs: false });
  try {
    const payload = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'invoice.paid',
      created: 1,
      data: { object: {} },
    });
    const res = await fetch(`${embedded.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
      body: payload,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(
      'Stripe webhooks are not configured on this server (LCI_STRIPE_SECRET_KEY and LCI_STRIPE_WEBHOOK_SECRET)',
    );
  } finally {
    await embedded.stop();
  }
}, 60_000);
