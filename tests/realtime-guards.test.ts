/**
 * One pipeline of checks for HTTP routes and realtime functions (kernel/http/guard-pipeline.ts): EVERY registered
 * apiinvoke function (the kernel's, every plugin's, the test plugins') is walked over the socket and over its HTTP
 * fallback, and must be refused exactly as an HTTP write with the same access is:
 *   - billing's write guard: a tenant without a subscription (402 noSubscription) and a tenant above its plan's
 *     company limit (402 maxCompanies, with the Customer Success module, so customerSegments reaches the guard);
 *   - a Read Only page refuses a write function (403), no access to the page refuses any call;
 *   - maintenance mode refuses a write function (503);
 * while reads pass these write checks. A write function runs in a writing transaction over the fallback too.
 */
import path from 'node:path';
import { moduleAllows, moduleRequirementList } from '../common/access-rule';
import { maintenanceOf } from '../kernel/http/guard-pipeline';
import { openSocket, type TestSocket } from '../kernel/realtime/testing/client';
import { makeSubscriber } from '../plugins/billing/tests/helpers';
import { embedded } from '../plugins/billing/tests/providers';
import { PROBE_PAGE } from './plugins/probe/public';
import { TEST_PLUGINS_DIR } from './helpers/plugins';
import { startTestServer, type TestServer } from './helpers/server';
import { makeTenant, type TestTenant } from './helpers/tenants';
import { makeCompany } from './helpers/factories';

jest.setTimeout(240_000);
const RT_PROBE_PLUGINS = path.join(__dirname, '..', 'kernel', 'realtime', 'testing', 'plugins');

type Fn = ReturnType<TestServer['k']['realtime']['functions']>[number];
interface Answer {
  ok: boolean;
  status: number;
  code?: string;
  message?: string;
}

let s: TestServer;
let fns: Fn[];
const sockets: TestSocket[] = [];
const PAYLOAD = {};

const writes = (f: Fn) => (typeof f.access.write === 'function' ? f.access.write(PAYLOAD) : f.access.write === true);
const pages = () => [...new Set([PROBE_PAGE, ...fns.map((f) => f.access.page).filter((p): p is string => !!p)])];

async function socketOf(t: TestTenant): Promise<TestSocket> {
  const sock = openSocket(s.url, t.token);
  sockets.push(sock);
  await sock.ready;
  return sock;
}

/** An internal error is compared by status only (its message carries a new error id each time). */
const norm = (a: Answer): Answer => (a.status === 500 ? { ok: false, status: 500 } : a);

/** A function called over the socket and over the HTTP fallback, each answer reduced to ok/status/code/message. */
async function both(t: TestTenant, sock: TestSocket, name: string): Promise<{ socket: Answer; fallback: Answer }> {
  const r = await sock.invoke(name, PAYLOAD);
  const socket: Answer = r.ok
    ? { ok: true, status: 200 }
    : { ok: false, status: r.error.status, code: r.error.code, message: r.error.message };
  const h = await t.api('POST', `/v3/tenant/${t.tenantId}/apiinvoke/${name}`, { payload: PAYLOAD });
  const fallback: Answer =
    h.status === 200
      ? { ok: true, status: 200 }
      : { ok: false, status: h.status, code: h.body.error?.code, message: h.body.error?.message };
  return { socket: norm(socket), fallback: norm(fallback) };
}

const httpError = (r: { status: number; body: any }): Answer => ({
  ok: false,
  status: r.status,
  code: r.body.error?.code,
  message: r.body.error?.message,
});
/** The answer of an HTTP write route that needs the same modules as `f` (its path filled with the tenant and 1s). */
async function httpTwin(t: TestTenant, f: Fn): Promise<Answer> {
  const same = (m: unknown) => JSON.stringify(moduleRequirementList(m as never));
  const route = s.k.routes.routes.find(
    (r) =>
      r.method !== 'get' &&
      !r.spec.dispatch &&
      (r.spec.auth ?? 'user') === 'user' &&
      same(r.spec.module) === same(f.access.module),
  );
  if (!route) throw new Error(`no HTTP write route needs the modules of ${f.name}`);
  const p = route.path.replace(':tenantId', String(t.tenantId)).replace(/:[A-Za-z0-9_]+/g, '1');
  return httpError(await t.api(route.method.toUpperCase(), p, {}));
}
const probeItems = async (t: TestTenant) =>
  s.k.db
    .withTenant(t.tenantId, (trx) => trx('probe_items').count<{ n: string }[]>({ n: '*' }))
    .then((r) => Number(r[0].n));

