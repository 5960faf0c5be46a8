/**
 * API of part "pages" on a real server: internal admins only; validation 400s change nothing; the effects a
 * support engineer relies on (notifications reach the user and can be dismissed, the onboarding checklist,
 * menu overrides applied by the navigation, currency and primary integration changes audited, template
 * imports all or nothing, ETL schedules and runs).
 */
import { startTestServer, type TestServer } from '../../../tests/sdk';
import { makeTenant, type TestTenant } from '../../../tests/sdk';
import { expectInternalOnly } from './refuses-non-internal';

jest.setTimeout(120_000);

let s: TestServer;
let admin: TestTenant;
let tenantAdmin: TestTenant;
let user: TestTenant;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['lci-admin'], jobs: false });
  admin = await makeTenant(s.k, s.url, { lciAdmin: true, name: 'LCI Staff' });
  tenantAdmin = await makeTenant(s.k, s.url, { tenantAdmin: true, name: 'Acme Managed Services' });
  user = await makeTenant(s.k, s.url, {
    tenantAdmin: false,
    name: 'Zenith IT',
    pages: [{ url: '/dashboard', access_level: 'Read/Write' }],
  });
});
afterAll(async () => {
  await s?.stop();
});

const audit = (tenantId: number, action: string) =>
  s.k.db.withSystem((db) => db('audit_log').where({ tenant_id: tenantId, action }).orderBy('at', 'desc').select());

test('every pages route refuses tenant admins and ordinary users', async () => {
  const checked = await expectInternalOnly(
    s,
    [
      '/v3/lciadmin/notifications',
      '/v3/lciadmin/onboarding',
      '/v3/lciadmin/modules',
      '/v3/lciadmin/moduleviews',
      '/v3/lciadmin/menu',
      '/v3/lciadmin/websockets',
      '/v3/lciadmin/affiliates',
      '/v3/lciadmin/etlreports',
      '/v3/lciadmin/etlmarketing',
      '/v3/lcisupport/currency',
      '/v3/lcisupport/primaryintegration',
      '/v3/lcisupport/initialsync',
      '/v3/lcisupport/assessmenttemplates',
      '/v3/lcisupport/etlschedules',
    ],
    { tenantAdmin, user },
  );
  expect(checked.length).toBeGreaterThanOrEqual(30);
});

test("a notification to a tenant reaches its users; dismissing it bumps the user's notification uuid", async () => {
  const bad = await admin.api('POST', '/v3/lciadmin/notifications', { title: 'Hi', message: 'x', target: 'tenant' });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields).toEqual([{ path: 'body.tenantId', message: 'Required when the target is a tenant.' }]);
  const missing = await admin.api('POST', '/v3/lciadmin/notifications', {
    title: 'Hi',
    message: 'x',
    target: 'tenant',
    tenantId: 999999,
  });
  expect(missing.status).toBe(400);
  expect(await s.k.db.withSystem((db) => db('lci_notifications').count({ n: '*' }).first())).toEqual({
    n: expect.anything(),
  });

  const sent = await admin.api('POST', '/v3/lciadmin/notifications', {
    title: 'Scheduled upgrade',
    message: 'Sunday 02:00 UTC',
    target: 'tenant',
    tenantId: tenantAdmin.tenantId,
    display_type: 'warning',
  });
  expect(sent.status).toBe(200);
  expect(sent.body.users).toBe(1);
  const uuid = sent.body.notification.notification_uuid;

  const seen = await tenantAdmin.api('POST', `/v3/tenant/${tenantAdmin.tenantId}/adminnotifications`, {
    operation: 'get_user_notifications',
  });
  expect(seen.status).toBe(200);
  expect(seen.body.notifications.map((n: any) => n.title)).toEqual(['Scheduled upgrade']);
  const stampBefore = seen.body.user_notification_uuid;
  expect(stampBefore).toMatch(/^[0-9a-f-]{36}$/);
  // Another tenant's user does not see it.
  const other = await user.api('POST', `/v3/tenant/${user.tenantId}/adminnotifications`, {
    operation: 'get_user_notifications',
  });
  expect(other.body.notifications).toEqual([]);
  expect(
    (
      await user.api('POST', `/v3/tenant/${user.tenantId}/adminnotifications`, {
        operation: 'update_user_notification_uuid',
        payload: { user_notification_uuid: uuid },
      })
    ).status,
  ).toBe(404);

  const dismissed = await tenantAdmin.api('POST', `/v3/tenant/${tenantAdmin.tenantId}/adminnotifications`, {
    operation: 'update_user_notification_uuid',
    payload: { user_notification_uuid: uuid },
  });
  expect(dismissed.body).toMatchObject({ success: true });
  expect(dismissed.body.user_notification_uuid).not.toBe(stampBefore);
  const after = await tenantAdmin.api('POST', `/v3/tenant/${tenantAdmin.tenantId}/adminnotifications`, {
    operation: 'get_user_notifications',
  });
  expect(after.body).toEqual({ user_notification_uuid: dismissed.body.user_notification_uuid, notifications: [] });
  expect(await audit(tenantAdmin.tenantId, 'lciadmin.notification.send')).toHaveLength(1);

  const list = await admin.api('GET', '/v3/lciadmin/notifications');
  expect(list.body.notifications[0]).toMatchObject({
    title: 'Scheduled upgrade',
    target_label: 'Tenant Acme Managed Services',
    dismissed_count: 1,
    active_flag: true,
  });
  const withdrawn = await admin.api('DELETE', `/v3/lciadmin/notifications/${sent.body.notification.notification_id}`);
  expect(withdrawn.body.notification.active_flag).toBe(false);
});

