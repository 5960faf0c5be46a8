/**
 * Company detail objects through the API: TenantCompanyProfile (empty profile, 400 fields, 409 on a stale version),
 * CustomerSuccessDetailsTile (details and the tile order saved per user), TenantCsHeadlines keyed by company,
 * 'Must select a customer', and tenant isolation.
 */
import {
  makeCompany,
  makeTenant,
  makeUser,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { contract, cs, customMetric, setScore } from './segments-helpers';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let beta: number;

const inDays = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

beforeAll(async () => {
  s = await startTestServer({ plugins: ['customer-success'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme');
  beta = await makeCompany(a, 'Beta');
  await contract(a, acme, {
    vendor: 'Datto',
    account: 'Backup',
    cost: 600,
    billing_cycle: 'Monthly',
    end_date: inDays(14),
  });
  await contract(a, acme, { vendor: 'Cisco', cost: 1200, billing_cycle: 'Annually', end_date: inDays(200) });
  const health = await customMetric(a, 'health');
  await setScore(a, 'health', health, acme, 85);
}, 90_000);
afterAll(async () => s?.stop());

test('every company detail object needs a company', async () => {
  for (const o of ['CustomerSuccessDetailsTile', 'TenantCompanyProfile', 'TenantCsHeadlines']) {
    const r = await a.api('GET', cs(a, o));
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Must select a customer');
  }
  expect((await a.api('PUT', cs(a, 'TenantCompanyProfile'), { version: 0, industry: 'x' })).status).toBe(400);
  expect((await a.api('PUT', cs(a, 'CustomerSuccessDetailsTile'), { tileOrder: ['goals'] })).status).toBe(400);
});

test('profile: empty at first, saved with its version, 409 when stale, 400 naming bad fields', async () => {
  const empty = await a.api('GET', cs(a, `TenantCompanyProfile?tenantCompanyId=${acme}`));
  expect(empty.status).toBe(200);
  expect(empty.body.tenantCompanyProfile[0]).toMatchObject({ tenantCompanyId: acme, industry: null, version: 0 });

  const bad = await a.api('PUT', cs(a, `TenantCompanyProfile?tenantCompanyId=${acme}`), {
    version: 0,
    website: 'acme.com',
    primaryContactEmail: 'nope',
    customerSince: '2024-02-30',
    employeeCount: -1,
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
    'body.customerSince',
    'body.employeeCount',
    'body.primaryContactEmail',
    'body.website',
  ]);
  expect(
    (await a.api('GET', cs(a, `TenantCompanyProfile?tenantCompanyId=${acme}`))).body.tenantCompanyProfile[0].version,
  ).toBe(0);

  const saved = await a.api('PUT', cs(a, `TenantCompanyProfile?tenantCompanyId=${acme}`), {
    version: 0,
    industry: 'Dental',
    employeeCount: 42,
    website: 'https://acme.example',
    customerSince: '2019-04-01',
  });
  expect(saved.status).toBe(200);
  expect(saved.body.tenantCompanyProfile[0]).toMatchObject({
    industry: 'Dental',
    employeeCount: 42,
    customerSince: '2019-04-01',
    version: 1,
  });
  const again = await a.api('PUT', cs(a, `TenantCompanyProfile?tenantCompanyId=${acme}`), {
    version: 1,
    notes: 'Prefers e-mail',
  });
  expect(again.body.tenantCompanyProfile[0]).toMatchObject({ industry: 'Dental', notes: 'Prefers e-mail', version: 2 });
  const stale = await a.api('PUT', cs(a, `TenantCompanyProfile?tenantCompanyId=${acme}`), {
    version: 1,
    notes: 'lost?',
  });
  expect(stale.status).toBe(409);
  expect(
    (await a.api('GET', cs(a, `TenantCompanyProfile?tenantCompanyId=${acme}`))).body.tenantCompanyProfile[0].notes,
  ).toBe('Prefers e-mail');
});

test('details tile: the company at a glance, and the tile order saved per user', async () => {
  const r = await a.api('GET', cs(a, `CustomerSuccessDetailsTile?tenantCompanyId=${acme}`));
  expect(r.status).toBe(200);
  const tile = r.body.customerSuccessDetailsTile[0];
  expect(tile).toMatchObject({
    tenantCompanyId: acme,
    companyName: 'Acme',
    healthScore: 85,
    healthVariant: 'success',
    currentContracts: 2,
    nextContractEnd: { label: 'Datto Backup', end_date: inDays(14) },
  });
  expect(tile.tileOrder[0]).toBe('details');

  const bad = await a.api('PUT', cs(a, `CustomerSuccessDetailsTile?tenantCompanyId=${acme}`), {
    tileOrder: ['goals', 'nope'],
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields[0].path).toBe('body.tileOrder.1');
  const saved = await a.api('PUT', cs(a, `CustomerSuccessDetailsTile?tenantCompanyId=${acme}`), {
    tileOrder: ['goals', 'details'],
  });
  expect(saved.status).toBe(200);
  expect(saved.body.customerSuccessDetailsTile.tileOrder.slice(0, 3)).toEqual(['goals', 'details', 'profile']);
  // The order follows the user to another company.
  expect(
    (
      await a.api('GET', cs(a, `CustomerSuccessDetailsTile?tenantCompanyId=${beta}`))
    ).body.customerSuccessDetailsTile[0].tileOrder.slice(0, 2),
  ).toEqual(['goals', 'details']);

  // Another user of the same tenant keeps the default order.
  const second = await makeUser(s.k, s.url, a, { securityGroupId: a.securityGroupId, tenantAdmin: true });
  const other = await second.api('GET', cs(a, `CustomerSuccessDetailsTile?tenantCompanyId=${acme}`));
  expect(other.status).toBe(200);
  expect(other.body.customerSuccessDetailsTile[0].tileOrder[0]).toBe('details');
});

test('headlines are keyed by company', async () => {
  const one = await a.api('GET', cs(a, `TenantCsHeadlines?tenantCompanyId=${acme}`));
  expect(one.status).toBe(200);
  expect(Object.keys(one.body.headlines)).toEqual([String(acme)]);
  expect(one.body.headlines[acme].map((h: { text: string }) => h.text)).toContain(
    'Contract Datto Backup ends in 2 weeks',
  );
  const all = await a.api('POST', cs(a, 'TenantCsHeadlines'), { action: 'filteredGet', filters: {} });
  expect(Object.keys(all.body.headlines).sort()).toEqual([String(acme), String(beta)].sort());
  expect(all.body.headlines[beta]).toEqual([]);
  const filtered = await a.api('POST', cs(a, 'TenantCsHeadlines'), {
    action: 'filteredGet',
    filters: { tenantCompanyIds: [beta] },
  });
  expect(Object.keys(filtered.body.headlines)).toEqual([String(beta)]);
});

test('tenants are isolated', async () => {
  expect((await b.api('GET', cs(b, `TenantCompanyProfile?tenantCompanyId=${acme}`))).status).toBe(404);
  expect(
    (await b.api('PUT', cs(b, `TenantCompanyProfile?tenantCompanyId=${acme}`), { version: 0, notes: 'hijack' })).status,
  ).toBe(404);
  expect(
    (await b.api('PUT', cs(b, `TenantCompanyProfile?tenantCompanyId=${acme}`), { version: 2, notes: 'hijack' })).status,
  ).toBe(404);
  expect(
    (await a.api('GET', cs(a, `TenantCompanyProfile?tenantCompanyId=${acme}`))).body.tenantCompanyProfile[0].notes,
  ).toBe('Prefers e-mail');
  expect((await b.api('GET', cs(b, `CustomerSuccessDetailsTile?tenantCompanyId=${acme}`))).status).toBe(404);
  const h = await b.api('GET', cs(b, `TenantCsHeadlines?tenantCompanyId=${acme}`));
  expect(h.status === 404 || (h.status === 200 && (h.body.headlines[acme] ?? []).length === 0)).toBe(true);
  expect((await b.api('GET', cs(a, `TenantCompanyProfile?tenantCompanyId=${acme}`))).status).toBe(403);
});
