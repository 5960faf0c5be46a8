/**
 * The CS object API framework through its account objects: routes per object type, 404/405 for unknown types
 * and methods, 400 with fields, soft delete and activeFlag=0 lists, filteredGet resolving filters to companies,
 * optimistic concurrency, admin writes and tenant isolation.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const cs = (t: TestTenant, rest: string) => `/v3/cs/tenant/${t.tenantId}/cs/${rest}`;

async function ownTenantUserId(t: TestTenant): Promise<number> {
  const r = await t.api('GET', cs(t, 'TenantAccountManager'));
  expect(r.status).toBe(200);
  const me = r.body.candidates.find((c: { email: string }) => c.email === t.email);
  expect(me).toBeDefined();
  return me.tenantUserId;
}

beforeAll(async () => {
  s = await startTestServer({ plugins: ['customer-success'], jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
}, 60_000);
afterAll(async () => s?.stop());

test('an unknown object type answers 404 naming it; a method the type lacks answers 405', async () => {
  const r = await a.api('GET', cs(a, 'TenantNoSuchThing'));
  expect(r.status).toBe(404);
  expect(r.body.error.message).toMatch(
    /^Unknown Customer Success object type: TenantNoSuchThing\. Known types: .*TenantAccountGroup/,
  );
  expect((await a.api('DELETE', cs(a, 'TenantNoSuchThing/1'))).status).toBe(404);
  expect((await a.api('POST', `/v3/cs/tenant/${a.tenantId}/csrpt/TenantNoSuchThing`, {})).status).toBe(404);
  const m = await a.api('PUT', cs(a, 'TenantAccountGroup'), {});
  expect(m.status).toBe(405);
  expect(m.body.error.message).toContain('TenantAccountGroup does not support PUT');
});

test('account groups: create with managers, list with linkTables, 400 fields, soft delete and the deleted list', async () => {
  const tuA = await ownTenantUserId(a);
  const acme = await makeCompany(a, 'Acme');
  const mgr = await a.api('POST', cs(a, 'TenantAccountManager'), { tenantUserId: tuA, tenantCompanyIds: [acme] });
  expect(mgr.status).toBe(200);
  const managerId = mgr.body.tenantAccountManagers[0].tenantAccountManagerId;
  expect(mgr.body.tenantAccountManagers[0]).toMatchObject({ tenantCompanyIds: [acme], activeFlag: 1, email: a.email });

  const bad = await a.api('POST', cs(a, 'TenantAccountGroup'), { moniker: '  ', tenantAccountManagerIds: ['x'] });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
    'body.moniker',
    'body.tenantAccountManagerIds.0',
  ]);
  expect((await a.api('GET', cs(a, 'TenantAccountGroup'))).body.tenantAccountGroups).toEqual([]);

  const g = await a.api('POST', cs(a, 'TenantAccountGroup'), {
    moniker: 'East',
    description: 'East coast',
    tenantAccountManagerIds: [managerId],
  });
  expect(g.status).toBe(200);
  expect(g.body.records_updated).toBe(1);
  const groupId = g.body.tenantAccountGroups[0].tenantAccountGroupId;
  const list = await a.api('GET', cs(a, 'TenantAccountGroup'));
  expect(list.body.tenantAccountGroups).toEqual([
    { tenantAccountGroupId: groupId, moniker: 'East', description: 'East coast', activeFlag: 1, version: 1 },
  ]);
  expect(list.body.linkTables.tenantAccountManagers).toEqual([
    { tenantAccountGroupId: groupId, tenantAccountManagerId: managerId },
  ]);
  expect(
    (await a.api('GET', cs(a, `TenantAccountGroup/${groupId}`))).body.tenantAccountGroups[0].tenantAccountManagerIds,
  ).toEqual([managerId]);

  const del = await a.api('DELETE', cs(a, `TenantAccountGroup/${groupId}`));
  expect(del).toEqual({ status: 200, body: { records_updated: 1 } });
  expect((await a.api('GET', cs(a, 'TenantAccountGroup'))).body.tenantAccountGroups).toEqual([]);
  const deleted = await a.api('GET', `${cs(a, 'TenantAccountGroup')}?activeFlag=0`);
  expect(
    deleted.body.tenantAccountGroups.map((x: { tenantAccountGroupId: number; activeFlag: number }) => [
      x.tenantAccountGroupId,
      x.activeFlag,
    ]),
  ).toEqual([[groupId, 0]]);
  expect((await a.api('DELETE', cs(a, `TenantAccountGroup/${groupId}`))).status).toBe(404);
  // Restoring through PUT activeFlag 1 brings it back with its managers.
  const restored = await a.api('PUT', cs(a, `TenantAccountGroup/${groupId}`), { activeFlag: 1 });
  expect(restored.body.tenantAccountGroups[0]).toMatchObject({ activeFlag: 1, tenantAccountManagerIds: [managerId] });
});

test('filteredGet resolves managers, groups and companies to one company set (fields ANDed, values ORed)', async () => {
  const tu = await ownTenantUserId(b);
  const [c1, c2, c3] = [await makeCompany(b, 'One'), await makeCompany(b, 'Two'), await makeCompany(b, 'Three')];
  const m = (await b.api('POST', cs(b, 'TenantAccountManager'), { tenantUserId: tu, tenantCompanyIds: [c1, c2] })).body
    .tenantAccountManagers[0];
  const g = (
    await b.api('POST', cs(b, 'TenantAccountGroup'), {
      moniker: 'Team',
      tenantAccountManagerIds: [m.tenantAccountManagerId],
    })
  ).body.tenantAccountGroups[0];
  const managersFor = async (filters: Record<string, unknown>) => {
    const r = await b.api('POST', cs(b, 'TenantAccountManager'), { action: 'filteredGet', filters });
    expect(r.status).toBe(200);
    return r.body.tenantAccountManagers.map((x: { tenantAccountManagerId: number }) => x.tenantAccountManagerId);
  };
  expect(await managersFor({})).toEqual([m.tenantAccountManagerId]);
  expect(await managersFor({ tenantCompanyIds: [c3] })).toEqual([]);
  expect(await managersFor({ tenantCompanyIds: [c2, c3] })).toEqual([m.tenantAccountManagerId]);
  expect(await managersFor({ tenantAccountGroupIds: [g.tenantAccountGroupId], tenantCompanyIds: [c3] })).toEqual([]);
  expect(await managersFor({ tenantAccountGroupIds: [g.tenantAccountGroupId] })).toEqual([m.tenantAccountManagerId]);
  const bad = await b.api('POST', cs(b, 'TenantAccountManager'), {
    action: 'filteredGet',
    filters: { tenantAccountGroupIds: 'all' },
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields[0].path).toBe('body.filters.tenantAccountGroupIds');
  const unknownAction = await b.api('POST', cs(b, 'TenantAccountManager'), { action: 'dropEverything' });
  expect(unknownAction.status).toBe(400);
  expect(unknownAction.body.error.fields[0]).toMatchObject({ path: 'body.action' });
});

test('a stale version answers 409 and changes nothing', async () => {
  const g = (await a.api('POST', cs(a, 'TenantAccountGroup'), { moniker: 'West' })).body.tenantAccountGroups[0];
  const first = await a.api('PUT', cs(a, `TenantAccountGroup/${g.tenantAccountGroupId}`), {
    moniker: 'West 2',
    version: 1,
  });
  expect(first.status).toBe(200);
  expect(first.body.tenantAccountGroups[0].version).toBe(2);
  const stale = await a.api('PUT', cs(a, `TenantAccountGroup/${g.tenantAccountGroupId}`), {
    moniker: 'West 3',
    version: 1,
  });
  expect(stale.status).toBe(409);
  expect(
    (await a.api('GET', cs(a, `TenantAccountGroup/${g.tenantAccountGroupId}`))).body.tenantAccountGroups[0].moniker,
  ).toBe('West 2');
});

test('tenant isolation: another tenant cannot read, change, delete or link our records', async () => {
  const g = (await a.api('POST', cs(a, 'TenantAccountGroup'), { moniker: 'Private A' })).body.tenantAccountGroups[0];
  const managerA = (await a.api('GET', cs(a, 'TenantAccountManager'))).body.tenantAccountManagers[0]
    .tenantAccountManagerId;
  expect((await b.api('GET', cs(b, `TenantAccountGroup/${g.tenantAccountGroupId}`))).status).toBe(404);
  expect(
    (await b.api('PUT', cs(b, `TenantAccountGroup/${g.tenantAccountGroupId}`), { moniker: 'Stolen' })).status,
  ).toBe(404);
  expect((await b.api('DELETE', cs(b, `TenantAccountGroup/${g.tenantAccountGroupId}`))).status).toBe(404);
  expect((await b.api('GET', cs(a, 'TenantAccountGroup'))).status).toBe(403);
  const link = await b.api('POST', cs(b, 'TenantAccountGroup'), {
    moniker: 'Linker',
    tenantAccountManagerIds: [managerA],
  });
  expect(link.status).toBe(400);
  expect(link.body.error.fields[0].path).toBe('body.tenantAccountManagerIds');
  const names = (await b.api('GET', cs(b, 'TenantAccountGroup'))).body.tenantAccountGroups.map(
    (x: { moniker: string }) => x.moniker,
  );
  expect(names).not.toContain('Private A');
  expect(
    (await a.api('GET', cs(a, `TenantAccountGroup/${g.tenantAccountGroupId}`))).body.tenantAccountGroups[0],
  ).toMatchObject({ moniker: 'Private A', activeFlag: 1 });
});

test('writes of account objects need a tenant admin; the Customer Success module is required', async () => {
  const user = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: '/cs/admin/csAccountSettings', access_level: 'Read/Write' }],
  });
  expect((await user.api('GET', cs(user, 'TenantAccountGroup'))).status).toBe(200);
  const w = await user.api('POST', cs(user, 'TenantAccountGroup'), { moniker: 'Nope' });
  expect(w.status).toBe(403);
  const noCs = await makeTenant(s.k, s.url, { modules: ['Core', 'Admin'] });
  const r = await noCs.api('GET', cs(noCs, 'TenantAccountGroup'));
  expect(r.status).toBe(403);
  expect(r.body.error.message).toBe('This page requires the Customer Success module');
});