beforeAll(async () => {
  s = await startTestServer({ pluginDirs: [TEST_PLUGINS_DIR, RT_PROBE_PLUGINS] });
  fns = s.k.realtime.functions();
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((x) => x.close()));
});
afterAll(async () => s?.stop());

test("every loaded plugin's functions are registered with their owner and declared access", () => {
  const names = fns.map((f) => f.name);
  expect(names).toEqual(
    expect.arrayContaining(['customerSegments', 'userManager', 'probeCount', 'probeAddItem', 'rtProbeAddNote']),
  );
  expect(fns.find((f) => f.name === 'customerSegments')).toMatchObject({
    owner: 'customer-success',
    access: { module: 'Customer Success', write: true },
  });
  expect(fns.find((f) => f.name === 'probeAddItem')).toMatchObject({
    owner: 'probe',
    access: { page: PROBE_PAGE, write: true },
  });
  expect(fns.filter(writes).length).toBeGreaterThanOrEqual(3);
});

test('no subscription: every plugin write function is refused over the socket and the fallback exactly as an HTTP write; reads are not held', async () => {
  const t = await makeSubscriber(s.k, s.url, {
    pages: pages().map((url) => ({ url, access_level: 'Read/Write' as const })),
  });
  const http = httpError(await t.api('POST', `/v3/tenant/${t.tenantId}/probe/items`, { name: 'x', qty: 1 }));
  expect(http).toMatchObject({ status: 402, code: 'noSubscription' });
  const csHttp = httpError(
    await t.api('POST', `/v3/cs/tenant/${t.tenantId}/cs/TenantCompanySegment`, { action: 'refresh' }),
  );
  const sock = await socketOf(t);
  const before = await probeItems(t);
  const modules: string[] = (await t.api('GET', '/v3/manager/session')).body.modules;
  for (const f of fns) {
    const { socket, fallback } = await both(t, sock, f.name);
    expect({ name: f.name, ...fallback }).toEqual({ name: f.name, ...socket });
    if (!writes(f)) {
      expect({ name: f.name, status: socket.status }).not.toEqual({ name: f.name, status: 402 });
      continue;
    }
    if (f.access.module === 'Customer Success')
      expect({ name: f.name, ...socket }).toEqual({ name: f.name, ...csHttp });
    else if (!moduleAllows(modules, f.access.module))
      // A module the tenant lacks is refused first (403), as an HTTP write of a route needing the same modules is.
      expect({ name: f.name, ...socket }).toEqual({ name: f.name, ...(await httpTwin(t, f)) });
    else if (f.owner.startsWith('kernel:')) expect(socket.status).not.toBe(402);
    else expect({ name: f.name, ...socket }).toEqual({ name: f.name, ...http });
  }
  expect(await probeItems(t)).toBe(before);
});

