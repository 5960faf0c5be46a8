/**
 * Each user's data-table settings (GET/PUT /v3/tenant/:tenantId/tableSettings/:tableKey) on a real server and
 * database (PGlite; PostgreSQL with TEST_DATABASE_URL): the defaults until saved, a save read back per table key,
 * only the caller's own row (another user of the tenant, a Read Only user and one of no module keep theirs), bad
 * input refused with the field and nothing changed, and another tenant neither reaching this tenant's path nor
 * seeing its rows (the tenant policy).
 */
import { tableSettingsPath } from '../../common/api/table-settings';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { makeUser } from '../../tests/helpers/factories';
import { makeTenant, type TestTenant } from '../../tests/helpers/tenants';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  s = await startTestServer({ plugins: [] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
});
afterAll(async () => s?.stop());

const get = async (t: TestTenant, key: string, tenantId = t.tenantId) =>
  t.api('GET', `${tableSettingsPath(tenantId, key)}?_=${Date.now()}`);
const put = (t: TestTenant, key: string, body: unknown, tenantId = t.tenantId) =>
  t.api('PUT', tableSettingsPath(tenantId, key), body);
const NONE = { columns: null, hidden: null, sort: null, saved: false };

test('the defaults until saved; a save is read back for its table key only and replaces the last one', async () => {
  expect((await get(a, 'assetList')).body).toEqual(NONE);
  const saved = await put(a, 'assetList', {
    columns: ['name', 'warranty_expiry', 'lifecycle_state'],
    hidden: ['serial', 'notes'],
    sort: { key: 'warranty_expiry', dir: 'desc' },
  });
  expect(saved.status).toBe(200);
  expect(saved.body).toEqual({
    columns: ['name', 'warranty_expiry', 'lifecycle_state'],
    hidden: ['serial', 'notes'],
    sort: { key: 'warranty_expiry', dir: 'desc' },
    saved: true,
  });
  expect((await get(a, 'assetList')).body).toEqual(saved.body);
  expect((await get(a, 'contracts')).body).toEqual(NONE);

  // The whole of the settings is replaced: no sort or hidden given is none kept; null columns are the default.
  expect((await put(a, 'assetList', { columns: ['serial', 'name'] })).status).toBe(200);
  expect((await get(a, 'assetList')).body).toEqual({
    columns: ['serial', 'name'],
    hidden: null,
    sort: null,
    saved: true,
  });
  expect((await put(a, 'contracts', { columns: null, sort: { key: 'vendor', dir: 'asc' } })).status).toBe(200);
  expect((await get(a, 'contracts')).body).toEqual({
    columns: null,
    hidden: null,
    sort: { key: 'vendor', dir: 'asc' },
    saved: true,
  });
  expect((await get(a, 'assetList')).body.columns).toEqual(['serial', 'name']);
});

test("only the caller's own row: other users of the tenant, Read Only or of no module, keep their own", async () => {
  await put(a, 'findings', { columns: ['title', 'severity'] });
  const readOnly = await makeUser(s.k, s.url, a, { pages: [{ url: '/assetList', access_level: 'Read Only' }] });
  const noModule = await makeUser(s.k, s.url, a, { modules: [], pages: [] });
  for (const u of [readOnly, noModule]) {
    expect((await get(u, 'findings')).body).toEqual(NONE);
    const r = await put(u, 'findings', { columns: ['severity'], sort: { key: 'severity', dir: 'asc' } });
    expect(r.status).toBe(200);
    expect((await get(u, 'findings')).body.columns).toEqual(['severity']);
  }
  expect((await get(a, 'findings')).body).toEqual({
    columns: ['title', 'severity'],
    hidden: null,
    sort: null,
    saved: true,
  });
  // One row per user and table, each the caller's (the user id is never a parameter).
  const rows = await s.k.db.withSystem((trx) =>
    trx('table_settings').where({ tenant_id: a.tenantId, table_key: 'findings' }).orderBy('user_id').select('user_id'),
  );
  expect(rows.map((r: { user_id: string | number }) => Number(r.user_id))).toEqual(
    [a.userId, readOnly.userId, noModule.userId].sort((x, y) => x - y),
  );
});

test('bad input is refused with the field at fault and changes nothing', async () => {
  await put(a, 'companies', { columns: ['name', 'city'], sort: { key: 'name', dir: 'asc' } });
  const before = (await get(a, 'companies')).body;
  const bad: [unknown, string][] = [
    [{ columns: [] }, 'body.columns'],
    [{ columns: ['name', 'name'] }, 'body.columns.1'],
    [{ columns: ['name', 'bad column'] }, 'body.columns.1'],
    [{ columns: ['name'], sort: { key: 'name', dir: 'up' } }, 'body.sort.dir'],
    [{ columns: ['name'], sort: { key: 'name', dir: 'asc', extra: 1 } }, 'body.sort'],
    [{ columns: ['name'], userId: b.userId }, 'body'], // another user's row cannot be named
    [{ columns: Array.from({ length: 101 }, (_, i) => `c${i}`) }, 'body.columns'],
    [{ columns: 'name' }, 'body.columns'],
    [{ columns: ['name'], hidden: ['bad column'] }, 'body.hidden.0'],
    [{}, 'body.columns'],
  ];
  for (const [body, field] of bad) {
    const r = await put(a, 'companies', body);
    expect({ body, status: r.status }).toEqual({ body, status: 400 });
    const paths = (r.body.error.fields ?? []).map((f: { path: string }) => f.path);
    expect({ body, paths }).toEqual({ body, paths: expect.arrayContaining([field]) });
  }
  for (const key of ['9lives', 'a b', 'x'.repeat(81), '-dash']) expect((await get(a, key)).status).toBe(400);
  expect((await get(a, 'companies')).body).toEqual(before);
});

test("another tenant neither reaches this tenant's path nor sees or changes its rows", async () => {
  await put(a, 'contacts', { columns: ['first_name', 'email'] });
  expect((await get(b, 'contacts', a.tenantId)).status).toBe(403);
  expect((await put(b, 'contacts', { columns: ['email'] }, a.tenantId)).status).toBe(403);
  // B's own tenant: B's own row, never A's.
  expect((await get(b, 'contacts')).body).toEqual(NONE);
  expect((await put(b, 'contacts', { columns: ['email'] })).status).toBe(200);
  expect((await get(b, 'contacts')).body.columns).toEqual(['email']);
  expect((await get(a, 'contacts')).body.columns).toEqual(['first_name', 'email']);
  // Under B's tenant scope the table holds B's rows only (row-level security), whatever the SQL asks.
  const seen = await s.k.db.withTenant(b.tenantId, (trx) => trx('table_settings').select('tenant_id'));
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.every((r: { tenant_id: string | number }) => Number(r.tenant_id) === b.tenantId)).toBe(true);
  await expect(
    s.k.db.withTenant(b.tenantId, (trx) =>
      trx('table_settings').insert({ tenant_id: a.tenantId, user_id: b.userId, table_key: 'x', settings: '{}' }),
    ),
  ).rejects.toThrow(/row-level security/);
});
