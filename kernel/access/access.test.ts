/**
 * Access end to end on a real server and database: session, the security
 * manager operations, Read Only pages, internal and tenant-admin routes,
 * security group management, impersonation, and the caller cache.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import {
  MSG_LCI_ADMIN,
  MSG_NO_IMPERSONATION,
  MSG_NO_TENANT,
  MSG_READ_ONLY,
  MSG_TENANT_ADMIN,
} from '../../common/texts';
import { addTenantUser, createSecurityGroup, createUser } from '../tenancy/provision';
import type { AccessLevel, ModuleName } from '../types';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant, TEST_PASSWORD, type TestTenant } from '../../tests/helpers/tenants';
import { syncCatalog } from './catalog';
import { PROBE_PAGE } from './testing/plugins/access-probe/plugin';

const PLUGINS = path.join(__dirname, 'testing', 'plugins');
const rw = (url: string) => ({ url, access_level: 'Read/Write' as AccessLevel });
const ro = (url: string) => ({ url, access_level: 'Read Only' as AccessLevel });

let s: TestServer;
let admin: TestTenant; // tenant admin of tenant A
let reader: TestTenant; // ordinary user of tenant A, Read Only on the probe page
let readerGroupId: number;
let lci: TestTenant; // internal admin allowed to impersonate
let lciNoImp: TestTenant; // internal admin without allowImpersonationFlag

/** A further user in an existing tenant, in a new security group. */
async function addUser(
  t: TestTenant,
  o: {
    group: string;
    modules: ModuleName[];
    pages: { url: string; access_level: AccessLevel }[];
    tenantAdmin?: boolean;
    active?: boolean;
  },
) {
  const tag = crypto.randomBytes(4).toString('hex');
  const ids = await s.k.db.withSystem(async (trx) => {
    const securityGroupId = await createSecurityGroup(trx, t.tenantId, {
      name: `${o.group} ${tag}`,
      modules: o.modules,
      pages: o.pages,
    });
    const userId = await createUser(trx, {
      email: `user-${tag}@example.com`,
      passwordHash: 'x',
      firstName: 'Rea',
      lastName: 'Der',
      currentTenantId: t.tenantId,
    });
    await addTenantUser(trx, t.tenantId, { userId, securityGroupId, tenantAdmin: o.tenantAdmin ?? false });
    if (o.active === false) await trx('tenant_users').where({ user_id: userId }).update({ active_flag: false });
    return { userId, securityGroupId };
  });
  const token = await s.k.identity.issueAccessToken(ids.userId);
  return {
    ...ids,
    tenantId: t.tenantId,
    email: `user-${tag}@example.com`,
    password: TEST_PASSWORD,
    token,
    api: (m: string, p: string, b?: unknown) => apiCall(s.url, s.k.config.apiKey, token, m, p, b),
  } as TestTenant;
}

const sm = (t: TestTenant, operation: string, payload: unknown = {}) =>
  t.api('POST', `/v3/tenant/${t.tenantId}/securitymanager`, { userId: t.userId, operation, payload });
const navUrls = (body: { navItems: { url: string }[] }) => body.navItems.map((i) => i.url).sort();

beforeAll(async () => {
  s = await startTestServer({ pluginDirs: [PLUGINS] });
  admin = await makeTenant(s.k, s.url, {
    modules: ['Core', 'Customer Success', 'Admin'],
    pages: [rw('/securitygroups'), rw(PROBE_PAGE), rw('/datamanagercompanies'), rw('/dashboard')],
  });
  reader = await addUser(admin, {
    group: 'Account Managers',
    modules: ['Customer Success'],
    pages: [ro(PROBE_PAGE), ro('/dashboard')],
  });
  readerGroupId = reader.securityGroupId;
  lci = await makeTenant(s.k, s.url, { lciAdmin: true, allowImpersonation: true });
  lciNoImp = await makeTenant(s.k, s.url, { lciAdmin: true });
});
afterAll(async () => s?.stop());

