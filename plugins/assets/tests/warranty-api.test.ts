/**
 * The warranty lookup on the real server, its job queue and database, against the loopback Dell double: settings
 * round trip (credentials sealed at rest, never answered, only "set"), bad settings refused with their fields, a run
 * (POST run -> the job -> GET run) that fills expiries from Dell's entitlements, falls back to the offline default for
 * unknown serials and other vendors, keeps manual dates when only filling and records each field's source and a log
 * row; job_progress reaches the tenant's sockets; a rerun changes nothing; a 429 is waited out; the replace policy;
 * tenant isolation; Read Only and non-admin refusals.
 */
import {
  makeAsset,
  makeCompany,
  makeTenant,
  startTestServer,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { startWarrantyDouble, DOUBLE_CREDENTIALS, type WarrantyDouble } from '../fixtures/warranty-doubles';
import { assetPaths } from '../shared/api';
import { ASSET_LIST_PAGE } from '../shared/pages';
import { warrantyPaths as W, type WarrantyRun } from '../shared/warranty-api';

jest.setTimeout(240_000);

let s: TestServer;
let dell: WarrantyDouble;
let a: TestTenant;
let b: TestTenant;
let acme: number;
const ids: Record<string, number> = {};
const published: { room: string; message: Record<string, unknown> }[] = [];
const DELL = DOUBLE_CREDENTIALS.dell;

const asset = async (id: number) => (await a.api('GET', assetPaths.one(a.tenantId, id))).body.asset;
const sources = (id: number) =>
  s.k.db.withTenant(a.tenantId, (db) =>
    db('asset_field_sources')
      .where({ asset_id: id })
      .whereIn('field', ['warranty_start', 'warranty_expiry'])
      .orderBy('field')
      .select('field', 'source', 'source_id'),
  );

async function runAndWait(t: TestTenant, body: Record<string, unknown> = {}): Promise<WarrantyRun> {
  const r = await t.api('POST', W.run(t.tenantId), body);
  expect(r.status).toBe(200);
  expect(r.body.job_id).toEqual(expect.any(String));
  const until = Date.now() + 120_000;
  for (;;) {
    const g = await t.api('GET', W.oneRun(t.tenantId, r.body.run_id));
    expect(g.status).toBe(200);
    if (g.body.run.status === 'succeeded' || g.body.run.status === 'failed') return g.body.run;
    if (Date.now() > until) throw new Error(`run ${r.body.run_id} did not end: ${JSON.stringify(g.body.run)}`);
    await new Promise((res) => setTimeout(res, 250));
  }
}

beforeAll(async () => {
  dell = await startWarrantyDouble('dell', {
    devices: {
      DL001: { start: '2022-01-10', end: '2025-01-10', extra: [{ start: '2025-01-11', end: '2027-01-10' }] },
      DL003: { start: '2021-06-01', end: '2024-06-01' },
    },
  });
  s = await startTestServer({ plugins: ['assets'], env: { LCI_WARRANTY_DELL_URL: dell.url } });
  const publish = s.k.realtime.publish.bind(s.k.realtime);
  s.k.realtime.publish = async (room, message) => {
    published.push({ room, message: message as Record<string, unknown> });
    return publish(room, message);
  };
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  acme = await makeCompany(a, 'Acme Dental');
  ids.dellKnown = await makeAsset(a, acme, { name: 'Front desk', make: 'Dell Inc.', serial: 'dl001' });
  ids.dellUnknown = await makeAsset(a, acme, {
    name: 'Spare',
    make: 'DELL',
    serial: 'UNKNOWN1',
    purchase_date: '2023-03-15',
  });
  ids.dellManual = await makeAsset(a, acme, {
    name: 'Server',
    make: 'Dell',
    serial: 'DL003',
    warranty_expiry: '2024-06-30',
  });
  ids.lenovo = await makeAsset(a, acme, { name: 'Laptop', make: 'LENOVO', serial: 'PF1', purchase_date: '2024-01-31' });
  ids.apple = await makeAsset(a, acme, { name: 'Mac', make: 'Apple', serial: 'C02', purchase_date: '2024-01-01' });
  ids.hpBare = await makeAsset(a, acme, { name: 'Printer PC', make: 'HP' });
});
afterAll(async () => {
  await s?.stop();
  await dell?.close();
});

test('settings: defaults, credentials sealed at rest and never answered, bad input refused with its fields', async () => {
  const first = await a.api('GET', W.settings(a.tenantId));
  expect(first.status).toBe(200);
  expect(first.body.settings).toMatchObject({ enabled: true, overwrite_policy: 'fill_missing' });
  expect(first.body.settings.vendors).toEqual([
    expect.objectContaining({
      vendor: 'dell',
      standard_term_months: 36,
      service: 'offline_default',
      client_id_set: false,
    }),
    expect.objectContaining({ vendor: 'lenovo', standard_term_months: 36, credentials: 'api_key', api_key_set: false }),
    expect.objectContaining({ vendor: 'hp', standard_term_months: 36, service: 'offline_default' }),
  ]);

  const put = await a.api('PUT', W.settings(a.tenantId), {
    vendors: {
      dell: { client_id: DELL.clientId, client_secret: DELL.clientSecret },
      lenovo: { standard_term_months: 12 },
    },
  });
  expect(put.status).toBe(200);
  const text = JSON.stringify(put.body);
  expect(text).not.toContain(DELL.clientSecret);
  expect(text).not.toContain(DELL.clientId);
  const dellSettings = put.body.settings.vendors.find((v: { vendor: string }) => v.vendor === 'dell');
  expect(dellSettings).toMatchObject({ client_id_set: true, client_secret_set: true, service: 'vendor_api' });
  const again = await a.api('GET', W.settings(a.tenantId));
  expect(again.body.settings).toEqual(put.body.settings);
  expect(JSON.stringify(again.body)).not.toContain(DELL.clientSecret);
  // At rest: sealed, not the clear text.
  const row = await s.k.db.withTenant(a.tenantId, (db) =>
    db('asset_warranty_vendors').where({ vendor: 'dell' }).first(),
  );
  expect(row.client_secret_sealed).toMatch(/^v1\./);
  expect(JSON.stringify(row)).not.toContain(DELL.clientSecret);

  const bad = await a.api('PUT', W.settings(a.tenantId), {
    overwrite_policy: 'always',
    vendors: { hp: { standard_term_months: 0, client_secret: '' } },
  });
  expect(bad.status).toBe(400);
  const paths = bad.body.error.fields.map((f: { path: string }) => f.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      'body.overwrite_policy',
      'body.vendors.hp.standard_term_months',
      'body.vendors.hp.client_secret',
    ]),
  );
  expect((await a.api('GET', W.settings(a.tenantId))).body.settings).toEqual(put.body.settings);
  // The audit names the changed credential fields, never their values.
  const audits = await s.k.db.withSystem((db) =>
    db('audit_log').where({ action: 'asset.warranty_settings.update' }).select('details'),
  );
  expect(JSON.stringify(audits)).toContain('dell.client_secret');
  expect(JSON.stringify(audits)).not.toContain(DELL.clientSecret);
});

