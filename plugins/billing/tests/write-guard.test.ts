/**
 * The API side of the subscription violations (guard steps 13-15): the kernel asks billing's writeGuard
 * before every tenant write of a plugin route. Kernel routes, billing's own routes and LCI admins pass;
 * complimentary access (module grants) passes; above the company limit the exempt pages stay open.
 */
import { TEST_PLUGINS_DIR } from '../../../tests/sdk';
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';
import { makeSubscriber } from './helpers';
import { embedded } from './providers';
import { hasSubscription } from '../server/access';

const SUB = '/v3/manager/stripe/subscription/';
let s: TestServer;
let t: TestTenant;
const probeWrite = (x: TestTenant, name = 'item') =>
  x.api('POST', `/v3/tenant/${x.tenantId}/probe/items`, { name, qty: 1 });
const items = async (x: TestTenant) =>
  (await x.api('GET', `/v3/tenant/${x.tenantId}/probe/items`)).body.items as { name: string }[];
const addCompany = (x: TestTenant, moniker: string) => x.api('POST', `/v3/tenant/${x.tenantId}/companies`, { moniker });
const limit = (x: TestTenant) => x.api('GET', `/v3/tenant/${x.tenantId}/companylimit`);
const monikers = async (x: TestTenant) =>
  ((await x.api('GET', `/v3/tenant/${x.tenantId}/companies`)).body.companies as { moniker: string }[]).map(
    (c) => c.moniker,
  );
const atLimit = (max: number, active: number) =>
  `Your plan allows ${max} active companies and ${active} are active${active > max ? ', more than it allows' : ''}. ` +
  'Deactivate companies or upgrade your plan on the Subscription page to add or activate one.';

beforeAll(async () => {
  s = await startTestServer({ plugins: ['billing', 'companies', 'probe'], pluginDirs: [TEST_PLUGINS_DIR] });
  t = await makeSubscriber(s.k, s.url, {
    pages: [
      { url: '/probe/items', access_level: 'Read/Write' },
      { url: '/datamanagercompanies', access_level: 'Read/Write' },
    ],
  });
}, 60_000);
afterAll(async () => s?.stop());

test('no subscription: plugin writes are refused with 402 noSubscription and nothing is written', async () => {
  const r = await probeWrite(t);
  expect(r.status).toBe(402);
  expect(r.body.error).toMatchObject({
    status: 402,
    code: 'noSubscription',
    message: 'Your organisation has no subscription. Choose a plan on the Subscription page to make changes.',
  });
  expect(await items(t)).toEqual([]);
  // Reads stay open, so do the kernel's routes and billing's own (the way out).
  expect((await t.api('GET', `/v3/tenant/${t.tenantId}/probe/items`)).status).toBe(200);
  expect((await t.api('PUT', `/v3/tenant/${t.tenantId}/flags/user-manager-changes`, { value: true })).status).toBe(200);
  expect((await t.api('POST', '/v3/manager/stripe/affiliate/discounts', { affiliateCode: 'x' })).status).toBe(200);
});

test('an LCI admin and a tenant with complimentary access (module grants) are not held', async () => {
  const lci = await makeSubscriber(s.k, s.url, {
    lciAdmin: true,
    pages: [{ url: '/probe/items', access_level: 'Read/Write' }],
  });
  expect((await probeWrite(lci)).status).toBe(200);
  const comp = await makeTenant(s.k, s.url, { pages: [{ url: '/probe/items', access_level: 'Read/Write' }] });
  expect((await probeWrite(comp)).status).toBe(200);
  const billing = s.k.plugins.find((p) => p.id === 'billing')!;
  expect(await s.k.db.withTenant(comp.tenantId, (trx) => hasSubscription(trx, comp.tenantId))).toBe(true);
  expect(await s.k.db.withTenant(t.tenantId, (trx) => hasSubscription(trx, t.tenantId))).toBe(false);
});

test('subscribed to Basic (5 customers): writes pass; the companies page refuses a sixth active company', async () => {
  const checkout = (await t.api('POST', SUB, { action: 'addPlans', planIds: ['plan_basic_usd_month'] })).body.checkout;
  await embedded.completeCheckout(s, checkout);
  expect((await probeWrite(t, 'after subscribing')).status).toBe(200);
  for (let i = 1; i <= 5; i++) expect((await addCompany(t, `Client ${i}`)).status).toBe(200);
  expect((await probeWrite(t, 'five companies')).status).toBe(200);
  expect((await limit(t)).body).toEqual({
    max_companies: 5,
    active_companies: 5,
    can_add: false,
    message: atLimit(5, 5),
  });
  // At the limit: a sixth active company is refused with the reason and nothing is added; an inactive one may be.
  const sixth = await addCompany(t, 'Client 6');
  expect(sixth.status).toBe(402);
  expect(sixth.body.error).toMatchObject({ code: 'maxCompanies', message: atLimit(5, 5) });
  expect(await monikers(t)).not.toContain('Client 6');
  const inactive = await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Client 6', is_active: false });
  expect(inactive.status).toBe(200);
  const activate = () =>
    t.api('PUT', `/v3/tenant/${t.tenantId}/companies/${inactive.body.company.tenant_company_id}`, { is_active: true });
  expect((await activate()).status).toBe(402);

  // Above the limit (an import or a smaller plan): the violation holds other pages, the companies page stays open.
  await s.k.db.withTenant(t.tenantId, (trx) =>
    trx('tenant_companies')
      .where({ tenant_company_id: inactive.body.company.tenant_company_id })
      .update({ is_active: true }),
  );
  const refused = await probeWrite(t, 'six companies');
  expect(refused.status).toBe(402);
  expect(refused.body.error).toMatchObject({
    code: 'maxCompanies',
    message:
      'Your plan allows 5 active customers and you have 6. Deactivate customers or upgrade your plan on the Subscription page to make changes.',
  });
  expect((await items(t)).map((i) => i.name)).not.toContain('six companies');
  // ...where adding is refused (402, with the reason): only deactivating brings the count down.
  const seventh = await addCompany(t, 'Client 7');
  expect(seventh.status).toBe(402);
  expect(seventh.body.error.message).toBe(atLimit(5, 6));
  expect((await limit(t)).body).toMatchObject({ active_companies: 6, can_add: false, message: atLimit(5, 6) });
  const off = await t.api('PUT', `/v3/tenant/${t.tenantId}/companies/${inactive.body.company.tenant_company_id}`, {
    is_active: false,
  });
  expect(off.status).toBe(200);
  expect((await probeWrite(t, 'back to five')).status).toBe(200);
});

test('an upgrade lifts the limit; a cancelled subscription refuses writes with statusNotActive', async () => {
  expect((await addCompany(t, 'Client 7')).status).toBe(402);
  expect((await t.api('POST', SUB, { action: 'update', planIds: ['plan_professional_usd_month'] })).status).toBe(200);
  expect((await addCompany(t, 'Client 7')).status).toBe(200);
  expect((await limit(t)).body).toMatchObject({ active_companies: 6, can_add: true, message: null });
  expect((await probeWrite(t, 'professional')).status).toBe(200);
  expect((await t.api('POST', SUB, { action: 'cancel' })).status).toBe(200);
  const r = await probeWrite(t, 'cancelled');
  expect(r.status).toBe(402);
  expect(r.body.error).toMatchObject({
    code: 'statusNotActive',
    message: 'Your subscription is not active (status: canceled). Update it on the Subscription page to make changes.',
  });
});
