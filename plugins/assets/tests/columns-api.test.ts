/**
 * The asset list's columns saved per user (GET/PUT assetList/columns) on the real server and database: the default
 * until a user saves, the saved keys and order read back, two users of one tenant keep their own, unknown or repeated
 * keys refused with 400 (nothing changed), a Read Only user may read but not save (403), tenants isolated; and an asset's field
 * sources (GET assets/:id/sources), another tenant's asset a 404.
 */
import { addTenantUser, createUser } from '../../../kernel/index';
import { apiCall, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { assetPaths } from '../shared/api';
import { assetColumnsPath, assetSourcesPath, DEFAULT_ASSET_COLUMNS } from '../shared/columns';
import { ASSET_LIST_PAGE } from '../shared/pages';

// Starting a server on a loaded machine takes a while.
jest.setTimeout(180_000);

let s: TestServer;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  s = await startTestServer();
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
});
afterAll(async () => {
  await s?.stop();
});

/** A second user of tenant t, in its group. */
async function secondUser(t: TestTenant) {
  const userId = await s.k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email: `second-${t.tenantId}-${Date.now()}@example.com`,
      passwordHash: 'x',
      firstName: 'Second',
      lastName: 'User',
      currentTenantId: t.tenantId,
    });
    await addTenantUser(trx, t.tenantId, {
      userId: id,
      securityGroupId: t.securityGroupId,
      tenantAdmin: true,
      acceptTerms: true,
    });
    return id;
  });
  const token = await s.k.identity.issueAccessToken(userId);
  return (m: string, p: string, body?: unknown) => apiCall(s.url, s.k.config.apiKey, token, m, p, body);
}

test('columns are saved per user: default first, then the saved order; another user keeps theirs', async () => {
  const first = await a.api('GET', assetColumnsPath(a.tenantId));
  expect(first.status).toBe(200);
  expect(first.body).toEqual({ columns: [...DEFAULT_ASSET_COLUMNS], saved: false });

  const put = await a.api('PUT', assetColumnsPath(a.tenantId), { columns: ['serial', 'name', 'warranty_expiry'] });
  expect(put.status).toBe(200);
  expect(put.body).toEqual({ columns: ['serial', 'name', 'warranty_expiry'], saved: true });
  expect((await a.api('GET', assetColumnsPath(a.tenantId))).body.columns).toEqual([
    'serial',
    'name',
    'warranty_expiry',
  ]);

  const other = await secondUser(a);
  expect((await other('GET', assetColumnsPath(a.tenantId))).body).toEqual({
    columns: [...DEFAULT_ASSET_COLUMNS],
    saved: false,
  });
  expect((await other('PUT', assetColumnsPath(a.tenantId), { columns: ['company', 'lifecycle_state'] })).status).toBe(
    200,
  );
  expect((await other('GET', assetColumnsPath(a.tenantId))).body.columns).toEqual(['company', 'lifecycle_state']);
  // The first user's choice is untouched; saving again replaces it.
  expect((await a.api('GET', assetColumnsPath(a.tenantId))).body.columns).toEqual([
    'serial',
    'name',
    'warranty_expiry',
  ]);
  await a.api('PUT', assetColumnsPath(a.tenantId), { columns: ['name'] });
  expect((await a.api('GET', assetColumnsPath(a.tenantId))).body.columns).toEqual(['name']);
});

test('unknown, repeated or no columns: 400 naming the field, nothing saved', async () => {
  await a.api('PUT', assetColumnsPath(a.tenantId), { columns: ['name', 'make'] });
  const unknown = await a.api('PUT', assetColumnsPath(a.tenantId), { columns: ['name', 'shoe_size'] });
  expect(unknown.status).toBe(400);
  expect(unknown.body.error.fields).toEqual([{ path: 'body.columns.1', message: 'Unknown column' }]);
  const twice = await a.api('PUT', assetColumnsPath(a.tenantId), { columns: ['make', 'name', 'make'] });
  expect(twice.status).toBe(400);
  expect(twice.body.error.fields).toEqual([{ path: 'body.columns.2', message: 'Column given twice' }]);
  const none = await a.api('PUT', assetColumnsPath(a.tenantId), { columns: [] });
  expect(none.status).toBe(400);
  expect(none.body.error.fields[0].path).toBe('body.columns');
  expect((await a.api('PUT', assetColumnsPath(a.tenantId), {})).status).toBe(400);
  expect((await a.api('GET', assetColumnsPath(a.tenantId))).body.columns).toEqual(['name', 'make']);
});

test('tenants are isolated: another tenant path is refused, each tenant keeps its own', async () => {
  await a.api('PUT', assetColumnsPath(a.tenantId), { columns: ['model'] });
  expect((await b.api('GET', assetColumnsPath(b.tenantId))).body.saved).toBe(false);
  expect((await b.api('PUT', assetColumnsPath(a.tenantId), { columns: ['serial'] })).status).toBe(403);
  expect((await b.api('GET', assetColumnsPath(a.tenantId))).status).toBe(403);
  await b.api('PUT', assetColumnsPath(b.tenantId), { columns: ['serial'] });
  expect((await a.api('GET', assetColumnsPath(a.tenantId))).body.columns).toEqual(['model']);
  expect((await b.api('GET', assetColumnsPath(b.tenantId))).body.columns).toEqual(['serial']);
});

test('Read Only users read the columns but cannot save them (a write); no access to the page: 403', async () => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: ASSET_LIST_PAGE, access_level: 'Read Only' }],
  });
  expect((await reader.api('GET', assetColumnsPath(reader.tenantId))).body.saved).toBe(false);
  expect((await reader.api('PUT', assetColumnsPath(reader.tenantId), { columns: ['name', 'cost'] })).status).toBe(403);
  expect((await reader.api('GET', assetColumnsPath(reader.tenantId))).body).toEqual({
    columns: [...DEFAULT_ASSET_COLUMNS],
    saved: false,
  });
  const none = await makeTenant(s.k, s.url, { tenantAdmin: false, pages: [] });
  expect((await none.api('GET', assetColumnsPath(none.tenantId))).status).toBe(403);
  expect((await none.api('PUT', assetColumnsPath(none.tenantId), { columns: ['name'] })).status).toBe(403);
});

test("an asset's field sources: the manual fields it was created with; another tenant's asset is a 404", async () => {
  const c = await a.api('POST', `/v3/tenant/${a.tenantId}/companies`, { moniker: 'Sources Co' });
  const created = await a.api('POST', assetPaths.create(a.tenantId), {
    tenant_company_id: c.body.company.tenant_company_id,
    name: 'PC-1',
    serial: 'SN-1',
  });
  expect(created.status).toBe(200);
  const id = created.body.asset.asset_id;
  const r = await a.api('GET', assetSourcesPath(a.tenantId, id));
  expect(r.status).toBe(200);
  const fields = r.body.sources.map((x: { field: string; source: string }) => `${x.field}:${x.source}`);
  expect(fields).toEqual(expect.arrayContaining(['name:manual', 'serial:manual']));
  expect((await b.api('GET', assetSourcesPath(b.tenantId, id))).status).toBe(404);
});
