/**
 * Asset data quality on the real server and database: the settings round trip (defaults, save, 409 when stale, 400
 * naming the field, nothing changed), the asset type flags deciding what counts (tenant type and the company's own
 * settings of it), the scores per company and of the tenant on a known set, the SQL agreeing with the TS rule asset
 * by asset, the fix list (paging, filters, sort), tenant isolation and the Read Only refusal.
 */
import {
  makeAsset,
  makeCompany,
  makeTenant,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { selectMissingByAsset } from '../server/quality/store';
import { assetPaths } from '../shared/api';
import { missingFields, type DataQualitySettings, type DqTypeSettings } from '../shared/data-quality';
import { dqPaths, type AssetDataQualityAnswer, type CompanyQuality } from '../shared/data-quality-api';
import { DATA_QUALITY_PAGE } from '../shared/pages';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let acme: number;
let bravo: number;
let laptop: number;
let printer: number;
let bOther: number;
const ids: Record<string, number> = {};

const FLAGS_ON = {
  include_eol_in_missing_flag: true,
  include_warranty_in_missing_flag: true,
  include_make_in_missing_flag: true,
  include_serial_in_missing_flag: true,
  include_model_in_missing_flag: true,
};

const addType = async (t: TestTenant, moniker: string, settings: Record<string, unknown>): Promise<number> => {
  const r = await t.api('POST', `/v3/tenant/${t.tenantId}/assetType`, {
    assetTypeId: 0,
    asset_type_moniker: moniker,
    ...settings,
  });
  expect(r.status).toBe(200);
  return r.body.asset_type_id;
};
const add = async (t: TestTenant, key: string, companyId: number, fields: Record<string, unknown>) => {
  ids[key] = await makeAsset(t, companyId, fields);
};
const quality = async (t: TestTenant = a, query = '') => {
  const r = await t.api('GET', `${dqPaths.quality(t.tenantId)}${query}`);
  expect(r.status).toBe(200);
  return r.body;
};
const fix = async (query = '', t: TestTenant = a) => {
  const r = await t.api('GET', `${dqPaths.fixList(t.tenantId)}${query}`);
  expect(r.status).toBe(200);
  return r.body;
};
const settingsOf = async (t: TestTenant = a) => (await t.api('GET', dqPaths.settings(t.tenantId))).body.settings;
const put = (body: Record<string, unknown>, t: TestTenant = a) => t.api('PUT', dqPaths.settings(t.tenantId), body);
const company = (body: AssetDataQualityAnswer, name: string): CompanyQuality => {
  const c = body.companies.find((x) => x.company_moniker === name);
  if (!c) throw new Error(`${name} is not listed`);
  return c;
};

const complete = {
  make: 'Dell',
  model: 'Latitude 5420',
  serial: undefined as string | undefined,
  warranty_expiry: '2026-01-31',
  purchase_date: '2023-02-01',
};

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assets'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme Dental');
  bravo = await makeCompany(a, 'Bravo Freight');
  await makeCompany(a, 'Cedar Law'); // no assets: not listed
  // Laptop: every flag on and a life of 48 months (end of life derived from the purchase date).
  laptop = await addType(a, 'Laptop', { default_life_in_months: 48, ...FLAGS_ON });
  // Printer: no flag (the type's default), so its make, serial, ... do not count.
  printer = await addType(a, 'Printer', {});
  // Acme: 4 assets, 2 complete.
  await add(a, 'acme1', acme, { asset_type_id: laptop, name: 'ACME-01', ...complete, serial: 'S1' });
  await add(a, 'acme2', acme, { asset_type_id: laptop, name: 'ACME-02', ...complete });
  await add(a, 'acme3', acme, { asset_type_id: printer, name: 'ACME-PRN' });
  await add(a, 'acme4', acme, { name: 'ACME-NOTYPE', make: 'HP' });
  // Bravo: 3 assets, 2 complete, one not seen for 60 days.
  await add(a, 'bravo1', bravo, {
    asset_type_id: laptop,
    name: 'BRAVO-01',
    ...complete,
    serial: 'S2',
  });
  await add(a, 'bravo2', bravo, {
    asset_type_id: laptop,
    name: 'BRAVO-02',
    ...complete,
    serial: 'S3',
  });
  await add(a, 'bravo3', bravo, {
    asset_type_id: laptop,
    name: 'BRAVO-03',
    ...complete,
    serial: 'S4',
  });
  await s.k.db.withTenant(a.tenantId, async (trx) => {
    await trx('assets')
      .where({ asset_id: ids.bravo3 })
      .update({ last_seen_at: trx.raw("now() - interval '60 days'") });
    await trx('assets')
      .where({ asset_id: ids.bravo2 })
      .update({ last_seen_at: trx.raw("now() - interval '5 days'") });
  });
  bOther = await makeCompany(b, 'Other Tenant Co');
  await add(b, 'other1', bOther, { name: 'OTHER-PC' });
}, 400_000);
afterAll(async () => s?.stop());