describe('session', () => {
  test('GET /v3/manager/session describes user, tenant, pages, modules, flags and plugins', async () => {
    const r = await admin.api('GET', '/v3/manager/session?_=1');
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      username: admin.email.toLowerCase(),
      authenticatedUserId: admin.userId,
      isTenantAdmin: true,
      isLciAdmin: false,
      currentTenantId: admin.tenantId,
      securityGroupId: admin.securityGroupId,
      originalSecurityGroupId: admin.securityGroupId,
      firstName: 'Test',
      lastName: 'Admin',
      name: 'Test Admin',
    });
    expect(r.body.tenant).toMatchObject({
      tenantId: admin.tenantId,
      currency: 'USD',
      dateFormat: 'yyyy-mm-dd',
      regionCode: 'ue1',
    });
    expect(r.body.tacAcceptance).toBe(true);
    expect(r.body.userAccessPages).toEqual(expect.arrayContaining([rw('/securitygroups'), rw(PROBE_PAGE)]));
    expect(r.body.modules).toEqual(['Core', 'Customer Success', 'Admin']);
    expect(r.body.flags).toEqual({
      'hook-integration': false,
      'infima-integration': false,
      'lci-darkly-test': false,
      'sp-auth-lci-2121': false,
      'user-manager-changes': false,
    });
    expect(r.body.impersonation).toBeNull();
    expect(r.body.inMaintenance).toBe(false);
    expect(r.body.plugins).toEqual(expect.arrayContaining(['companies', 'access-probe']));
  });

  test('a user who is not an active member of the token tenant has no tenant', async () => {
    const gone = await addUser(admin, { group: 'Former', modules: ['Core'], pages: [rw(PROBE_PAGE)], active: false });
    const r = await gone.api('GET', '/v3/manager/session');
    expect(r.status).toBe(200);
    expect(r.body.tenant).toBeNull();
    expect(r.body.user.currentTenantId).toBeNull();
    expect(r.body.modules).toEqual([]);
    expect(r.body.userAccessPages).toEqual([]);
    const t = await gone.api('GET', `/v3/tenant/${admin.tenantId}/accessprobe`);
    expect(t.status).toBe(403);
    expect(t.body.error.message).toBe(MSG_NO_TENANT);
  });
});

describe('page access and roles on the server', () => {
  test("a Read Only page's GET works and its writes answer 403; a read declared by write:false works", async () => {
    expect((await reader.api('GET', `/v3/tenant/${admin.tenantId}/accessprobe`)).status).toBe(200);
    const w = await reader.api('POST', `/v3/tenant/${admin.tenantId}/accessprobe`, { name: 'x' });
    expect(w.status).toBe(403);
    expect(w.body.error.message).toBe(MSG_READ_ONLY);
    expect((await reader.api('POST', `/v3/tenant/${admin.tenantId}/accessprobe/search`, {})).status).toBe(200);
    expect((await admin.api('POST', `/v3/tenant/${admin.tenantId}/accessprobe`, { name: 'x' })).status).toBe(200);
  });

  test('a page outside the access list answers 403 even to read', async () => {
    const other = await addUser(admin, { group: 'Nothing', modules: ['Customer Success'], pages: [] });
    const r = await other.api('GET', `/v3/tenant/${admin.tenantId}/accessprobe`);
    expect(r.status).toBe(403);
  });

  test('tenant admins are not limited by the access list (only ordinary users are)', async () => {
    const boss = await addUser(admin, {
      group: 'Owners',
      modules: ['Customer Success'],
      pages: [ro(PROBE_PAGE)],
      tenantAdmin: true,
    });
    expect((await boss.api('POST', `/v3/tenant/${admin.tenantId}/accessprobe`, { name: 'owner' })).status).toBe(200);
    expect((await boss.api('GET', `/v3/tenantadmin/${admin.tenantId}/securitygroups`)).status).toBe(200);
    const nav = navUrls((await sm(boss, 'get_nav_items')).body);
    expect(nav).toEqual(expect.arrayContaining(['/accessprobe', '/dashboard', '/securitygroups', '/settings']));
    expect(nav).not.toContain('/lciadmin');
    expect(nav).not.toContain('/probebsn'); // modules still apply
  });

  test('internal routes need an LCI admin; tenant admin routes need a tenant admin', async () => {
    const i = await admin.api('POST', '/v3/lciadmin/impersonation', { tenantId: admin.tenantId });
    expect(i.status).toBe(403);
    expect(i.body.error.message).toBe(MSG_LCI_ADMIN);
    const t = await reader.api('GET', `/v3/tenantadmin/${admin.tenantId}/securitygroups`);
    expect(t.status).toBe(403);
    expect(t.body.error.message).toBe(MSG_TENANT_ADMIN);
  });
});