test('onboarding items: staff add one, tenants see and tick it, staff see the progress', async () => {
  expect(
    (await admin.api('POST', '/v3/lciadmin/onboardingitems', { moniker: 'Bad link', link_url: 'https://x' })).status,
  ).toBe(400);
  const created = await admin.api('POST', '/v3/lciadmin/onboardingitems', { moniker: 'Set your currency', sort: 5 });
  expect(created.status).toBe(200);
  const itemId = created.body.onboarding_item.lci_onboarding_item_id;
  expect((await admin.api('POST', '/v3/lciadmin/onboardingitems', { moniker: 'Set your currency' })).status).toBe(409);

  const list = await tenantAdmin.api('GET', `/v3/tenant/${tenantAdmin.tenantId}/onboarding`);
  expect(list.body.onboarding_items[0]).toMatchObject({
    lci_onboarding_item_id: itemId,
    moniker: 'Set your currency',
    completed_flag: false,
  });
  expect(list.body.percent).toBe(0);
  // Ordinary users read the checklist but do not tick it.
  expect(
    (await user.api('POST', `/v3/tenant/${user.tenantId}/onboarding/${itemId}`, { completed_flag: true })).status,
  ).toBe(403);
  expect(
    (
      await tenantAdmin.api('POST', `/v3/tenant/${tenantAdmin.tenantId}/onboarding/${itemId}`, {
        completed_flag: 'yes',
      })
    ).status,
  ).toBe(400);
  const ticked = await tenantAdmin.api('POST', `/v3/tenant/${tenantAdmin.tenantId}/onboarding/${itemId}`, {
    completed_flag: true,
  });
  expect(ticked.body.onboarding_items.find((i: any) => i.lci_onboarding_item_id === itemId).completed_flag).toBe(true);

  const progress = await admin.api('GET', '/v3/lciadmin/onboarding');
  const row = progress.body.tenants.find((t: any) => t.tenant_id === tenantAdmin.tenantId);
  expect(row).toMatchObject({ completed: 1, total: progress.body.total_items });
  // Deactivated items disappear from the tenant's checklist.
  await admin.api('PUT', `/v3/lciadmin/onboardingitems/${itemId}`, {
    moniker: 'Set your currency',
    active_flag: false,
  });
  const again = await tenantAdmin.api('GET', `/v3/tenant/${tenantAdmin.tenantId}/onboarding`);
  expect(again.body.onboarding_items.some((i: any) => i.lci_onboarding_item_id === itemId)).toBe(false);
});