test('settings: the defaults (version 0), a save merged over them, 409 when stale, 400 naming the field', async () => {
  const d = await settingsOf();
  expect(d).toMatchObject({
    version: 0,
    updated_at: null,
    check_asset_type: true,
    check_make: true,
    check_purchase_date: false,
    check_assigned_to: false,
    check_stale: true,
    stale_after_days: 30,
    good_score: 90,
    fair_score: 70,
  });

  const saved = await put({ version: 0, check_purchase_date: true, stale_after_days: 45, good_score: 80 });
  expect(saved.status).toBe(200);
  expect(saved.body.settings).toMatchObject({
    version: 1,
    check_purchase_date: true,
    stale_after_days: 45,
    good_score: 80,
    fair_score: 70,
    check_make: true,
  });
  expect(await settingsOf()).toEqual(saved.body.settings);

  // The version read is stale: 409, nothing changes.
  const stale = await put({ version: 0, check_make: false });
  expect(stale.status).toBe(409);
  // Bad input: 400 with the field at fault, nothing changes.
  const crossed = await put({ version: 1, fair_score: 85 });
  expect(crossed.status).toBe(400);
  expect(crossed.body.error.fields).toEqual([{ path: 'body.fair_score', message: 'Fair must be below Good.' }]);
  const crossedGood = await put({ version: 1, good_score: 60 });
  expect(crossedGood.body.error.fields).toEqual([{ path: 'body.good_score', message: 'Fair must be below Good.' }]);
  const days = await put({ version: 1, stale_after_days: 0, check_make: 'yes' });
  expect(days.status).toBe(400);
  const paths = (days.body.error.fields as { path: string }[]).map((f) => f.path).sort();
  expect(paths).toEqual(['body.check_make', 'body.stale_after_days']);
  expect((await put({ version: 1, colour: 'red' })).status).toBe(400);
  expect((await put({ check_make: false })).status).toBe(400); // version required
  expect(await settingsOf()).toEqual(saved.body.settings);

  // Back to the defaults for the scores below.
  const back = await put({ version: 1, check_purchase_date: false, stale_after_days: 30, good_score: 90 });
  expect(back.body.settings).toMatchObject({ version: 2, check_purchase_date: false, good_score: 90 });
});

test('scores per company and of the tenant on a known set, with misses per check', async () => {
  const q = await quality();
  expect(q.checks).toEqual(['asset_type', 'make', 'model', 'serial', 'warranty', 'eol', 'stale']);
  // Worst first; Cedar Law has no assets and is not listed.
  expect(q.companies.map((c: { company_moniker: string }) => c.company_moniker)).toEqual([
    'Acme Dental',
    'Bravo Freight',
  ]);
  expect(company(q, 'Acme Dental')).toMatchObject({
    tenant_company_id: acme,
    assets: 4,
    complete: 2,
    incomplete: 2,
    score: 50,
    band: 'poor',
    missing: { asset_type: 1, make: 0, model: 1, serial: 2, warranty: 1, eol: 1, stale: 0, purchase_date: 0 },
  });
  expect(company(q, 'Bravo Freight')).toMatchObject({ assets: 3, complete: 2, score: 66, band: 'poor' });
  expect(company(q, 'Bravo Freight').missing.stale).toBe(1);
  expect(q.tenant).toMatchObject({ assets: 7, complete: 4, incomplete: 3, score: 57, band: 'poor' });
  expect(q.tenant.missing.serial).toBe(2);
  // One company asked for.
  const one = await quality(a, `?tenantCompanyIds=${bravo}`);
  expect(one.companies).toHaveLength(1);
  expect(one.tenant).toMatchObject({ assets: 3, score: 66 });
});