test("above the plan's company limit (402 maxCompanies): customerSegments is refused over the socket and the fallback as its HTTP twin is", async () => {
  const t = await makeSubscriber(s.k, s.url, {
    pages: [...pages(), '/datamanagercompanies'].map((url) => ({ url, access_level: 'Read/Write' as const })),
  });
  const checkout = (
    await t.api('POST', '/v3/manager/stripe/subscription/', {
      action: 'addPlans',
      planIds: ['plan_basic_usd_month', 'plan_cs_basic_usd_month'],
    })
  ).body.checkout;
  await embedded.completeCheckout(s, checkout);
  s.k.access.invalidate(t.tenantId);
  const sock = await socketOf(t);
  expect((await both(t, sock, 'customerSegments')).socket).toEqual({ ok: true, status: 200 });
  for (let i = 1; i <= 5; i++) await makeCompany(t, `Client ${i}`);
  // The companies page refuses a sixth active company; above the limit through an import or a smaller plan:
  await s.k.db.withTenant(t.tenantId, (trx) =>
    trx('tenant_companies').insert({ tenant_id: t.tenantId, moniker: 'Client 6', is_active: true }),
  );

  const twin = httpError(
    await t.api('POST', `/v3/cs/tenant/${t.tenantId}/cs/TenantCompanySegment`, { action: 'refresh' }),
  );
  expect(twin).toMatchObject({ status: 402, code: 'maxCompanies' });
  for (const f of fns.filter((x) => writes(x) && !x.owner.startsWith('kernel:'))) {
    const { socket, fallback } = await both(t, sock, f.name);
    expect({ name: f.name, ...socket }).toEqual({ name: f.name, ...twin });
    expect({ name: f.name, ...fallback }).toEqual({ name: f.name, ...twin });
  }
});

test('a Read Only page refuses a write function (403) and passes its reads; no access to the page refuses every call', async () => {
  const ro = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: pages().map((url) => ({ url, access_level: 'Read Only' as const })),
  });
  const none = await makeTenant(s.k, s.url, { tenantAdmin: false, pages: [] });
  const http = httpError(await ro.api('POST', `/v3/tenant/${ro.tenantId}/probe/items`, { name: 'x', qty: 1 }));
  expect(http).toMatchObject({ status: 403, message: 'You only have Read Only Access to This Page.' });
  const [roSock, noneSock] = [await socketOf(ro), await socketOf(none)];
  for (const f of fns.filter((x) => x.access.page)) {
    const r = await both(ro, roSock, f.name);
    expect({ name: f.name, ...r.fallback }).toEqual({ name: f.name, ...r.socket });
    if (writes(f)) expect({ name: f.name, ...r.socket }).toEqual({ name: f.name, ...http });
    else expect(r.socket.message).not.toBe(http.message);
    const n = await both(none, noneSock, f.name);
    const expected = {
      name: f.name,
      ok: false,
      status: 403,
      code: 'forbidden',
      message: `You do not have access to ${f.access.page}`,
    };
    expect({ name: f.name, ...n.socket }).toEqual(expected);
    expect({ name: f.name, ...n.fallback }).toEqual(expected);
  }
  expect(await probeItems(ro)).toBe(0);
});

test('maintenance mode refuses every write function (503) over the socket and the fallback, as an HTTP write; reads pass', async () => {
  const t = await makeTenant(s.k, s.url, {
    pages: pages().map((url) => ({ url, access_level: 'Read/Write' as const })),
  });
  const sock = await socketOf(t);
  const m = maintenanceOf(s.k);
  await m.set(s.k.db.knex, { on: true, message: 'Back at noon' });
  try {
    const http = httpError(await t.api('POST', `/v3/tenant/${t.tenantId}/probe/items`, { name: 'x', qty: 1 }));
    expect(http).toEqual({ ok: false, status: 503, code: 'maintenance', message: 'Back at noon' });
    for (const f of fns) {
      const { socket, fallback } = await both(t, sock, f.name);
      expect({ name: f.name, ...fallback }).toEqual({ name: f.name, ...socket });
      if (writes(f) && !f.access.duringMaintenance)
        expect({ name: f.name, ...socket }).toEqual({ name: f.name, ...http });
      else expect(socket.status).not.toBe(503);
    }
    expect(await probeItems(t)).toBe(0);
  } finally {
    await m.set(s.k.db.knex, { on: false, message: '' });
  }
  // Maintenance over: the write function writes, over the fallback too (a writing transaction).
  const { socket, fallback } = await both(t, sock, 'probeAddItem');
  expect([socket.status, fallback.status]).toEqual([200, 200]);
  expect(await probeItems(t)).toBe(2);
});