test("a run fills dates from Dell's entitlements, the offline default elsewhere, keeps manual ones; sources, log, progress", async () => {
  const run = await runAndWait(a);
  expect(run).toMatchObject({
    status: 'succeeded',
    progress: 100,
    total: 6,
    looked_up: 4,
    updated: 4,
    unchanged: 0,
    not_found: 0,
    failed: 0,
    skipped: 2,
  });
  // One Dell call for the three Dell serials (a batch), with a token.
  expect(dell.calls).toEqual([
    { path: '/PROD/sbil/eapi/v5/asset-entitlements', serials: ['dl001', 'UNKNOWN1', 'DL003'], status: 200 },
  ]);
  expect(dell.tokensIssued).toBe(1);

  expect(await asset(ids.dellKnown!)).toMatchObject({ warranty_start: '2022-01-10', warranty_expiry: '2027-01-10' });
  expect(await sources(ids.dellKnown!)).toEqual([
    { field: 'warranty_expiry', source: 'warranty:dell', source_id: 'dl001' },
    { field: 'warranty_start', source: 'warranty:dell', source_id: 'dl001' },
  ]);
  // Unknown to Dell: purchase date + 36 months.
  expect(await asset(ids.dellUnknown!)).toMatchObject({ warranty_start: '2023-03-15', warranty_expiry: '2026-03-15' });
  expect((await sources(ids.dellUnknown!)).map((r) => r.source)).toEqual(['warranty:offline', 'warranty:offline']);
  // The manual expiry stays (fill missing only); the missing start is filled.
  expect(await asset(ids.dellManual!)).toMatchObject({ warranty_start: '2021-06-01', warranty_expiry: '2024-06-30' });
  expect(await sources(ids.dellManual!)).toEqual([
    { field: 'warranty_expiry', source: 'manual', source_id: null },
    { field: 'warranty_start', source: 'warranty:dell', source_id: 'DL003' },
  ]);
  // Lenovo without credentials: its edited term (12 months) from the purchase date (month end kept).
  expect(await asset(ids.lenovo!)).toMatchObject({ warranty_start: '2024-01-31', warranty_expiry: '2025-01-31' });
  expect(await asset(ids.apple!)).toMatchObject({ warranty_start: null, warranty_expiry: null });

  const log = (await a.api('GET', `${W.log(a.tenantId)}?runId=${run.warranty_run_id}`)).body.lookups;
  expect(log).toHaveLength(4);
  expect(log.find((l: { asset_id: number }) => l.asset_id === ids.dellKnown)).toMatchObject({
    vendor: 'dell',
    source: 'vendor_api',
    result: 'updated',
    warranty_expiry: '2027-01-10',
  });
  expect(log.find((l: { asset_id: number }) => l.asset_id === ids.lenovo)).toMatchObject({
    vendor: 'lenovo',
    source: 'offline_default',
  });
  // job_progress reached the tenant's sockets, ending at 100.
  const progress = published.filter(
    (p) => p.room === `tenant:${a.tenantId}` && p.message.msg_type === 'job_progress' && p.message.jobId === run.job_id,
  );
  expect(progress.length).toBeGreaterThan(0);
  expect(progress.at(-1)!.message.percent).toBe(100);
  expect((await a.api('GET', W.runs(a.tenantId))).body.runs[0].warranty_run_id).toBe(run.warranty_run_id);
});

