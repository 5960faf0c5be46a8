/**
 * The settings API on the real server and database: app settings (get_app_settings, insert_user_app_settings: own
 * values over the tenant default), tenant formats (admins only, 400 naming the field, nothing changed), logos through
 * a signed upload link (bytes checked), each tenant's own data only.
 */
import { makeTenant, makeUser, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { ACCOUNT_SETTINGS_PAGE } from '../shared/pages';
import { logoRefusal } from '../server/logo-check';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const app = (t: TestTenant) => `/v3/tenant/${t.tenantId}/appSettings`;
const tenant = (t: TestTenant) => `/v3/tenant/${t.tenantId}/settings/tenant`;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A second user of tenant t in its security group, not a tenant admin, signed in. */
const colleague = (t: TestTenant) => makeUser(s.k, s.url, t, { securityGroupId: t.securityGroupId });

beforeAll(async () => {
  s = await startTestServer({ plugins: ['settings'] });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
});
afterAll(async () => s?.stop());

const bordered = async (t: TestTenant) =>
  ((await t.api('POST', app(t), { operation: 'get_app_settings' })).body.app_settings as any[]).find(
    (x) => x.settingCode === 'bordered_tables',
  );

test('get_app_settings lists the catalogue with bordered_tables false by default', async () => {
  const r = await a.api('POST', app(a), { operation: 'get_app_settings' });
  expect(r.status).toBe(200);
  expect(r.body.app_settings).toEqual([
    expect.objectContaining({
      appSettingsId: 1,
      settingCode: 'bordered_tables',
      moniker: 'Bordered tables',
      value: 'false',
      tenantValue: 'false',
      userValue: null,
    }),
  ]);
});

test("a user's own value wins over the tenant default, for that user only; null goes back to the default", async () => {
  const c = await colleague(a);
  const set = await c.api('POST', app(c), {
    operation: 'insert_user_app_settings',
    payload: { appSettings: [{ settingCode: 'bordered_tables', value: 'true' }] },
  });
  expect(set.status).toBe(200);
  expect(set.body.records_updated).toBe(1);
  expect(await bordered(c)).toMatchObject({ value: 'true', userValue: 'true', tenantValue: 'false' });
  expect(await bordered(a)).toMatchObject({ value: 'false', userValue: null });
  expect(await bordered(b)).toMatchObject({ value: 'false', userValue: null });

  // The tenant default changes users without a choice of their own.
  expect((await a.api('PUT', tenant(a), { borderedTables: true })).status).toBe(200);
  expect(await bordered(a)).toMatchObject({ value: 'true', tenantValue: 'true' });
  await c.api('POST', app(c), {
    operation: 'insert_user_app_settings',
    payload: { appSettings: [{ settingCode: 'bordered_tables', value: 'false' }] },
  });
  expect(await bordered(c)).toMatchObject({ value: 'false', tenantValue: 'true' });
  await c.api('POST', app(c), {
    operation: 'insert_user_app_settings',
    payload: { appSettings: [{ settingCode: 'bordered_tables', value: null }] },
  });
  expect(await bordered(c)).toMatchObject({ value: 'true', userValue: null });
  await a.api('PUT', tenant(a), { borderedTables: false });
});

test('bad app settings are refused naming the field; another user’s settings are refused', async () => {
  const unknown = await a.api('POST', app(a), {
    operation: 'insert_user_app_settings',
    payload: { appSettings: [{ settingCode: 'nope', value: 'true' }] },
  });
  expect(unknown.status).toBe(400);
  expect(unknown.body.error.fields[0].path).toBe('body.payload.appSettings.0.settingCode');
  const badValue = await a.api('POST', app(a), {
    operation: 'insert_user_app_settings',
    payload: { appSettings: [{ settingCode: 'bordered_tables', value: 'maybe' }] },
  });
  expect(badValue.status).toBe(400);
  expect(badValue.body.error.fields[0]).toMatchObject({
    path: 'body.payload.appSettings.0.value',
    message: 'Must be one of true, false',
  });
  expect((await a.api('POST', app(a), { operation: 'delete_everything' })).status).toBe(400);
  const other = await a.api('POST', app(a), { operation: 'get_app_settings', userId: a.userId + 1000 });
  expect(other.status).toBe(403);
  expect(await bordered(a)).toMatchObject({ value: 'false', userValue: null });
});

test('tenant formats: defaults, an admin changes them, the session carries currency and date format', async () => {
  const before = await a.api('GET', tenant(a));
  expect(before.body).toMatchObject({
    currency: 'USD',
    dateFormat: 'yyyy-mm-dd',
    timeZone: 'UTC',
    fiscalYearStartMonth: 1,
    borderedTables: false,
    logo: { site_logo_url: null, default_logo: true },
  });
  const put = await a.api('PUT', tenant(a), {
    currency: 'GBP',
    dateFormat: 'dd-mm-yyyy',
    timeZone: 'Europe/London',
    fiscalYearStartMonth: 4,
  });
  expect(put.status).toBe(200);
  expect(put.body).toMatchObject({ currency: 'GBP', dateFormat: 'dd-mm-yyyy', timeZone: 'Europe/London' });
  const session = await a.api('GET', '/v3/manager/session');
  expect(session.body.tenant).toMatchObject({ currency: 'GBP', dateFormat: 'dd-mm-yyyy' });
  // Another tenant keeps its own.
  expect((await b.api('GET', tenant(b))).body).toMatchObject({ currency: 'USD', timeZone: 'UTC' });
});

test('bad formats are refused naming each field, and nothing changes', async () => {
  const r = await a.api('PUT', tenant(a), {
    currency: 'EUR',
    dateFormat: 'yyyy/mm/dd',
    timeZone: 'Mars/Olympus',
    fiscalYearStartMonth: 13,
  });
  expect(r.status).toBe(400);
  const paths = (r.body.error.fields as { path: string }[]).map((f) => f.path).sort();
  expect(paths).toEqual(['body.currency', 'body.dateFormat', 'body.fiscalYearStartMonth', 'body.timeZone']);
  expect((r.body.error.fields as any[]).find((f) => f.path === 'body.timeZone').message).toMatch(/Unknown time zone/);
  expect((await a.api('GET', tenant(a))).body).toMatchObject({
    currency: 'GBP',
    dateFormat: 'dd-mm-yyyy',
    timeZone: 'Europe/London',
    fiscalYearStartMonth: 4,
  });
  expect((await a.api('PUT', tenant(a), {})).status).toBe(400);
});

test('a non-admin user, or an admin with the page Read Only, reads but cannot change the settings', async () => {
  const c = await colleague(a);
  expect((await c.api('GET', tenant(c))).status).toBe(200);
  expect((await c.api('PUT', tenant(c), { currency: 'CAD' })).status).toBe(403);
  expect(
    (await c.api('POST', `/v3/tenant/${a.tenantId}/logos/upload`, { contentType: 'image/png', size: 10 })).status,
  ).toBe(403);
  const reader = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    pages: [{ url: ACCOUNT_SETTINGS_PAGE, access_level: 'Read Only' }],
  });
  expect((await reader.api('PUT', tenant(reader), { currency: 'CAD' })).status).toBe(403);
  expect((await a.api('GET', tenant(a))).body.currency).toBe('GBP');
});

