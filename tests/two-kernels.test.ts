/**
 * Per-kernel plugin state (plugin contract v2): two kernels in one process, on two databases, share no plugin
 * instance, no extension registration and no timer; stopping one leaves the other serving.
 */
import { activeCompaniesPoint, writeGuardPoint } from '../kernel/index';
import { makeCompany, makeTenant, startTestServer, type TestServer } from './sdk';
import type { BillingInstance } from '../plugins/billing/server/instance';
import type { LciAdminInstance } from '../plugins/lci-admin/server/instance';

let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  one = await startTestServer({ jobs: false });
  two = await startTestServer({ jobs: false });
}, 120_000);
afterAll(async () => {
  await two?.stop();
  await one?.stop().catch(() => undefined);
});

test('each kernel has its own instance of every plugin with one', () => {
  for (const p of one.k.plugins.filter((x) => x.setup)) {
    const a = one.k.instance<object>(p.id);
    const b = two.k.instance<object>(p.id);
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  }
  expect(one.k.plugins.filter((x) => x.setup).map((p) => p.id)).toEqual(expect.arrayContaining(['customer-success']));
});

test('registrations into extension points are per kernel', () => {
  expect(one.k.extensions(activeCompaniesPoint)).toHaveLength(1);
  expect(one.k.points).not.toBe(two.k.points);
  // A registration added to one kernel does not show in the other.
  one.k.points.add('test-extra', [{ point: writeGuardPoint, value: async () => null }], () => true);
  expect(one.k.extensions(writeGuardPoint).length).toBe(two.k.extensions(writeGuardPoint).length + 1);
});

const billing = (s: TestServer) => s.k.instance<BillingInstance>('billing');
const lciAdmin = (s: TestServer) => s.k.instance<LciAdminInstance>('lci-admin');

test('billing and lci-admin keep their provider, caches, clock, watcher and socket relay per kernel', async () => {
  expect(billing(one)).not.toBe(billing(two));
  expect(billing(one).provider()).not.toBe(billing(two).provider());
  expect(billing(one).catalogue).not.toBe(billing(two).catalogue);
  expect(billing(one).plans).not.toBe(billing(two).plans);
  expect(lciAdmin(one).maintenance).not.toBe(lciAdmin(two).maintenance);
  expect(lciAdmin(one).sockets.processId).not.toBe(lciAdmin(two).sockets.processId);
  // Both kernels run background work without Stripe: each has its own embedded clock and maintenance watcher running.
  expect(one.k.config.stripe).toBeFalsy();
  expect([billing(one).clock.running, billing(two).clock.running]).toEqual([true, true]);
  expect([lciAdmin(one).maintenance.running, lciAdmin(two).maintenance.running]).toEqual([true, true]);
  // Clearing one kernel's catalogue cache leaves the other's copy: the other does not ask its provider again.
  await billing(two).catalogue.products();
  const asked = jest.spyOn(billing(two).provider(), 'listProducts');
  billing(one).catalogue.clear();
  await billing(two).catalogue.products();
  expect(asked).not.toHaveBeenCalled();
  asked.mockRestore();
});

test('data written through one kernel is not seen by the other, and one stopping leaves the other serving', async () => {
  const a = await makeTenant(one.k, one.url, { name: 'Kernel One Tenant' });
  await makeCompany(a, 'Only In One');
  const b = await makeTenant(two.k, two.url, { name: 'Kernel Two Tenant' });
  const listed = await b.api('GET', `/v3/tenant/${b.tenantId}/companies`);
  expect(listed.status).toBe(200);
  expect(JSON.stringify(listed.body)).not.toContain('Only In One');
  await one.stop();
  const again = await b.api('GET', `/v3/tenant/${b.tenantId}/companies`);
  expect(again.status).toBe(200);
});

test("the stopped kernel's billing clock and maintenance watcher stopped; the other kernel's still run", () => {
  expect(billing(one).clock.running).toBe(false);
  expect(lciAdmin(one).maintenance.running).toBe(false);
  expect(billing(two).clock.running).toBe(true);
  expect(lciAdmin(two).maintenance.running).toBe(true);
});
