/**
 * The assets and assetList routes on the real server and database: CRUD with field messages, optimistic concurrency
 * (409, nothing lost), delete with confirmation, paging, sorts, filters and the total, the lifecycle state filter and
 * sort in SQL (and its agreement with the TS rule on a table of cases), the bulk status/type change (all or nothing),
 * tenant isolation (another tenant's asset is a 404) and Read Only refused writes.
 */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { selectAsset, selectLifecycleStates } from '../server/store';
import { assetPaths } from '../shared/api';
import { LIFECYCLE_STATES, lifecycleOf } from '../shared/lifecycle';
import { ASSET_LIST_PAGE } from '../shared/pages';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let bravo: number;
let laptop: number;
let server: number;
let active: number;
let retired: number;
let otherAsset: number;

const AS_OF = '2025-06-15';

const addType = async (t: TestTenant, moniker: string, settings: Record<string, number>): Promise<number> => {
  const r = await t.api('POST', `/v3/tenant/${t.tenantId}/assetType`, {
    assetTypeId: 0,
    asset_type_moniker: moniker,
    ...settings,
  });
  expect(r.status).toBe(200);
  return r.body.asset_type_id;
};
const addStatus = async (t: TestTenant, moniker: string): Promise<number> => {
  const r = await t.api('POST', `/v3/tenant/${t.tenantId}/assetStatus/add`, { moniker });
  expect(r.status).toBe(200);
  return r.body.tenant_asset_status_id;
};
const add = (t: TestTenant, body: Record<string, unknown>) => t.api('POST', assetPaths.create(t.tenantId), body);
const list = async (t: TestTenant, query = '') => {
  const r = await t.api('GET', `${assetPaths.list(t.tenantId)}?asOf=${AS_OF}${query}`);
  expect(r.status).toBe(200);
  return r.body;
};

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assets'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme Dental');
  bravo = await makeCompany(a, 'Bravo Freight');
  laptop = await addType(a, 'Laptop', {
    default_replacement_cost: 1400,
    default_life_in_months: 48,
    approaching_duration_in_months_eol: 6,
    approaching_duration_in_months_warranty: 3,
  });
  server = await addType(a, 'Server', { default_replacement_cost: 9000, default_life_in_months: 60 });
  active = await addStatus(a, 'In use');
  retired = await addStatus(a, 'Retired');
  const other = await makeCompany(b, 'Other Tenant Co');
  otherAsset = (await add(b, { tenant_company_id: other, name: 'OTHER-PC', serial: 'OT1', make: 'Dell' })).body.asset
    .asset_id;
}, 400_000);
afterAll(async () => s?.stop());

test('an asset is added with trimmed fields, its names and lifecycle, and read back', async () => {
  const r = await add(a, {
    tenant_company_id: acme,
    asset_type_id: laptop,
    tenant_asset_status_id: active,
    name: '  FRONTDESK-01 ',
    serial: 'ABC123',
    make: 'Dell',
    model: 'Latitude 5420',
    purchase_date: '2021-08-31',
    warranty_expiry: '2024-08-31',
    notes: '',
  });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    records_updated: 1,
    asset: {
      tenant_company_id: acme,
      company_moniker: 'Acme Dental',
      asset_type_moniker: 'Laptop',
      status_moniker: 'In use',
      name: 'FRONTDESK-01',
      notes: null,
      source: 'manual',
      version: 1,
      replacement_due: '2025-08-31',
      replacement_cost: 1400,
    },
  });
  const one = await a.api('GET', assetPaths.one(a.tenantId, r.body.asset.asset_id));
  expect(one.status).toBe(200);
  expect(one.body.asset).toEqual(r.body.asset);
  const sources = await s.k.db.withTenant(a.tenantId, async (trx) =>
    trx('asset_field_sources').where({ asset_id: r.body.asset.asset_id }).orderBy('field').pluck('field'),
  );
  expect(sources).toEqual(expect.arrayContaining(['name', 'serial', 'make', 'purchase_date', 'warranty_expiry']));
  expect(sources).not.toContain('notes');
});