describe('security manager operations (7.4)', () => {
  test('an unknown operation answers 400 naming it; bad payloads name the field', async () => {
    const r = await sm(admin, 'get_everything');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('get_everything');
    expect(r.body.error.fields[0].path).toBe('body.operation');
    const p = await sm(admin, 'get_nav_items_as_impersonated_user', { security_group_id: 'abc' });
    expect(p.status).toBe(400);
    expect(p.body.error.fields[0].path).toBe('body.payload.security_group_id');
  });

  test('get_nav_items follows the group: pages, modules, admin and internal flags', async () => {
    const mine = await sm(reader, 'get_nav_items');
    expect(mine.status).toBe(200);
    // /support is open to every user of a tenant (platform.md 4.7 step 15), so it is in every menu.
    expect(navUrls(mine.body)).toEqual(['/accessprobe', '/dashboard', '/probeparent', '/support']);
    expect(mine.body.includedModules).toEqual(['Customer Success']);
    expect(mine.body.navItems.find((i: { url: string }) => i.url === PROBE_PAGE)).toMatchObject({
      title: 'Access probe',
      level: 2,
      parentUrl: '/probeparent',
      lciModules: ['Customer Success'],
      requiresAdmin: false,
      internalOnly: false,
      neverHide: false,
    });

    const adm = navUrls((await sm(admin, 'get_nav_items')).body);
    expect(adm).toEqual(
      expect.arrayContaining(['/securitygroups', '/settings', '/datamanagercompanies', '/accessprobe']),
    );
    expect(adm).not.toContain('/lciadmin');
    expect(adm).not.toContain('/probebsn'); // the tenant has no Breach Secure Now
    expect(adm).not.toContain('/accessprobe/admin'); // pages are level 3: not in menus

    const internal = navUrls((await sm(lci, 'get_nav_items')).body);
    expect(internal).toEqual(
      expect.arrayContaining(['/lciadmin', '/lciadmin/adminsummary', '/lcisupport', '/securitygroups']),
    );
  });

  test('get_nav_items_as_lci_admin is for LCI admins; as_impersonated_user shows a group as its users see it', async () => {
    expect((await sm(admin, 'get_nav_items_as_lci_admin')).status).toBe(403);
    const asAdmin = await sm(lci, 'get_nav_items_as_lci_admin');
    expect(navUrls(asAdmin.body)).toContain('/lcisupport');
    const asReader = await sm(admin, 'get_nav_items_as_impersonated_user', { security_group_id: readerGroupId });
    expect(asReader.status).toBe(200);
    expect(navUrls(asReader.body)).toEqual(navUrls((await sm(reader, 'get_nav_items')).body));
    expect((await sm(reader, 'get_nav_items_as_impersonated_user', { security_group_id: readerGroupId })).status).toBe(
      403,
    );
    // A group of another tenant is invisible (row-level security): 404.
    expect(
      (await sm(admin, 'get_nav_items_as_impersonated_user', { security_group_id: lci.securityGroupId })).status,
    ).toBe(404);
  });

  test('a module from a plugin provider counts as a tenant module', async () => {
    const bsn = await makeTenant(s.k, s.url, {
      name: `BSN ${crypto.randomBytes(3).toString('hex')}`,
      modules: ['Core', 'Breach Secure Now'],
      pages: [rw('/probebsn')],
    });
    const r = await sm(bsn, 'get_nav_items');
    expect(r.body.includedModules).toEqual(['Core', 'Breach Secure Now']);
    expect(navUrls(r.body)).toEqual(expect.arrayContaining(['/probebsn', '/probeparent']));
  });

  test('module views: filtered by group modules; Assessment Only and AIR need such companies; active companies', async () => {
    const t = await makeTenant(s.k, s.url, {
      modules: ['Core', 'Assessment', 'AIR', 'Customer Success'],
      pages: [rw('/datamanagercompanies')],
    });
    const views = async () => (await sm(t, 'get_modules')).body.moduleViews.map((v: { text: string }) => v.text);
    expect(await views()).toEqual(['vCIO', 'Customer Success']);
    expect((await sm(t, 'get_modules')).body.moduleViews[0]).toEqual({
      text: 'vCIO',
      modules: ['Core'],
      icon: 'briefcase',
      disabled: false,
    });
    await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Plain Co' });
    await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Audit Co', assessment_only_flag: true });
    expect(await views()).toEqual(['vCIO', 'Assessment Only', 'Customer Success']);
    await t.api('POST', `/v3/tenant/${t.tenantId}/companies`, { moniker: 'Assets Co', air_only_flag: true });
    expect(await views()).toEqual(['Asset Insights', 'vCIO', 'Assessment Only', 'Customer Success']);
    // The reader's group has Customer Success only.
    expect((await sm(reader, 'get_modules')).body.moduleViews.map((v: { text: string }) => v.text)).toEqual([
      'Customer Success',
    ]);

    const names = async (op: string) =>
      (await sm(t, op, { securityGroupId: t.securityGroupId })).body.companies
        .map((c: { name: string }) => c.name)
        .sort();
    expect(await names('get_active_companies')).toEqual(['Assets Co', 'Audit Co', 'Plain Co']);
    expect(await names('get_active_assessment_only_companies')).toEqual(['Audit Co']);
    expect(await names('get_active_air_only_companies')).toEqual(['Assets Co']);
    const byModule = await sm(t, 'get_active_companies_by_module');
    expect(byModule.body.companies).toEqual({ Core: 3, Assessment: 3, AIR: 3, 'Customer Success': 3 });
  });
});

