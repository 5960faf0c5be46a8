/**
 * The plugin-scoped test kit of tests/sdk.ts: a server with only the named plugins and their dependencies (on a
 * migrated template of that set), and the record factories.
 */
import { CONTACTS_PAGE } from '../plugins/contacts/shared/pages';
import {
  makeAsset,
  makeCompany,
  makeContact,
  makeTenant,
  makeUser,
  pluginsOutsideScope,
  startTestServer,
  type TestServer,
  type TestTenant,
} from './sdk';

let s: TestServer;
let a: TestTenant;
const t0 = Date.now();

beforeAll(async () => {
  if (process.env.LCI_TEST_TIMINGS === '1')
    process.stderr.write(`test-kit: modules loaded ${Math.round(process.uptime() * 1000)} ms into the process\n`);
  s = await startTestServer({ plugins: ['contacts'] });
  a = await makeTenant(s.k, s.url);
  // The figure the issue asks for: a scoped server and a tenant, from the suite's start.
  process.stderr.write(`test-kit: scoped server and tenant ready in ${Date.now() - t0} ms\n`);
}, 400_000);
afterAll(async () => {
  await s?.stop();
});

test('the scoped server loads the named plugin and its dependencies only, and its tables exist', async () => {
  expect(s.k.plugins.map((p) => p.id).sort()).toEqual(['companies', 'contacts']);
  const company = await makeCompany(a, 'Acme Dental');
  const contact = await makeContact(a, company, { first_name: 'Ana', email: 'ana@acme.example' });
  const one = await a.api('GET', `/v3/tenant/${a.tenantId}/company/${company}/contact/${contact}`);
  expect(one.status).toBe(200);
  expect(one.body.contact).toMatchObject({ first_name: 'Ana', email: 'ana@acme.example' });
  // A plugin outside the scope has no routes.
  expect((await a.api('GET', `/v3/tenant/${a.tenantId}/assetList`)).status).toBe(404);
});

test('dependencies are followed transitively; an unknown plugin id is an error naming it', async () => {
  const outside = await pluginsOutsideScope(['stack-manager']);
  expect(outside).not.toContain('customer-success');
  expect(outside).not.toContain('companies');
  expect(outside).toContain('contacts');
  await expect(pluginsOutsideScope(['no-such-plugin'])).rejects.toThrow(/no-such-plugin/);
});

test('makeUser: a user in a group with the given page access; Read Only reads but cannot write', async () => {
  const company = await makeCompany(a);
  const reader = await makeUser(s.k, s.url, a, { pages: [{ url: CONTACTS_PAGE, access_level: 'Read Only' }] });
  expect(reader.userId).not.toBe(a.userId);
  expect((await reader.api('GET', `/v3/tenant/${a.tenantId}/company/${company}/userList`)).status).toBe(200);
  const refused = await reader.api('POST', `/v3/tenant/${a.tenantId}/company/${company}/contact`, { first_name: 'X' });
  expect(refused.status).toBe(403);
  const none = await makeUser(s.k, s.url, a);
  expect((await none.api('GET', `/v3/tenant/${a.tenantId}/company/${company}/userList`)).status).toBe(403);
  // A user in an existing group (the admin's), not a tenant admin; pages belong to a new group only.
  const colleague = await makeUser(s.k, s.url, a, { securityGroupId: a.securityGroupId });
  const membership = await s.k.db.withSystem((trx) =>
    trx('tenant_users').where({ tenant_id: a.tenantId, user_id: colleague.userId }).first(),
  );
  expect(membership).toMatchObject({ security_group_id: a.securityGroupId, tenant_admin_flag: false });
  expect(colleague.securityGroupId).toBe(a.securityGroupId);
  // Names, an address, no group, deactivated: the membership as asked, its id answered.
  const gone = await makeUser(s.k, s.url, a, {
    securityGroupId: null,
    firstName: 'Gina',
    lastName: 'Gone',
    email: `gina-${a.tenantId}@kit.example.com`,
    active: false,
  });
  const row = await s.k.db.withSystem((trx) =>
    trx('tenant_users as tu')
      .join('users as u', 'u.user_id', 'tu.user_id')
      .where('tu.tenant_user_id', gone.tenantUserId)
      .first('tu.security_group_id', 'tu.active_flag', 'u.name_first', 'u.name_last', 'u.email'),
  );
  expect(row).toEqual({
    security_group_id: null,
    active_flag: false,
    name_first: 'Gina',
    name_last: 'Gone',
    email: `gina-${a.tenantId}@kit.example.com`,
  });
  await expect(makeUser(s.k, s.url, a, { securityGroupId: a.securityGroupId, pages: [] })).rejects.toThrow(
    /pages and modules belong to a new group/,
  );
});

test('makeAsset needs the assets plugin: on this server its route is absent and the factory says so', async () => {
  await expect(makeAsset(a, await makeCompany(a))).rejects.toThrow(/makeAsset: 404/);
});