test('bad input is refused with each field named; nothing is stored', async () => {
  const before = (await list(a)).total;
  const r = await add(a, { tenant_company_id: acme, name: ' ', purchase_date: '2023-02-29', cost: -1 });
  expect(r.status).toBe(400);
  expect(r.body.error.fields).toEqual(
    expect.arrayContaining([
      { path: 'body.name', message: 'Required.' },
      { path: 'body.purchase_date', message: 'Not a real date' },
      { path: 'body.cost', message: 'Must be 0 or more' },
    ]),
  );
  const dup = await add(a, { tenant_company_id: bravo, name: 'Copy', serial: 'abc123', make: 'DELL' });
  expect(dup.status).toBe(400);
  expect(dup.body.error.fields).toEqual([
    { path: 'body.serial', message: 'Another asset of this tenant has this make and serial number.' },
  ]);
  const foreignType = await add(a, { tenant_company_id: acme, name: 'X', asset_type_id: 999_999 });
  expect(foreignType.body.error.fields).toEqual([{ path: 'body.asset_type_id', message: 'Asset type not found.' }]);
  expect((await list(a)).total).toBe(before);
});

test('an edit needs the version read: a stale one answers 409 and changes nothing; delete needs confirm', async () => {
  const c = (await add(a, { tenant_company_id: acme, name: 'PRINTER-2', make: 'HP', serial: 'P2' })).body.asset;
  const path = assetPaths.one(a.tenantId, c.asset_id);
  const first = await a.api('PUT', path, { version: 1, model: 'LaserJet', cost: 320.5 });
  expect(first.status).toBe(200);
  expect(first.body.asset).toMatchObject({ model: 'LaserJet', cost: 320.5, replacement_cost: 320.5, version: 2 });
  const stale = await a.api('PUT', path, { version: 1, model: 'Overwritten' });
  expect(stale.status).toBe(409);
  expect(stale.body.error.message).toBe('This asset was changed by someone else; reload it and try again.');
  expect((await a.api('PUT', path, { model: 'No version' })).status).toBe(400);
  expect((await a.api('GET', path)).body.asset).toMatchObject({ model: 'LaserJet', version: 2 });
  expect((await a.api('DELETE', path)).status).toBe(400);
  expect((await a.api('DELETE', `${path}?confirm=true&version=1`)).status).toBe(409);
  const del = await a.api('DELETE', `${path}?confirm=true&version=2`);
  expect(del).toEqual({ status: 200, body: { records_updated: 1, asset_id: c.asset_id } });
  expect((await a.api('GET', path)).status).toBe(404);
});