test('a rerun is idempotent: every lookup unchanged, no asset version bumped', async () => {
  const before = await asset(ids.dellKnown!);
  const run = await runAndWait(a);
  expect(run).toMatchObject({ status: 'succeeded', looked_up: 4, updated: 0, unchanged: 4 });
  expect((await asset(ids.dellKnown!)).version).toBe(before.version);
});

test('a 429 is waited out (Retry-After) and the batch tried again; a failing service changes nothing', async () => {
  dell.failNext(429, 1, 1);
  const calls = dell.calls.length;
  const started = Date.now();
  const run = await runAndWait(a, { assetIds: [ids.dellKnown] });
  expect(run).toMatchObject({ status: 'succeeded', looked_up: 1, unchanged: 1, failed: 0 });
  expect(dell.calls.slice(calls).map((c) => c.status)).toEqual([429, 200]);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

  dell.failNext(503, 1);
  const failed = await runAndWait(a, { assetIds: [ids.dellKnown, ids.dellManual] });
  expect(failed).toMatchObject({ status: 'succeeded', looked_up: 2, failed: 2, updated: 0 });
  const log = (await a.api('GET', `${W.log(a.tenantId)}?runId=${failed.warranty_run_id}`)).body.lookups;
  expect(log[0]).toMatchObject({ result: 'failed', error: expect.stringContaining('503') });
  expect(await asset(ids.dellKnown!)).toMatchObject({ warranty_expiry: '2027-01-10' });
});

test("the replace policy lets Dell's dates replace a manual one; the offline default never does", async () => {
  expect((await a.api('PUT', W.settings(a.tenantId), { overwrite_policy: 'replace' })).status).toBe(200);
  const run = await runAndWait(a, { tenantCompanyId: acme });
  expect(run.updated).toBe(1);
  expect(await asset(ids.dellManual!)).toMatchObject({ warranty_start: '2021-06-01', warranty_expiry: '2024-06-01' });
  expect((await sources(ids.dellManual!)).map((r) => r.source)).toEqual(['warranty:dell', 'warranty:dell']);
});

