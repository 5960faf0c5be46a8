/** Saved links, locations, filters, asset types and asset statuses over HTTP, with tenant isolation. */
import { makeCompany, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let bCo: number;

const base = (t: TestTenant) => `/v3/tenant/${t.tenantId}`;
const co = (t: TestTenant, id: number) => `${base(t)}/company/${id}`;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['companies'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme');
  bCo = await makeCompany(b, 'B Co');
});
afterAll(async () => s?.stop());

describe('saved links', () => {
  const link = (t: TestTenant, id: number, operation: string, payload: unknown) =>
    t.api('POST', `${co(t, id)}/savedlink`, { operation, payload });
  const links = async (t: TestTenant, id: number) => (await t.api('GET', `${co(t, id)}/savedlink`)).body.links as any[];

  test('insert, update, delete answer records_updated; the list follows', async () => {
    const ins = await link(a, acme, 'insert', { link_url: 'https://portal.example.com', link_title: 'Portal' });
    expect(ins.status).toBe(200);
    expect(ins.body).toMatchObject({ records_updated: 1, tenant_company_link_id: expect.any(Number) });
    const id = ins.body.tenant_company_link_id;
    expect(await links(a, acme)).toEqual([
      {
        tenant_company_link_id: id,
        tenant_company_id: acme,
        link_url: 'https://portal.example.com',
        link_title: 'Portal',
        version: 1,
        updated_at: expect.any(String),
      },
    ]);

    const up = await link(a, acme, 'update', {
      tenant_company_link_id: id,
      link_url: 'https://portal.example.com/v2',
      link_title: 'Portal v2',
      version: 1,
    });
    expect(up.body).toMatchObject({ records_updated: 1, link: { link_title: 'Portal v2', version: 2 } });
    const stale = await link(a, acme, 'update', {
      tenant_company_link_id: id,
      link_url: 'https://x.example.com',
      link_title: 'Stale',
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect((await links(a, acme))[0].link_title).toBe('Portal v2');

    const del = await link(a, acme, 'delete', { tenant_company_link_id: id });
    expect(del.body.records_updated).toBe(1);
    expect(await links(a, acme)).toEqual([]);
    expect((await link(a, acme, 'delete', { tenant_company_link_id: id })).status).toBe(404);
  });

  test('a link needs a web address and a title; nothing stored otherwise', async () => {
    const r = await link(a, acme, 'insert', { link_url: 'javascript:alert(1)', link_title: '' });
    expect(r.status).toBe(400);
    expect(r.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'body.payload.link_title',
      'body.payload.link_url',
    ]);
    expect(await links(a, acme)).toEqual([]);
  });

  test("another tenant's company and links answer 404 and change nothing", async () => {
    const mine = await link(a, acme, 'insert', { link_url: 'https://a.example.com', link_title: 'A only' });
    expect((await b.api('GET', `${co(b, acme)}/savedlink`)).status).toBe(404);
    expect((await link(b, acme, 'insert', { link_url: 'https://b.example.com', link_title: 'B' })).status).toBe(404);
    expect(
      (
        await link(b, bCo, 'update', {
          tenant_company_link_id: mine.body.tenant_company_link_id,
          link_url: 'https://b.example.com',
          link_title: 'Stolen',
        })
      ).status,
    ).toBe(404);
    expect((await link(b, bCo, 'delete', { tenant_company_link_id: mine.body.tenant_company_link_id })).status).toBe(
      404,
    );
    expect((await links(a, acme)).map((l) => l.link_title)).toEqual(['A only']);
  });
});

describe('locations and filters', () => {
  test("locations answer without the '-1' placeholder; filters list locations, asset types and the active statuses", async () => {
    await a.api('POST', `${co(a, acme)}/locations`, { location_name: 'Main Office' });
    await a.api('POST', `${co(a, acme)}/locations`, { location_name: 'Annex' });
    // A legacy placeholder row with id -1, as synced data may carry.
    await s.k.db.withSystem((trx) =>
      trx('tenant_company_locations').insert({
        tenant_id: a.tenantId,
        tenant_company_location_id: -1,
        tenant_company_id: acme,
        location_name: 'All Locations',
      }),
    );
    const locs = (await a.api('GET', `${co(a, acme)}/locations`)).body.locations;
    expect(locs.map((l: any) => l.location_name)).toEqual(['Annex', 'Main Office']);

    const type = (await a.api('POST', `${base(a)}/assetType`, { assetTypeId: 0, asset_type_moniker: 'Laptop' })).body
      .asset_type_id;
    const on = (await a.api('POST', `${base(a)}/assetStatus/add`, { moniker: 'In Use' })).body.tenant_asset_status_id;
    const off = (await a.api('POST', `${base(a)}/assetStatus/add`, { moniker: 'Retired' })).body.tenant_asset_status_id;
    await a.api('POST', `${base(a)}/assetStatus`, { payload: { tenantAssetStatusIds: [off] } });

    const f = await a.api('GET', `${co(a, acme)}/filter`);
    expect(f.status).toBe(200);
    expect(f.body.filter_data).toEqual({
      locations: locs.map((l: any) => ({
        tenant_company_location_id: l.tenant_company_location_id,
        location_name: l.location_name,
      })),
      asset_types: [{ asset_type_id: type, asset_type_moniker: 'Laptop' }],
      asset_statuses: [{ tenant_asset_status_id: on, moniker: 'In Use' }],
    });
    expect((await b.api('GET', `${co(b, acme)}/filter`)).status).toBe(404);
    expect((await b.api('GET', `${co(b, bCo)}/filter`)).body.filter_data).toEqual({
      locations: [],
      asset_types: [],
      asset_statuses: [],
    });
  });
});

describe('asset types', () => {
  const types = async (t: TestTenant) => (await t.api('GET', `${base(t)}/assetType`)).body.assetTypes as any[];

  test('id 0 creates with every field; another id updates in place (POST or PUT); records_updated', async () => {
    const fields = {
      asset_type_moniker: 'Server',
      default_replacement_cost: 8000,
      default_life_in_months: 60,
      approaching_duration_in_months_eol: 12,
      approaching_duration_in_months_warranty: 6,
      include_eol_in_missing_flag: true,
      include_warranty_in_missing_flag: false,
      include_make_in_missing_flag: true,
      include_serial_in_missing_flag: false,
      include_model_in_missing_flag: true,
    };
    const c = await a.api('POST', `${base(a)}/assetType`, { assetTypeId: 0, ...fields });
    expect(c.body).toEqual({ records_updated: 1, asset_type_id: expect.any(Number) });
    const id = c.body.asset_type_id;
    expect((await types(a)).find((t) => t.asset_type_id === id)).toEqual({ asset_type_id: id, ...fields, version: 1 });

    const u = await a.api('PUT', `${base(a)}/assetType`, { assetTypeId: id, default_life_in_months: 72, version: 1 });
    expect(u.body).toEqual({ records_updated: 1, asset_type_id: id });
    expect((await types(a)).find((t) => t.asset_type_id === id)).toMatchObject({
      default_life_in_months: 72,
      default_replacement_cost: 8000,
      version: 2,
    });
    expect(
      (await a.api('POST', `${base(a)}/assetType`, { assetTypeId: id, default_life_in_months: 1, version: 1 })).status,
    ).toBe(409);
  });

  test('a new type needs a name; bad numbers are named; nothing stored', async () => {
    const n = (await types(a)).length;
    const r = await a.api('POST', `${base(a)}/assetType`, { assetTypeId: 0, default_life_in_months: -2 });
    expect(r.status).toBe(400);
    expect(r.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
      'body.asset_type_moniker',
      'body.default_life_in_months',
    ]);
    expect((await types(a)).length).toBe(n);
  });

  test('per company: the tenant values until the company saves its own; deleting them goes back', async () => {
    const server = (await types(a)).find((t) => t.asset_type_moniker === 'Server');
    const url = `${co(a, acme)}/assetType`;
    const first = (await a.api('GET', url)).body.assetTypes.find((t: any) => t.asset_type_id === server.asset_type_id);
    expect(first).toMatchObject({ company_override: false, default_life_in_months: 72, tenant_company_id: acme });
    const save = await a.api('POST', url, { assetTypeId: server.asset_type_id, default_replacement_cost: 9999 });
    expect(save.body).toMatchObject({ records_updated: 1 });
    const mine = (await a.api('GET', url)).body.assetTypes.find((t: any) => t.asset_type_id === server.asset_type_id);
    expect(mine).toMatchObject({ company_override: true, default_replacement_cost: 9999, default_life_in_months: 72 });
    expect((await types(a)).find((t) => t.asset_type_id === server.asset_type_id).default_replacement_cost).toBe(8000);
    expect((await a.api('PUT', url, { assetTypeId: 0 })).status).toBe(400);
    const reset = await a.api('DELETE', `${url}/${server.asset_type_id}`);
    expect(reset.body.records_updated).toBe(1);
    expect(
      (await a.api('GET', url)).body.assetTypes.find((t: any) => t.asset_type_id === server.asset_type_id),
    ).toMatchObject({ company_override: false, default_replacement_cost: 8000 });
  });

  test("delete answers records_updated; another tenant's ids answer 404 and change nothing", async () => {
    const printer = (await a.api('POST', `${base(a)}/assetType`, { assetTypeId: 0, asset_type_moniker: 'Printer' }))
      .body.asset_type_id;
    expect(
      (await b.api('POST', `${base(b)}/assetType`, { assetTypeId: printer, asset_type_moniker: 'Stolen' })).status,
    ).toBe(404);
    expect((await b.api('DELETE', `${base(b)}/assetType/${printer}`)).status).toBe(404);
    expect(
      (await b.api('POST', `${co(b, bCo)}/assetType`, { assetTypeId: printer, default_replacement_cost: 1 })).status,
    ).toBe(404);
    expect((await b.api('GET', `${co(b, acme)}/assetType`)).status).toBe(404);
    expect((await types(a)).find((t) => t.asset_type_id === printer).asset_type_moniker).toBe('Printer');
    expect(await types(b)).toEqual([]);

    const del = await a.api('DELETE', `${base(a)}/assetType/${printer}`);
    expect(del.body).toEqual({ records_updated: 1 });
    expect((await types(a)).some((t) => t.asset_type_id === printer)).toBe(false);
    expect((await a.api('DELETE', `${base(a)}/assetType/${printer}`)).status).toBe(404);
  });
});