test("menu overrides rename and hide entries in everybody's navigation; internal areas cannot be hidden", async () => {
  const nav = async (t: TestTenant) =>
    (await t.api('POST', `/v3/tenant/${t.tenantId}/securitymanager`, { operation: 'get_nav_items' })).body.navItems as {
      url: string;
      title: string;
    }[];
  expect((await nav(tenantAdmin)).find((i) => i.url === '/settings')?.title).toBe('Settings');
  expect((await admin.api('PUT', '/v3/lciadmin/menu', { url: '/lciadmin', hidden: true })).body.error.fields).toEqual([
    { path: 'body.hidden', message: 'Entries of the internal admin and support areas cannot be hidden.' },
  ]);
  expect((await admin.api('PUT', '/v3/lciadmin/menu', { url: '/nowhere', title: 'X' })).status).toBe(400);
  expect(
    (await admin.api('PUT', '/v3/lciadmin/menu', { url: '/settings', title: 'Preferences' })).body.override,
  ).toEqual({ title: 'Preferences' });
  expect((await nav(tenantAdmin)).find((i) => i.url === '/settings')?.title).toBe('Preferences');
  await admin.api('PUT', '/v3/lciadmin/menu', { url: '/dashboard', hidden: true });
  expect((await nav(tenantAdmin)).some((i) => i.url === '/dashboard')).toBe(false);
  const menu = await admin.api('GET', '/v3/lciadmin/menu');
  expect(menu.body.items.find((i: any) => i.url === '/dashboard')).toMatchObject({
    title: 'Dashboard',
    override: { hidden: true },
  });
  // Clearing restores the declared entry.
  await admin.api('PUT', '/v3/lciadmin/menu', { url: '/dashboard' });
  await admin.api('PUT', '/v3/lciadmin/menu', { url: '/settings' });
  expect((await nav(tenantAdmin)).find((i) => i.url === '/dashboard')?.title).toBe('Dashboard');
  expect((await nav(tenantAdmin)).find((i) => i.url === '/settings')?.title).toBe('Settings');

  expect(
    (await admin.api('PUT', '/v3/lciadmin/moduleviews/1', { modules: [], icon: 'desktop', sort: 1, disabled: false }))
      .status,
  ).toBe(400);
  expect(
    (await admin.api('PUT', '/v3/lciadmin/modules/Core', { display_name: 'vCIO Suite', sort: 1 })).body.module,
  ).toEqual({ moniker: 'Core', display_name: 'vCIO Suite', sort: 1 });
  expect((await admin.api('PUT', '/v3/lciadmin/modules/Nope', { display_name: 'X', sort: 1 })).status).toBe(400);
});

test('currency: only the five currencies; a change is audited in the tenant', async () => {
  const bad = await admin.api('PUT', `/v3/lcisupport/currency/${tenantAdmin.tenantId}`, { currency: 'EUR' });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields[0].path).toBe('body.currency');
  const ok = await admin.api('PUT', `/v3/lcisupport/currency/${tenantAdmin.tenantId}`, { currency: 'GBP' });
  expect(ok.body).toMatchObject({ currency: 'GBP', previous: 'USD', changed: true });
  expect((await admin.api('GET', '/v3/lcisupport/currency?search=Acme')).body.tenants).toEqual([
    { tenant_id: tenantAdmin.tenantId, name: 'Acme Managed Services', currency: 'GBP' },
  ]);
  expect((await audit(tenantAdmin.tenantId, 'lcisupport.currency.change'))[0].details).toMatchObject({
    from: 'USD',
    to: 'GBP',
  });
  expect((await admin.api('PUT', '/v3/lcisupport/currency/999999', { currency: 'USD' })).status).toBe(404);
});