test("the asset type's flags decide what counts: the tenant's type, then the company's own settings of it", async () => {
  // Printer starts counting make: ACME-PRN (no make) becomes incomplete.
  const r = await a.api('PUT', `/v3/tenant/${a.tenantId}/assetType`, {
    assetTypeId: printer,
    include_make_in_missing_flag: true,
  });
  expect(r.status).toBe(200);
  expect(company(await quality(), 'Acme Dental')).toMatchObject({ complete: 1, score: 25, missing: { make: 1 } });
  // Acme's own settings of Printer turn every flag off again: complete once more.
  const own = await a.api('POST', `/v3/tenant/${a.tenantId}/company/${acme}/assetType`, {
    assetTypeId: printer,
    include_make_in_missing_flag: false,
  });
  expect(own.status).toBe(200);
  expect(company(await quality(), 'Acme Dental')).toMatchObject({ complete: 2, score: 50, missing: { make: 0 } });
  // Laptop stops counting the serial: ACME-02 is complete.
  await a.api('PUT', `/v3/tenant/${a.tenantId}/assetType`, {
    assetTypeId: laptop,
    include_serial_in_missing_flag: false,
  });
  expect(company(await quality(), 'Acme Dental')).toMatchObject({ complete: 3, score: 75, band: 'fair' });
  // A check turned off in the settings counts for no asset, typed or not: with these off every Acme asset is complete.
  const v = (await settingsOf()).version;
  await put({
    version: v,
    check_asset_type: false,
    check_model: false,
    check_serial: false,
    check_warranty: false,
    check_eol: false,
  });
  expect(company(await quality(), 'Acme Dental')).toMatchObject({ complete: 4, score: 100, band: 'good' });
  await put({
    version: v + 1,
    check_asset_type: true,
    check_model: true,
    check_serial: true,
    check_warranty: true,
    check_eol: true,
  });
  await a.api('PUT', `/v3/tenant/${a.tenantId}/assetType`, {
    assetTypeId: laptop,
    include_serial_in_missing_flag: true,
  });
});

test('the SQL agrees with the TS rule on every asset, under several settings', async () => {
  const variants: Partial<DataQualitySettings>[] = [
    {},
    { check_purchase_date: true, check_assigned_to: true },
    { stale_after_days: 3 },
    { check_stale: false, check_asset_type: false },
  ];
  const base = await settingsOf();
  for (const v of variants) {
    const settings = { ...base, ...v } as DataQualitySettings;
    await s.k.db.withTenant(a.tenantId, async (trx) => {
      const sql = await selectMissingByAsset(trx, settings);
      const rows = await trx('assets as x')
        .leftJoin('tenant_asset_types as t', 't.asset_type_id', 'x.asset_type_id')
        .leftJoin('tenant_company_asset_types as ct', function () {
          this.on('ct.asset_type_id', 'x.asset_type_id').andOn('ct.tenant_company_id', 'x.tenant_company_id');
        })
        .select(
          'x.*',
          trx.raw("to_char(x.purchase_date, 'YYYY-MM-DD') as purchase_day"),
          trx.raw("to_char(x.eol_date, 'YYYY-MM-DD') as eol_day"),
          trx.raw("to_char(x.warranty_expiry, 'YYYY-MM-DD') as warranty_day"),
          trx.raw('coalesce(ct.default_life_in_months, t.default_life_in_months) as life'),
          ...Object.keys(FLAGS_ON).map((f) => trx.raw(`coalesce(ct.${f}, t.${f}) as ${f}`)),
        );
      expect(rows).toHaveLength(7);
      for (const r of rows) {
        const type: DqTypeSettings | null =
          r.asset_type_id === null
            ? null
            : {
                ...(Object.fromEntries(Object.keys(FLAGS_ON).map((f) => [f, !!r[f]])) as typeof FLAGS_ON),
                default_life_in_months: Number(r.life),
              };
        const ts = missingFields(
          {
            ...r,
            asset_type_id: r.asset_type_id === null ? null : Number(r.asset_type_id),
            purchase_date: r.purchase_day,
            eol_date: r.eol_day,
            warranty_expiry: r.warranty_day,
          },
          type,
          settings,
        );
        expect({ asset: r.name, missing: sql.get(Number(r.asset_id)) }).toEqual({ asset: r.name, missing: ts });
      }
    });
  }
});