describe('asset statuses', () => {
  const statuses = async (t: TestTenant) => (await t.api('GET', `${base(t)}/assetStatus`)).body.assetStatuses as any[];

  test('the update toggles is_active / active_flag of the listed ids and answers return_message and msg_class', async () => {
    const t = await makeTenant(s.k, s.url);
    const ids: number[] = [];
    for (const m of ['Active', 'In Storage', 'Disposed'])
      ids.push((await t.api('POST', `${base(t)}/assetStatus/add`, { moniker: m })).body.tenant_asset_status_id);
    expect((await statuses(t)).map((x) => [x.moniker, x.is_active, x.active_flag])).toEqual([
      ['Active', true, 1],
      ['In Storage', true, 1],
      ['Disposed', true, 1],
    ]);
    const r = await t.api('POST', `${base(t)}/assetStatus`, { payload: { tenantAssetStatusIds: [ids[1], ids[2]] } });
    expect(r.body).toEqual({ return_message: '2 asset statuses updated.', msg_class: 'success', records_updated: 2 });
    expect((await statuses(t)).map((x) => [x.moniker, x.is_active, x.active_flag])).toEqual([
      ['Active', true, 1],
      ['In Storage', false, 0],
      ['Disposed', false, 0],
    ]);
    await t.api('POST', `${base(t)}/assetStatus`, { payload: { tenantAssetStatusIds: [ids[1]] } });
    expect((await statuses(t))[1]).toMatchObject({ is_active: true, active_flag: 1 });

    // Another tenant's id, alone or with its own: 404 and none toggled.
    const own = (await b.api('POST', `${base(b)}/assetStatus/add`, { moniker: 'Mine' })).body.tenant_asset_status_id;
    expect(
      (await b.api('POST', `${base(b)}/assetStatus`, { payload: { tenantAssetStatusIds: [own, ids[0]] } })).status,
    ).toBe(404);
    expect((await statuses(b))[0]).toMatchObject({ is_active: true });
    expect((await statuses(t))[0]).toMatchObject({ is_active: true });
    expect((await t.api('POST', `${base(t)}/assetStatus`, { payload: { tenantAssetStatusIds: [] } })).status).toBe(400);
  });
});