describe('security group management', () => {
  test('lists groups with pages and the page catalogue', async () => {
    const r = await admin.api('GET', `/v3/tenantadmin/${admin.tenantId}/securitygroups`);
    expect(r.status).toBe(200);
    const g = r.body.securityGroups.find((x: { security_group_id: number }) => x.security_group_id === readerGroupId);
    expect(g).toMatchObject({
      included_modules: ['Customer Success'],
      pages: [ro(PROBE_PAGE), ro('/dashboard')].sort((a, b) => a.url.localeCompare(b.url)),
      user_count: 1,
    });
    expect(r.body.pageCatalog.map((p: { url: string }) => p.url)).toEqual(
      expect.arrayContaining(['/securitygroups', PROBE_PAGE, '/accessprobe/admin']),
    );
    expect(r.body.pageCatalog.map((p: { url: string }) => p.url)).not.toContain('/lciadmin');
  });

  test('bad input answers 400 naming the fields and changes nothing', async () => {
    const before = (await admin.api('GET', `/v3/tenantadmin/${admin.tenantId}/securitygroups`)).body.securityGroups
      .length;
    const r = await admin.api('POST', `/v3/tenantadmin/${admin.tenantId}/securitygroups`, {
      name: 'Bad',
      included_modules: ['Core', 'Nope'],
      pages: [rw('/a'), { url: 'noslash', access_level: 'Full' }],
    });
    expect(r.status).toBe(400);
    const paths = r.body.error.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining(['body.included_modules.1', 'body.pages.1.url', 'body.pages.1.access_level']),
    );
    const dup = await admin.api('POST', `/v3/tenantadmin/${admin.tenantId}/securitygroups`, {
      name: 'Dup',
      included_modules: ['Core'],
      pages: [rw('/a'), ro('/a')],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.error.fields).toEqual([{ path: 'body.pages.1.url', message: '/a is listed twice' }]);
    const put = await admin.api('PUT', `/v3/tenantadmin/${admin.tenantId}/securitygroups/${readerGroupId}`, {
      name: '',
    });
    expect(put.status).toBe(400);
    expect(
      (await admin.api('GET', `/v3/tenantadmin/${admin.tenantId}/securitygroups`)).body.securityGroups.length,
    ).toBe(before);
  });

  test("changing a group's page list takes effect on its users' next call", async () => {
    const put = await admin.api('PUT', `/v3/tenantadmin/${admin.tenantId}/securitygroups/${readerGroupId}`, {
      pages: [rw(PROBE_PAGE), ro('/dashboard')],
    });
    expect(put.status).toBe(200);
    expect(put.body.securityGroup.pages).toEqual([rw(PROBE_PAGE), ro('/dashboard')]);
    expect((await reader.api('POST', `/v3/tenant/${admin.tenantId}/accessprobe`, { name: 'now allowed' })).status).toBe(
      200,
    );
    await admin.api('PUT', `/v3/tenantadmin/${admin.tenantId}/securitygroups/${readerGroupId}`, {
      pages: [ro(PROBE_PAGE), ro('/dashboard')],
    });
    expect((await reader.api('POST', `/v3/tenant/${admin.tenantId}/accessprobe`, { name: 'again' })).status).toBe(403);
    const audit = await s.k.db.withSystem((trx) =>
      trx('audit_log').where({ tenant_id: admin.tenantId, action: 'security_group.update' }).count({ n: '*' }).first(),
    );
    expect(Number(audit?.n)).toBe(2);
  });

  test('create, rename clash, and delete only when no user is in the group', async () => {
    const c = await admin.api('POST', `/v3/tenantadmin/${admin.tenantId}/securitygroups`, {
      name: 'Auditors',
      included_modules: ['Core'],
      pages: [ro('/dashboard')],
    });
    expect(c.status).toBe(200);
    const id = c.body.securityGroup.security_group_id;
    expect(c.body.securityGroup).toMatchObject({
      name: 'Auditors',
      included_modules: ['Core'],
      is_admin_group: false,
      pages: [ro('/dashboard')],
    });
    expect(
      (
        await admin.api('POST', `/v3/tenantadmin/${admin.tenantId}/securitygroups`, {
          name: 'Auditors',
          included_modules: [],
          pages: [],
        })
      ).status,
    ).toBe(409);
    expect(
      (await admin.api('DELETE', `/v3/tenantadmin/${admin.tenantId}/securitygroups/${readerGroupId}`)).status,
    ).toBe(409);
    expect((await admin.api('DELETE', `/v3/tenantadmin/${admin.tenantId}/securitygroups/${id}`)).status).toBe(200);
    expect(
      (await admin.api('PUT', `/v3/tenantadmin/${admin.tenantId}/securitygroups/${id}`, { name: 'Gone' })).status,
    ).toBe(404);
  });
});