describe('the list', () => {
  // Lifecycle cases as of 2025-06-15, named by the state the TS rule gives.
  const cases: Record<string, Record<string, unknown>> = {
    'L-REACHED': { type: 'laptop', purchase_date: '2021-06-15', warranty_expiry: '2026-01-01' },
    'L-OOW': { type: 'laptop', purchase_date: '2023-01-31', warranty_expiry: '2025-06-14' },
    'L-EOLSOON': { type: 'laptop', purchase_date: '2021-12-15', warranty_expiry: '2025-09-15' },
    'L-WEXP': { type: 'laptop', purchase_date: '2024-02-29', warranty_expiry: '2025-09-15' },
    'L-EDGE-W': { type: 'laptop', purchase_date: '2024-02-29', warranty_expiry: '2025-09-16' },
    'L-UNKNOWN': { type: 'laptop' },
    'S-OK': { type: 'server', purchase_date: '2024-01-31', warranty_expiry: '2025-06-15' },
    'S-OWN-EOL': { type: 'server', eol_date: '2025-06-15' },
    'NOTYPE-LONGAGO': { purchase_date: '2010-01-01', warranty_expiry: '2030-01-01' },
    'NOTYPE-EMPTY': {},
  };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    let i = 0;
    for (const [name, { type, ...fields }] of Object.entries(cases)) {
      const r = await add(a, {
        asset_type_id: type === 'laptop' ? laptop : type === 'server' ? server : undefined,
        tenant_company_id: i % 2 ? bravo : acme,
        tenant_asset_status_id: i % 3 ? active : retired,
        name,
        make: i % 2 ? 'Lenovo' : 'Dell',
        serial: `LIST-${i}`,
        ...fields,
      });
      expect(r.status).toBe(200);
      ids[name] = r.body.asset.asset_id;
      i += 1;
    }
  });

  test('the SQL lifecycle state agrees with the TS rule on every case', async () => {
    for (const asOf of [AS_OF, '2024-02-29', '2025-12-31']) {
      const sql = await s.k.db.withTenant(a.tenantId, (trx) => selectLifecycleStates(trx, asOf));
      for (const id of Object.values(ids)) {
        const row = await s.k.db.withTenant(a.tenantId, (trx) => selectAsset(trx, id));
        const cost = row!.cost === null ? null : Number(row!.cost);
        expect({ id, asOf, state: sql.get(id) }).toEqual({
          id,
          asOf,
          state: lifecycleOf({ ...row!, cost }, row!.settings, asOf).lifecycle_state,
        });
      }
    }
    const states = await s.k.db.withTenant(a.tenantId, (trx) => selectLifecycleStates(trx, AS_OF));
    expect(Object.fromEntries(Object.entries(ids).map(([n, id]) => [n, states.get(id)]))).toEqual({
      'L-REACHED': 'eol_reached',
      'L-OOW': 'out_of_warranty',
      'L-EOLSOON': 'eol_approaching',
      'L-WEXP': 'warranty_expiring',
      'L-EDGE-W': 'healthy',
      'L-UNKNOWN': 'unknown',
      'S-OK': 'healthy',
      'S-OWN-EOL': 'eol_reached',
      'NOTYPE-LONGAGO': 'healthy',
      'NOTYPE-EMPTY': 'unknown',
    });
  });

  test('the lifecycle filter runs on the server and answers rows with their lifecycle fields and the total', async () => {
    const r = await list(a, '&lifecycleStates=eol_reached,out_of_warranty&sort=name&search=LIST-');
    expect(r.assets.map((x: { name: string }) => x.name)).toEqual(['L-OOW', 'L-REACHED', 'S-OWN-EOL']);
    expect(r.total).toBe(3);
    expect(r.asOf).toBe(AS_OF);
    expect(r.assets[0]).toMatchObject({ warranty_state: 'expired', lifecycle_state: 'out_of_warranty' });
    const expiring = await list(a, '&lifecycleStates=warranty_expiring');
    expect(expiring.assets.map((x: { name: string }) => x.name)).toEqual(['L-WEXP']);
    expect((await a.api('GET', `${assetPaths.list(a.tenantId)}?lifecycleStates=soon`)).status).toBe(400);
  });

  test('sorted by lifecycle state follows the precedence; by warranty expiry with nulls last both ways', async () => {
    const r = await list(a, '&search=LIST-&sort=lifecycle_state&pageSize=500');
    const ranks = r.assets.map((x: { lifecycle_state: string }) =>
      LIFECYCLE_STATES.indexOf(x.lifecycle_state as (typeof LIFECYCLE_STATES)[number]),
    );
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    // Blank expiries last both ways: descending the dates newest first, then the three blanks.
    const byExpiry = await list(a, '&search=LIST-&sort=warranty_expiry&dir=desc&pageSize=500');
    const exp = byExpiry.assets.map((x: { warranty_expiry: string | null }) => x.warranty_expiry);
    expect(exp.slice(-3)).toEqual([null, null, null]);
    expect(exp.slice(0, -3)).toEqual([...exp.slice(0, -3)].sort().reverse());
    expect(exp.slice(0, -3).every((d: string | null) => d !== null)).toBe(true);
    const ascending = await list(a, '&search=LIST-&sort=warranty_expiry&dir=asc&pageSize=500');
    const asc = ascending.assets.map((x: { warranty_expiry: string | null }) => x.warranty_expiry);
    expect(asc.slice(-3)).toEqual([null, null, null]);
    expect(asc.slice(0, -3)).toEqual([...exp.slice(0, -3)].reverse());
  });

  test('pages do not overlap and carry the total; filters by company, type and status', async () => {
    const p1 = await list(a, '&search=LIST-&sort=name&pageSize=4&page=1');
    const p2 = await list(a, '&search=LIST-&sort=name&pageSize=4&page=2');
    const p3 = await list(a, '&search=LIST-&sort=name&pageSize=4&page=3');
    const names = [...p1.assets, ...p2.assets, ...p3.assets].map((x: { name: string }) => x.name);
    expect(names).toEqual(Object.keys(cases).sort());
    expect([p1.total, p2.total, p3.total]).toEqual([10, 10, 10]);
    expect(p3.assets).toHaveLength(2);
    const bravoOnly = await list(a, `&search=LIST-&tenantCompanyIds=${bravo}`);
    expect(bravoOnly.total).toBe(5);
    expect(bravoOnly.assets.every((x: { company_moniker: string }) => x.company_moniker === 'Bravo Freight')).toBe(
      true,
    );
    const servers = await list(a, `&assetTypeIds=${server}&sort=name`);
    expect(servers.assets.map((x: { name: string }) => x.name)).toEqual(['S-OK', 'S-OWN-EOL']);
    const retiredOnes = await list(a, `&search=LIST-&tenantAssetStatusIds=${retired}`);
    expect(retiredOnes.total).toBe(4); // cases 0, 3, 6, 9
    expect((await a.api('GET', `${assetPaths.list(a.tenantId)}?pageSize=501`)).status).toBe(400);
  });

  test('a bulk status change is all or nothing: an id of another tenant answers 404 and changes nothing', async () => {
    const mine = [ids['L-OOW'], ids['L-EOLSOON']]; // both 'In use'
    const refused = await a.api('POST', assetPaths.bulk(a.tenantId), {
      assetIds: [...mine, otherAsset],
      tenant_asset_status_id: retired,
    });
    expect(refused.status).toBe(404);
    const before = await a.api('GET', assetPaths.one(a.tenantId, ids['L-EOLSOON']));
    expect(before.body.asset.status_moniker).toBe('In use');
    const ok = await a.api('POST', assetPaths.bulk(a.tenantId), {
      assetIds: mine,
      tenant_asset_status_id: retired,
      asset_type_id: server,
    });
    expect(ok).toEqual({ status: 200, body: { records_updated: 2 } });
    for (const id of mine)
      expect((await a.api('GET', assetPaths.one(a.tenantId, id))).body.asset).toMatchObject({
        status_moniker: 'Retired',
        asset_type_moniker: 'Server',
      });
    const b4 = (await b.api('GET', assetPaths.one(b.tenantId, otherAsset))).body.asset;
    expect(b4).toMatchObject({ tenant_asset_status_id: null, version: 1 });
    const nothing = await a.api('POST', assetPaths.bulk(a.tenantId), { assetIds: mine });
    expect(nothing.status).toBe(400);
  });
});