test("primary integration changes only with the tenant's name; initial syncs are listed and marked done", async () => {
  const url = `/v3/lcisupport/primaryintegration/${tenantAdmin.tenantId}`;
  const wrong = await admin.api('PUT', url, { integration_name: 'Autotask', confirm: 'Acme' });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.fields).toEqual([
    { path: 'body.confirm', message: 'Does not match the tenant\'s name "Acme Managed Services".' },
  ]);
  expect((await admin.api('GET', url)).body.integrations).toEqual([]);
  await admin.api('PUT', url, {
    integration_name: 'CW Manage',
    integration_status: 'active',
    confirm: 'acme managed services',
  });
  const changed = await admin.api('PUT', url, { integration_name: 'Autotask', confirm: 'Acme Managed Services' });
  expect(changed.body.integrations.map((i: any) => [i.integration_name, i.is_primary])).toEqual([
    ['Autotask', true],
    ['CW Manage', false],
  ]);
  expect((await audit(tenantAdmin.tenantId, 'lcisupport.primaryIntegration.change'))[0].details).toMatchObject({
    from: { integration_name: 'CW Manage' },
    to: { integration_name: 'Autotask' },
  });

  const autotask = changed.body.integrations[0].tenant_integration_id;
  await s.k.db.withSystem((db) =>
    db('tenant_integrations')
      .where({ tenant_integration_id: autotask })
      .update({ initial_sync_status: 'in_progress', initial_sync_started_at: db.fn.now() }),
  );
  expect(
    (await admin.api('GET', '/v3/lcisupport/initialsync')).body.in_progress.map((r: any) => r.tenant_integration_id),
  ).toEqual([autotask]);
  expect((await admin.api('POST', `/v3/lcisupport/initialsync/${autotask}`, { action: 'finish' })).status).toBe(400);
  expect(
    (await admin.api('POST', `/v3/lcisupport/initialsync/${autotask}`, { action: 'done' })).body.initial_sync_status,
  ).toBe('done');
  expect((await admin.api('GET', '/v3/lcisupport/initialsync')).body.in_progress).toEqual([]);

  // ETL: enable the schedule, run now (queued as a job), the run shows in the reports.
  expect(
    (await admin.api('PUT', `/v3/lcisupport/etlschedules/${autotask}`, { enabled_flag: true, interval_minutes: 5 }))
      .status,
  ).toBe(400);
  expect(
    (await admin.api('PUT', `/v3/lcisupport/etlschedules/${autotask}`, { enabled_flag: true, interval_minutes: 60 }))
      .body.schedule,
  ).toMatchObject({ enabled_flag: true, interval_minutes: 60 });
  const run = await admin.api('POST', `/v3/lcisupport/etlschedules/${autotask}/run`);
  expect(run.body).toMatchObject({ status: 'queued', job_id: expect.any(String) });
  const reports = await admin.api('GET', `/v3/lciadmin/etlreports?tenantId=${tenantAdmin.tenantId}`);
  expect(reports.body.runs).toEqual([
    expect.objectContaining({
      etl_run_id: run.body.etl_run_id,
      integration_name: 'Autotask',
      trigger: 'manual',
      status: 'queued',
    }),
  ]);
  expect(reports.body.totals).toMatchObject({ runs: 1, running: 1 });
  expect((await admin.api('GET', '/v3/lciadmin/etlreports?status=done')).status).toBe(400);
});