test('a logo goes up through a signed link, is checked from its bytes and is served by a signed link', async () => {
  const bad = await a.api('POST', `/v3/tenant/${a.tenantId}/logos/upload`, { contentType: 'image/svg+xml', size: 10 });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields[0]).toMatchObject({
    path: 'body.contentType',
    message: 'The logo must be a PNG or JPEG image.',
  });
  const big = await a.api('POST', `/v3/tenant/${a.tenantId}/logos/upload`, {
    contentType: 'image/png',
    size: 2_000_000,
  });
  expect(big.body.error.fields[0]).toMatchObject({ path: 'body.size', message: 'The logo must be at most 1 MB.' });

  // A file that claims to be a PNG but is not: refused naming body.key, the logo stays the default.
  const link1 = (await a.api('POST', `/v3/tenant/${a.tenantId}/logos/upload`, { contentType: 'image/png', size: 20 }))
    .body;
  const up1 = await fetch(link1.uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': 'image/png' },
    body: '<svg onload=alert(1)>',
  });
  expect(up1.status).toBe(200);
  const refused = await a.api('PUT', `/v3/tenant/${a.tenantId}/logos/current`, { key: link1.key });
  expect(refused.status).toBe(400);
  expect(refused.body.error.fields[0]).toMatchObject({
    path: 'body.key',
    message: 'The logo must be a PNG or JPEG image.',
  });
  expect((await a.api('GET', `/v3/tenant/${a.tenantId}/logos`)).body).toMatchObject({ default_logo: true, files: [] });

  const link = (
    await a.api('POST', `/v3/tenant/${a.tenantId}/logos/upload`, { contentType: 'image/png', size: PNG.length })
  ).body;
  expect(link.key).toMatch(new RegExp(`^tenants/${a.tenantId}/logos/`));
  const up = await fetch(link.uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: PNG });
  expect(up.status).toBe(200);
  // Another tenant cannot take it as its logo.
  expect((await b.api('PUT', `/v3/tenant/${b.tenantId}/logos/current`, { key: link.key })).status).toBe(400);
  const set = await a.api('PUT', `/v3/tenant/${a.tenantId}/logos/current`, { key: link.key });
  expect(set.status).toBe(200);
  expect(set.body.logo.default_logo).toBe(false);
  const img = await fetch(set.body.logo.site_logo_url);
  expect(img.status).toBe(200);
  expect(img.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
  expect((await a.api('GET', `/v3/tenant/${a.tenantId}/logos`)).body.files).toHaveLength(1);
  expect((await b.api('GET', `/v3/tenant/${b.tenantId}/logos`)).body.files).toHaveLength(0);

  const reset = await a.api('DELETE', `/v3/tenant/${a.tenantId}/logos/current`);
  expect(reset.body.logo).toEqual({ site_logo_url: null, default_logo: true });
});

test('the logo check reads the bytes: PNG and JPEG signatures, the declared type, the size', () => {
  expect(logoRefusal(PNG, 'image/png')).toBeNull();
  expect(logoRefusal(PNG, 'image/jpeg')).toBe('The logo must be a PNG or JPEG image.');
  expect(logoRefusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg')).toBeNull();
  expect(logoRefusal(Buffer.from('<svg/>'), 'image/png')).toBe('The logo must be a PNG or JPEG image.');
  expect(logoRefusal(Buffer.alloc(0), 'image/png')).toBe('The file is empty.');
  expect(logoRefusal(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), 'image/png')).toBe(
    'The logo must be at most 1 MB.',
  );
});