test("another tenant's asset is a 404 to read, edit and delete, and is not listed", async () => {
  const path = assetPaths.one(a.tenantId, otherAsset);
  expect((await a.api('GET', path)).status).toBe(404);
  expect((await a.api('PUT', path, { version: 1, name: 'Hijack' })).status).toBe(404);
  expect((await a.api('DELETE', `${path}?confirm=true`)).status).toBe(404);
  expect((await list(a, '&search=OTHER')).total).toBe(0);
  expect((await b.api('GET', assetPaths.one(b.tenantId, otherAsset))).body.asset.name).toBe('OTHER-PC');
  // A's company named in B's tenant is refused as not found.
  expect((await add(b, { tenant_company_id: acme, name: 'X' })).body.error.fields).toEqual([
    { path: 'body.tenant_company_id', message: 'Company not found.' },
  ]);
});

test('a Read Only page lists assets but cannot add, edit, bulk-change or delete them', async () => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [
      { url: ASSET_LIST_PAGE, access_level: 'Read Only' },
      { url: '/datamanagercompanies', access_level: 'Read/Write' },
    ],
  });
  const company = await makeCompany(reader, 'Reader Co');
  expect((await reader.api('GET', assetPaths.list(reader.tenantId))).status).toBe(200);
  expect((await add(reader, { tenant_company_id: company, name: 'Nope' })).status).toBe(403);
  expect(
    (await reader.api('POST', assetPaths.bulk(reader.tenantId), { assetIds: [1], tenant_asset_status_id: null }))
      .status,
  ).toBe(403);
  expect((await reader.api('PUT', assetPaths.one(reader.tenantId, 1), { version: 1 })).status).toBe(403);
  expect((await reader.api('DELETE', `${assetPaths.one(reader.tenantId, 1)}?confirm=true`)).status).toBe(403);
  expect((await reader.api('GET', assetPaths.list(reader.tenantId))).body.total).toBe(0);
  const none = await makeTenant(s.k, s.url, { tenantAdmin: false, pages: [] });
  expect((await none.api('GET', assetPaths.list(none.tenantId))).status).toBe(403);
});