test('batches: 150 Dell assets take two calls of at most 100 service tags; unknown ones without a date are not found', async () => {
  const bulk = await makeCompany(a, 'Bulk Co');
  await s.k.db.withTenant(a.tenantId, (db) =>
    db('assets').insert(
      Array.from({ length: 150 }, (_, i) => ({
        tenant_id: a.tenantId,
        tenant_company_id: bulk,
        name: `Bulk ${i}`,
        make: 'Dell',
        serial: `BULK${i}`,
      })),
    ),
  );
  const calls = dell.calls.length;
  const run = await runAndWait(a, { tenantCompanyId: bulk });
  expect(run).toMatchObject({ status: 'succeeded', total: 150, looked_up: 150, not_found: 150, updated: 0 });
  expect(dell.calls.slice(calls).map((c) => c.serials.length)).toEqual([100, 50]);
});

test('bad runs: unknown assets or company, both scopes, lookup off, one at a time', async () => {
  const r1 = await a.api('POST', W.run(a.tenantId), { assetIds: [ids.apple, 999999999] });
  expect(r1.status).toBe(400);
  expect(r1.body.error.fields).toEqual([{ path: 'body.assetIds', message: 'Unknown asset ids: 999999999' }]);
  expect((await a.api('POST', W.run(a.tenantId), { tenantCompanyId: 999999999 })).status).toBe(400);
  expect((await a.api('POST', W.run(a.tenantId), { tenantCompanyId: acme, assetIds: [ids.apple] })).status).toBe(400);
  // One run at a time: a running one answers 409 and names itself.
  const [going] = await s.k.db.withTenant(a.tenantId, (db) =>
    db('asset_warranty_runs').insert({ tenant_id: a.tenantId, status: 'running' }).returning('warranty_run_id'),
  );
  const busy = await a.api('POST', W.run(a.tenantId), {});
  expect(busy.status).toBe(409);
  expect(busy.body.error.message).toContain(`run ${going.warranty_run_id}`);
  await s.k.db.withTenant(a.tenantId, (db) =>
    db('asset_warranty_runs').where({ warranty_run_id: going.warranty_run_id }).update({ status: 'failed' }),
  );
  expect((await a.api('PUT', W.settings(a.tenantId), { enabled: false })).status).toBe(200);
  const off = await a.api('POST', W.run(a.tenantId), {});
  expect(off.status).toBe(400);
  expect(off.body.error.message).toMatch(/turned off/);
  expect((await a.api('PUT', W.settings(a.tenantId), { enabled: true })).status).toBe(200);
});

test("isolation: another tenant sees none of A's settings, runs, log or assets", async () => {
  const runId = (await a.api('GET', W.runs(a.tenantId))).body.runs[0].warranty_run_id;
  expect((await b.api('GET', W.settings(a.tenantId))).status).toBe(403);
  expect((await b.api('GET', W.oneRun(b.tenantId, runId))).status).toBe(404);
  expect((await b.api('GET', W.log(b.tenantId))).body.lookups).toEqual([]);
  const mine = await b.api('GET', W.settings(b.tenantId));
  expect(mine.body.settings.vendors[0]).toMatchObject({ client_id_set: false, service: 'offline_default' });
  expect((await b.api('POST', W.run(b.tenantId), { assetIds: [ids.dellKnown] })).status).toBe(400);
});

test('Read Only reads settings and runs but cannot change or start; a non-admin editor runs but cannot configure', async () => {
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: ASSET_LIST_PAGE, access_level: 'Read Only' }],
  });
  expect((await reader.api('GET', W.settings(reader.tenantId))).status).toBe(200);
  expect((await reader.api('GET', W.runs(reader.tenantId))).status).toBe(200);
  expect((await reader.api('PUT', W.settings(reader.tenantId), { enabled: false })).status).toBe(403);
  expect((await reader.api('POST', W.run(reader.tenantId), {})).status).toBe(403);

  const editor = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: ASSET_LIST_PAGE, access_level: 'Read/Write' }],
  });
  expect((await editor.api('PUT', W.settings(editor.tenantId), { enabled: false })).status).toBe(403);
  expect((await runAndWait(editor)).status).toBe('succeeded');
});