test('the fix list: incomplete assets with what each misses, paged, filtered by company and field, sorted', async () => {
  const all = await fix();
  expect(all.total).toBe(3);
  // Worst first: the untyped asset misses the most.
  expect(all.assets.map((x: { name: string }) => x.name)).toEqual(['ACME-NOTYPE', 'ACME-02', 'BRAVO-03']);
  expect(all.assets[0]).toMatchObject({
    asset_id: ids.acme4,
    company_moniker: 'Acme Dental',
    asset_type_id: null,
    make: 'HP',
    version: 1,
    missing: ['asset_type', 'model', 'serial', 'warranty', 'eol'],
  });
  expect(all.assets[2]).toMatchObject({ name: 'BRAVO-03', missing: ['stale'] });
  expect(all.assets[2].last_seen_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

  const p1 = await fix('?sort=name&pageSize=2');
  const p2 = await fix('?sort=name&pageSize=2&page=2');
  expect(p1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
  expect([...p1.assets, ...p2.assets].map((x: { name: string }) => x.name)).toEqual([
    'ACME-02',
    'ACME-NOTYPE',
    'BRAVO-03',
  ]);
  expect((await fix('?sort=name&dir=desc&pageSize=1')).assets[0].name).toBe('BRAVO-03');
  expect(await fix('?pageSize=2&page=5')).toMatchObject({ assets: [], total: 3 });

  expect((await fix(`?tenantCompanyIds=${bravo}`)).assets.map((x: { name: string }) => x.name)).toEqual(['BRAVO-03']);
  const serial = await fix('?field=serial');
  expect(serial.assets.map((x: { name: string }) => x.name).sort()).toEqual(['ACME-02', 'ACME-NOTYPE']);
  expect((await fix('?search=notype')).total).toBe(1);

  const bad = await a.api('GET', `${dqPaths.fixList(a.tenantId)}?field=colour&sort=nope&pageSize=0`);
  expect(bad.status).toBe(400);
  expect((bad.body.error.fields as { path: string }[]).map((f) => f.path).sort()).toEqual([
    'query.field',
    'query.pageSize',
    'query.sort',
  ]);
});

test('fixing an asset takes it off the fix list and raises the score', async () => {
  const before = company(await quality(), 'Acme Dental');
  const r = await a.api('PUT', assetPaths.one(a.tenantId, ids.acme2), { version: 1, serial: 'S9' });
  expect(r.status).toBe(200);
  const after = company(await quality(), 'Acme Dental');
  expect(after.complete).toBe(before.complete + 1);
  expect(before.score).toBe(50);
  expect(after.score).toBe(75);
  expect((await fix()).assets.map((x: { name: string }) => x.name)).not.toContain('ACME-02');
});

test("tenants are isolated: another tenant's assets, companies and settings are not seen", async () => {
  const qb = await quality(b);
  expect(qb.tenant).toMatchObject({ assets: 1, complete: 0 });
  expect(qb.companies.map((c: { company_moniker: string }) => c.company_moniker)).toEqual(['Other Tenant Co']);
  expect((await settingsOf(b)).version).toBe(0); // A's saves are A's
  expect((await fix(`?tenantCompanyIds=${bOther}`)).total).toBe(0);
  expect((await quality(a, `?tenantCompanyIds=${bOther}`)).companies).toEqual([]);
  expect((await fix('', b)).assets.map((x: { name: string }) => x.name)).toEqual(['OTHER-PC']);
  // A tenant id not the caller's is refused.
  expect((await a.api('GET', dqPaths.settings(b.tenantId))).status).toBe(403);
});

test('a Read Only page reads the data quality but cannot change its settings; no access reads nothing', async () => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: DATA_QUALITY_PAGE, access_level: 'Read Only' }],
  });
  expect((await reader.api('GET', dqPaths.settings(reader.tenantId))).status).toBe(200);
  expect((await reader.api('GET', dqPaths.quality(reader.tenantId))).status).toBe(200);
  expect((await reader.api('GET', dqPaths.fixList(reader.tenantId))).status).toBe(200);
  expect((await put({ version: 0, check_make: false }, reader)).status).toBe(403);
  expect((await settingsOf(reader)).version).toBe(0);
  const none = await makeTenant(s.k, s.url, { tenantAdmin: false, pages: [] });
  expect((await none.api('GET', dqPaths.quality(none.tenantId))).status).toBe(403);
  expect((await none.api('GET', dqPaths.settings(none.tenantId))).status).toBe(403);
});