describe('impersonation', () => {
  const audits = (tenantId: number, action: string) =>
    s.k.db.withSystem((trx) => trx('audit_log').where({ tenant_id: tenantId, action }).orderBy('at').select());

  test('refused without allowImpersonationFlag, and nothing is recorded', async () => {
    const r = await lciNoImp.api('POST', '/v3/lciadmin/impersonation', { tenantId: admin.tenantId });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(MSG_NO_IMPERSONATION);
    const rows = await s.k.db.withSystem((trx) => trx('impersonation_sessions').where({ user_id: lciNoImp.userId }));
    expect(rows).toEqual([]);
    expect((await lciNoImp.api('GET', '/v3/manager/session')).body.impersonation).toBeNull();
  });

  test('a tenant: the admin acts in it, audited with both identities, until stopped', async () => {
    const start = await lci.api('POST', '/v3/lciadmin/impersonation', { tenantId: admin.tenantId });
    expect(start.status).toBe(200);
    expect(start.body.impersonation).toMatchObject({ tenantId: admin.tenantId, securityGroupId: null });
    const session = (await lci.api('GET', '/v3/manager/session')).body;
    expect(session.user.currentTenantId).toBe(admin.tenantId);
    expect(session.user.originalSecurityGroupId).toBe(lci.securityGroupId);
    expect(session.tenant.tenantId).toBe(admin.tenantId);
    expect(session.impersonation).toMatchObject({ tenantId: admin.tenantId, securityGroupId: null });
    expect(session.modules).toEqual(['Core', 'Customer Success', 'Admin']);
    expect((await lci.api('GET', `/v3/tenant/${admin.tenantId}/accessprobe`)).status).toBe(200);
    expect((await lci.api('GET', `/v3/tenant/${lci.tenantId}/accessprobe`)).status).toBe(403);
    // A write while impersonating is audited with both identities.
    expect((await lci.api('POST', `/v3/tenant/${admin.tenantId}/accessprobe`, { name: 'by support' })).status).toBe(
      200,
    );
    const [probe] = (await audits(admin.tenantId, 'probe.save')).filter((a) => a.details.name === 'by support');
    expect(probe).toMatchObject({ actor_user_id: lci.userId, impersonator_user_id: lci.userId });
    expect(probe.details).toMatchObject({ impersonation: { tenantId: admin.tenantId }, homeTenantId: lci.tenantId });

    const [started] = await audits(admin.tenantId, 'impersonation.start');
    expect(started).toMatchObject({
      actor_user_id: lci.userId,
      impersonator_user_id: lci.userId,
      target: `tenant:${admin.tenantId}`,
    });
    expect(started.details).toMatchObject({
      impersonator: { userId: lci.userId, homeTenantId: lci.tenantId },
      impersonated: { tenantId: admin.tenantId },
    });

    const stop = await lci.api('DELETE', '/v3/lciadmin/impersonation');
    expect(stop.status).toBe(200);
    const after = (await lci.api('GET', '/v3/manager/session')).body;
    expect(after.impersonation).toBeNull();
    expect(after.user.currentTenantId).toBe(lci.tenantId);
    expect(await audits(admin.tenantId, 'impersonation.stop')).toHaveLength(1);
  });

  test('a security group: the admin sees what its users see', async () => {
    const start = await lci.api('POST', '/v3/lciadmin/impersonation', { securityGroupId: readerGroupId });
    expect(start.status).toBe(200);
    try {
      expect(start.body.impersonation).toMatchObject({ tenantId: admin.tenantId, securityGroupId: readerGroupId });
      const session = (await lci.api('GET', '/v3/manager/session')).body;
      expect(session.user.securityGroupId).toBe(readerGroupId);
      expect(session.userAccessPages).toEqual((await reader.api('GET', '/v3/manager/session')).body.userAccessPages);
      expect(session.modules).toEqual(['Customer Success']);
      expect(navUrls((await sm({ ...lci, tenantId: admin.tenantId }, 'get_nav_items')).body)).toEqual(
        expect.arrayContaining(['/accessprobe', '/dashboard', '/probeparent', '/lciadmin']),
      );
      expect(navUrls((await sm({ ...lci, tenantId: admin.tenantId }, 'get_nav_items')).body)).not.toContain(
        '/securitygroups',
      );
      // The server enforces the admin's own role, not the group's: writes stay possible for support work.
    } finally {
      await lci.api('DELETE', '/v3/lciadmin/impersonation');
    }
  });

  test('a group of another tenant than the one named answers 400; unknown ids 404', async () => {
    expect(
      (await lci.api('POST', '/v3/lciadmin/impersonation', { tenantId: lci.tenantId, securityGroupId: readerGroupId }))
        .status,
    ).toBe(400);
    expect((await lci.api('POST', '/v3/lciadmin/impersonation', { tenantId: 999999 })).status).toBe(404);
    expect((await lci.api('POST', '/v3/lciadmin/impersonation', {})).status).toBe(400);
    expect((await lci.api('GET', '/v3/manager/session')).body.impersonation).toBeNull();
  });
});