test('the demo fixtures are idempotent: a second run adds nothing', async () => {
  const t = await makeTenant(s.k, s.url);
  const plugin = s.k.plugins.find((p) => p.id === 'companies')!;
  const counts = () =>
    s.k.db.withTenant(t.tenantId, async (trx) => {
      const out: Record<string, number> = {};
      for (const table of [
        'tenant_companies',
        'tenant_company_locations',
        'tenant_company_contracts',
        'tenant_company_links',
        'tenant_asset_types',
        'tenant_asset_statuses',
      ]) {
        out[table] = Number((await trx(table).count<{ n: string }[]>({ n: '*' }))[0].n);
      }
      return out;
    });
  await plugin.fixtures!({ db: s.k.db, k: s.k, tenantId: t.tenantId, log: () => {} });
  const first = await counts();
  expect(first).toMatchObject({
    tenant_companies: 5,
    tenant_company_contracts: 3,
    tenant_asset_types: 5,
    tenant_asset_statuses: 6,
  });
  await plugin.fixtures!({ db: s.k.db, k: s.k, tenantId: t.tenantId, log: () => {} });
  expect(await counts()).toEqual(first);
  const acme = (await t.api('GET', `${base(t)}/companies`)).body.companies.find(
    (c: any) => c.moniker === 'Acme Dental Group',
  );
  const contracts = (await t.api('GET', `${co(t, acme.tenant_company_id)}/contracts`)).body.contracts;
  expect(contracts.find((c: any) => c.vendor === 'Microsoft')).toMatchObject({ location_moniker: 'Main Office' });
  for (const c of contracts)
    expect(c.notice_date).toBe(
      new Date(Date.parse(c.end_date) - c.notice_to_terminate_in_days * 86_400_000).toISOString().slice(0, 10),
    );
});
