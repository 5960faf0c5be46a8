/** Feature flags on a real server: the five flags, default off, tenant / parent provider / user precedence, admin-only writes. */
import crypto from 'node:crypto';
import { MSG_TENANT_ADMIN } from '../../common/texts';
import { addTenantUser, createSecurityGroup, createTenant, createUser } from '../tenancy/provision';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant, type TestTenant } from '../../tests/helpers/tenants';

const FLAGS = ['hook-integration', 'infima-integration', 'lci-darkly-test', 'sp-auth-lci-2121', 'user-manager-changes'];
let s: TestServer;
let provider: TestTenant;
let child: TestTenant;
let childUser: TestTenant;

beforeAll(async () => {
  s = await startTestServer();
  provider = await makeTenant(s.k, s.url);
  // A client tenant whose parent is the provider, with an admin and an ordinary user.
  const tag = crypto.randomBytes(4).toString('hex');
  const ids = await s.k.db.withSystem(async (trx) => {
    const tenantId = await createTenant(trx, { name: `Child ${tag}`, parentTenantId: provider.tenantId });
    const g = await createSecurityGroup(trx, tenantId, { name: 'All', modules: ['Core'], pages: [] });
    const adminId = await createUser(trx, { email: `a-${tag}@x.example.com`, currentTenantId: tenantId });
    const userId = await createUser(trx, { email: `u-${tag}@x.example.com`, currentTenantId: tenantId });
    await addTenantUser(trx, tenantId, { userId: adminId, securityGroupId: g, tenantAdmin: true });
    await addTenantUser(trx, tenantId, { userId, securityGroupId: g });
    return { tenantId, g, adminId, userId };
  });
  const mk = async (userId: number): Promise<TestTenant> => {
    const token = await s.k.identity.issueAccessToken(userId);
    return {
      tenantId: ids.tenantId,
      userId,
      securityGroupId: ids.g,
      email: '',
      password: '',
      token,
      api: (m, p, b) => apiCall(s.url, s.k.config.apiKey, token, m, p, b),
    };
  };
  child = await mk(ids.adminId);
  childUser = await mk(ids.userId);
});
afterAll(async () => s?.stop());

const flagsOf = async (t: TestTenant) => {
  const r = await t.api('GET', `/v3/tenant/${t.tenantId}/flags?_=${Date.now()}`);
  expect(r.status).toBe(200);
  return r.body.flags as Record<string, boolean>;
};
const put = (t: TestTenant, key: string, body: unknown) => t.api('PUT', `/v3/tenant/${t.tenantId}/flags/${key}`, body);

test('the five flags exist and default to off', async () => {
  expect(await flagsOf(childUser)).toEqual(Object.fromEntries(FLAGS.map((f) => [f, false])));
});

test('a parent provider value applies to its client tenant; the tenant value beats it; a user value beats both', async () => {
  expect((await put(provider, 'hook-integration', { value: true })).status).toBe(200);
  expect((await flagsOf(childUser))['hook-integration']).toBe(true);
  expect((await flagsOf(provider))['hook-integration']).toBe(true);

  expect((await put(child, 'hook-integration', { value: false })).status).toBe(200);
  expect((await flagsOf(childUser))['hook-integration']).toBe(false);

  const u = await put(child, 'hook-integration', { value: true, userId: childUser.userId });
  expect(u.status).toBe(200);
  expect((await flagsOf(childUser))['hook-integration']).toBe(true);
  expect((await flagsOf(child))['hook-integration']).toBe(false); // the admin has no user value

  // Removing the tenant's own value lets the parent's apply again.
  expect((await child.api('DELETE', `/v3/tenant/${child.tenantId}/flags/hook-integration`)).body.removed).toBe(true);
  expect((await flagsOf(child))['hook-integration']).toBe(true);
});

test('the session carries the same flags', async () => {
  await put(child, 'lci-darkly-test', { value: true });
  const session = await childUser.api('GET', '/v3/manager/session');
  expect(session.body.flags['lci-darkly-test']).toBe(true);
  expect(session.body.flags).toEqual(await flagsOf(childUser));
});

test('a client tenant never changes or sees other tenants values (only its parent)', async () => {
  const other = await makeTenant(s.k, s.url);
  await put(other, 'infima-integration', { value: true });
  expect((await flagsOf(childUser))['infima-integration']).toBe(false);
  expect((await flagsOf(provider))['infima-integration']).toBe(false);
  // The parent does not see its child's values either.
  await put(child, 'sp-auth-lci-2121', { value: true });
  expect((await flagsOf(provider))['sp-auth-lci-2121']).toBe(false);
});

test('writes need a tenant admin, a known flag, a boolean and a user of the tenant; they are audited', async () => {
  const r = await put(childUser, 'hook-integration', { value: true });
  expect(r.status).toBe(403);
  expect(r.body.error.message).toBe(MSG_TENANT_ADMIN);
  expect((await put(child, 'no-such-flag', { value: true })).status).toBe(404);
  const bad = await put(child, 'hook-integration', { value: 'yes' });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields[0].path).toBe('body.value');
  expect((await put(child, 'hook-integration', { value: true, userId: provider.userId })).status).toBe(404);
  const audit = await s.k.db.withSystem((trx) =>
    trx('audit_log').where({ tenant_id: child.tenantId, action: 'flag.set' }).select('actor_user_id', 'details'),
  );
  expect(audit.length).toBeGreaterThanOrEqual(3);
  expect(audit.every((a) => a.actor_user_id === child.userId)).toBe(true);
});

test('the service works in system scope too (CLI): get, set, all', async () => {
  await s.k.db.withSystem(async (trx) => {
    await s.k.flags.set(trx, provider.tenantId, null, 'user-manager-changes', true);
    expect(await s.k.flags.get(trx, child.tenantId, childUser.userId, 'user-manager-changes')).toBe(true);
    expect(await s.k.flags.get(trx, child.tenantId, null, 'hook-integration')).toBe(true);
    expect(Object.keys(await s.k.flags.all(trx, child.tenantId, null)).sort()).toEqual(FLAGS);
    await expect(s.k.flags.get(trx, child.tenantId, null, 'nope')).rejects.toThrow("Unknown feature flag 'nope'");
  });
});