test("without asOf the lifecycle is computed for the tenant's today in its time zone, not UTC's", async () => {
  // A zone where the day is not UTC's right now: 14 hours ahead from 10:00 UTC on, else 12 hours behind.
  const now = Date.now();
  const ahead = new Date(now).getUTCHours() >= 10;
  const timeZone = ahead ? 'Etc/GMT-14' : 'Etc/GMT+12';
  const tenantDay = new Date(now + (ahead ? 14 : -12) * 3_600_000).toISOString().slice(0, 10);
  const utcDay = new Date(now).toISOString().slice(0, 10);
  expect(tenantDay).not.toBe(utcDay);
  expect((await b.api('PUT', `/v3/tenant/${b.tenantId}/settings/tenant`, { timeZone })).status).toBe(200);
  const company = (await b.api('GET', `/v3/tenant/${b.tenantId}/assetList?search=OTHER-PC`)).body.assets[0]
    .tenant_company_id;
  // End of life on the later of the two days: ahead, the tenant's today (reached and overdue there, tomorrow in
  // UTC); behind, UTC's today (reached in UTC, still tomorrow for the tenant: due within 90 days).
  const eol = ahead ? tenantDay : utcDay;
  const want = ahead ? { eol_state: 'reached', due_soon: 'overdue' } : { eol_state: 'ok', due_soon: 90 };
  const id = (await add(b, { tenant_company_id: company, name: 'TZ-PC', eol_date: eol })).body.asset.asset_id;

  const listed = await b.api('GET', `${assetPaths.list(b.tenantId)}?search=TZ-PC`);
  expect(listed.body.asOf).toBe(tenantDay);
  expect(listed.body.assets[0]).toMatchObject(want);
  const one = await b.api('GET', `/v3/tenant/${b.tenantId}/assets/${id}`);
  expect(one.body.asset).toMatchObject(want);
  const charts = await b.api('GET', `/v3/tenant/${b.tenantId}/assetCharts`);
  expect(charts.body.asOf).toBe(tenantDay);
  expect(charts.body.overdue.count).toBe(ahead ? 1 : 0);
});
