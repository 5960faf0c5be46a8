import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { activeCompaniesPoint } from '../../../kernel/index';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['companies'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/datamanagercompanies', access_level: 'Read Only' }],
  });
});
afterAll(async () => s?.stop());

test('a tenant adds and lists its own companies only', async () => {
  const add = await a.api('POST', `/v3/tenant/${a.tenantId}/companies`, { moniker: 'Acme', seats: 10 });
  expect(add.status).toBe(200);
  expect(add.body.company).toMatchObject({ moniker: 'Acme', name: 'Acme', is_active: true, seats: 10 });
  const listA = await a.api('GET', `/v3/tenant/${a.tenantId}/companies?_=123`);
  expect(listA.body.companies.map((c: { moniker: string }) => c.moniker)).toEqual(['Acme']);
  const listB = await b.api('GET', `/v3/tenant/${b.tenantId}/companies`);
  expect(listB.body.companies).toEqual([]);
});

test('an empty name is refused with the field named, and nothing is stored', async () => {
  const r = await a.api('POST', `/v3/tenant/${a.tenantId}/companies`, { moniker: '  ' });
  expect(r.status).toBe(400);
  expect(r.body.error.fields[0]).toMatchObject({ path: 'body.moniker', message: 'Required.' });
  const list = await a.api('GET', `/v3/tenant/${a.tenantId}/companies`);
  expect(list.body.companies).toHaveLength(1);
});

test('a Read Only page cannot add companies; another tenant cannot update ours', async () => {
  const ro = await b.api('POST', `/v3/tenant/${b.tenantId}/companies`, { moniker: 'Nope' });
  expect(ro.status).toBe(403);
  expect(ro.body.error.message).toBe('You only have Read Only Access to This Page.');
  const acme = (await a.api('GET', `/v3/tenant/${a.tenantId}/companies`)).body.companies[0];
  const other = await makeTenant(s.k, s.url);
  const forged = await other.api('PUT', `/v3/tenant/${other.tenantId}/companies/${acme.tenant_company_id}`, {
    moniker: 'Stolen',
  });
  expect(forged.status).toBe(404);
  const after = await a.api('GET', `/v3/tenant/${a.tenantId}/companies`);
  expect(after.body.companies[0].moniker).toBe('Acme');
});

test('the active-company source separates assessment-only and AIR-only companies', async () => {
  await makeCompany(a, 'Audit Co', { assessment_only_flag: true });
  await makeCompany(a, 'Assets Co', { air_only_flag: true });
  await makeCompany(a, 'Gone Co', { is_active: false });
  const [source] = s.k.extensions(activeCompaniesPoint);
  const names = async (kind: 'all' | 'assessmentOnly' | 'airOnly') =>
    s.k.db.withTenant(a.tenantId, async (trx) => (await source(trx, a.tenantId, kind)).map((c) => c.name));
  expect(await names('all')).toEqual(['Acme', 'Assets Co', 'Audit Co']);
  expect(await names('assessmentOnly')).toEqual(['Audit Co']);
  expect(await names('airOnly')).toEqual(['Assets Co']);
});