describe('caller cache', () => {
  test('a warm resolve() makes no database query', async () => {
    const claims = { userId: reader.userId, tenantId: admin.tenantId };
    s.k.access.invalidate();
    let queries = 0;
    const count = () => {
      queries++;
    };
    s.k.db.knex.on('query', count);
    try {
      const cold = await s.k.access.resolve(claims);
      expect(queries).toBeGreaterThan(0);
      queries = 0;
      const warm = await s.k.access.resolve(claims);
      expect(queries).toBe(0);
      expect(warm).toBe(cold);
    } finally {
      s.k.db.knex.off('query', count);
    }
  });

  test('cached until invalidate(tenantId) for changes made behind the service', async () => {
    const u = await addUser(admin, { group: 'Cached', modules: ['Core'], pages: [ro('/dashboard')] });
    const claims = { userId: u.userId, tenantId: admin.tenantId };
    expect((await s.k.access.resolve(claims)).isTenantAdmin).toBe(false);
    await s.k.db.withSystem((trx) =>
      trx('tenant_users').where({ user_id: u.userId }).update({ tenant_admin_flag: true }),
    );
    expect((await s.k.access.resolve(claims)).isTenantAdmin).toBe(false);
    s.k.access.invalidate(lci.tenantId);
    expect((await s.k.access.resolve(claims)).isTenantAdmin).toBe(false);
    s.k.access.invalidate(admin.tenantId);
    expect((await s.k.access.resolve(claims)).isTenantAdmin).toBe(true);
  });
});

test('syncCatalog is idempotent and stores plugin pages as level 3 entries', async () => {
  const snapshot = () =>
    s.k.db.withSystem((trx) =>
      trx('nav_items')
        .orderBy('url')
        .select('url', 'level', 'parent_url', 'lci_modules', 'requires_admin', 'internal_only', 'plugin_id'),
    );
  const before = await snapshot();
  await syncCatalog(s.k);
  await syncCatalog(s.k);
  expect(await snapshot()).toEqual(before);
  const by = new Map(before.map((r) => [r.url, r]));
  expect(by.get('/accessprobe/admin')).toMatchObject({ level: 3, requires_admin: true, plugin_id: 'access-probe' });
  expect(by.get(PROBE_PAGE)).toMatchObject({ level: 2, parent_url: '/probeparent', plugin_id: 'access-probe' });
  expect(by.get('/dashboard')).toMatchObject({ level: 1, plugin_id: 'kernel' });
  expect(by.get('/datamanagercompanies')).toMatchObject({ plugin_id: 'companies' });
});
