/**
 * The embedded provider's clock: a tenant nobody looks at still changes on time. Time passing is simulated by
 * moving the embedded subscription's dates into the past (as a day of waiting would).
 */
import { startTestServer, type TestServer } from '../../../tests/sdk';
import type { TestTenant } from '../../../tests/sdk';
import { dueTenants } from '../server/embedded/clock';
import type { BillingInstance } from '../server/instance';
import { makeSubscriber } from './helpers';
import { embedded } from './providers';

const tick = () => s.k.instance<BillingInstance>('billing').clock.tick();
const SUB = '/v3/manager/stripe/subscription/';
let s: TestServer;
let t: TestTenant;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['billing'] });
  t = await makeSubscriber(s.k, s.url);
  const checkout = (await t.api('POST', SUB, { action: 'addPlans', planIds: ['plan_basic_usd_month'] })).body.checkout;
  await embedded.completeCheckout(s, checkout);
}, 60_000);
afterAll(async () => s?.stop());

const rows = async () =>
  (await t.api('GET', `/v3/manager/tenant/${t.tenantId}/subscriptions`)).body.subscriptions as {
    subscription_status: string;
    current_end_date: string;
  }[];
const shift = (seconds: number, extra: Record<string, unknown> = {}) =>
  s.k.db.withSystem((trx) =>
    trx('embedded_subscriptions')
      .where({ tenant_id: t.tenantId })
      .update({
        current_period_start: trx.raw('current_period_start - ?', [seconds]),
        current_period_end: trx.raw('current_period_end - ?', [seconds]),
        trial_end: trx.raw('trial_end - ?', [seconds]),
        start_date: trx.raw('start_date - ?', [seconds]),
        ...extra,
      }),
  );

test('nothing is due while the trial runs: the clock leaves the tenant alone', async () => {
  expect((await rows()).map((r) => r.subscription_status)).toEqual(['trialing']);
  expect(await dueTenants(s.k)).not.toContain(t.tenantId);
  await tick();
  expect((await rows()).map((r) => r.subscription_status)).toEqual(['trialing']);
});

test('after the 30-day trial the clock turns the subscription active and renews the period, without anyone reading it', async () => {
  const before = (await rows())[0].current_end_date;
  await shift(31 * 86400);
  expect(await dueTenants(s.k)).toContain(t.tenantId);
  expect(await tick()).toBeGreaterThanOrEqual(1);
  const after = (await rows())[0];
  expect(after.subscription_status).toBe('active');
  expect(after.current_end_date).not.toBe(before);
  expect(await dueTenants(s.k)).not.toContain(t.tenantId);
});

const sessionModules = async () => (await t.api('GET', '/v3/manager/session')).body.modules as string[];

test('a subscription set to cancel at period end stops giving access once the period is over', async () => {
  expect(await sessionModules()).toContain('Core');
  await s.k.db.withSystem((trx) =>
    trx('embedded_subscriptions').where({ tenant_id: t.tenantId }).update({ cancel_at_period_end: true }),
  );
  await shift(40 * 86400);
  await tick();
  expect((await rows()).map((r) => r.subscription_status)).toEqual(['canceled']);
  expect(await sessionModules()).not.toContain('Core');
});