test('template import: a bad file imports nothing; a good one goes into every tenant, skipping existing names', async () => {
  const count = () =>
    s.k.db.withSystem(async (db) => Number((await db('assessment_templates').count({ n: '*' }))[0].n));
  const bad = await admin.api('POST', '/v3/lcisupport/assessmenttemplates/import', {
    format: 'json',
    allTenants: true,
    content: JSON.stringify([
      { name: 'Security', questions: [{ text: 'MFA everywhere?' }] },
      { name: 'Backup', questions: [] },
    ]),
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.problems).toEqual([{ where: 'template 2 (Backup)', message: 'needs at least one question.' }]);
  expect(await count()).toBe(0);
  expect(
    (await admin.api('POST', '/v3/lcisupport/assessmenttemplates/import', { format: 'json', content: '[]' })).body.error
      .fields[0].path,
  ).toBe('body.tenantId');

  const csv =
    'template_name,template_description,question,question_type\r\nSecurity,Basics,MFA everywhere?,yesno\r\nSecurity,Basics,"Patching, monthly?",yesno\r\nBackup,,Offsite copy?,yesno\r\n';
  const dry = await admin.api('POST', '/v3/lcisupport/assessmenttemplates/import', {
    format: 'csv',
    content: csv,
    tenantId: tenantAdmin.tenantId,
    dryRun: true,
  });
  expect(dry.body).toMatchObject({ dryRun: true, templates: 2, totals: { created: 2 } });
  expect(await count()).toBe(0);
  await admin.api('POST', '/v3/lcisupport/assessmenttemplates/import', {
    format: 'csv',
    content: csv,
    tenantId: tenantAdmin.tenantId,
  });
  const all = await admin.api('POST', '/v3/lcisupport/assessmenttemplates/import', {
    format: 'csv',
    content: csv,
    allTenants: true,
  });
  expect(all.status).toBe(200);
  expect(all.body.tenants.find((t: any) => t.tenant_id === tenantAdmin.tenantId)).toMatchObject({
    created: [],
    skipped: ['Security', 'Backup'],
  });
  expect(all.body.tenants.find((t: any) => t.tenant_id === user.tenantId)).toMatchObject({
    created: ['Security', 'Backup'],
  });
  const list = await admin.api('GET', `/v3/lcisupport/assessmenttemplates/${tenantAdmin.tenantId}`);
  expect(list.body.templates.map((t: any) => [t.name, t.question_count])).toEqual([
    ['Backup', 1],
    ['Security', 2],
  ]);
});

test('affiliate codes are unique; marketing export is CSV; websockets lists this process', async () => {
  expect(
    (await admin.api('PUT', `/v3/lciadmin/affiliates/${tenantAdmin.tenantId}`, { affiliate_code: 'a b' })).status,
  ).toBe(400);
  expect(
    (await admin.api('PUT', `/v3/lciadmin/affiliates/${tenantAdmin.tenantId}`, { affiliate_code: 'SEVENFIG' })).body,
  ).toMatchObject({ affiliate_code: 'SEVENFIG', previous: null });
  expect(
    (await admin.api('PUT', `/v3/lciadmin/affiliates/${user.tenantId}`, { affiliate_code: 'sevenfig' })).status,
  ).toBe(409);
  expect(
    (await admin.api('PUT', `/v3/lciadmin/affiliates/${tenantAdmin.tenantId}`, { affiliate_code: null })).body,
  ).toMatchObject({ affiliate_code: null, previous: 'SEVENFIG' });

  const csv = await admin.api('GET', '/v3/lciadmin/etlmarketing/export?kind=tenants');
  expect(csv.status).toBe(200);
  expect(String(csv.body).split('\r\n')[0]).toBe(
    'tenant_id,name,email_domain,url,region,currency,created_at,active_users,last_activity_at',
  );
  expect(String(csv.body)).toContain('Acme Managed Services');
  expect((await admin.api('GET', '/v3/lciadmin/etlmarketing/export?kind=everything')).status).toBe(400);

  expect((await admin.api('GET', '/v3/lciadmin/websockets')).body).toMatchObject({ sockets: [], tenants: [] });
  expect(
    (await admin.api('POST', '/v3/lciadmin/websockets/message', { target: 'socket', msg: 'hello' })).body.error.fields,
  ).toEqual([{ path: 'body.socketId', message: 'Required when the target is a socket.' }]);
  expect(
    (
      await admin.api('POST', '/v3/lciadmin/websockets/message', {
        target: 'tenant',
        tenantId: tenantAdmin.tenantId,
        msg: 'Please reload',
      })
    ).body,
  ).toEqual({ sent: true, to: `tenant:${tenantAdmin.tenantId}` });
});
