/**
 * GET assessmentUsers, the assessor and reviewer pickers' options: a user who is not a tenant admin but may open
 * the assessment page (even Read Only) gets the tenant's active users in name order; deactivated users are left
 * out, another tenant's never appear, and a user without the page is refused.
 */
import { apiCall, makeTenant, startTestServer, type TestServer, type TestTenant } from '../../../tests/sdk';
import { addTenantUser, createSecurityGroup, createUser } from '../../../kernel/index';
import { assessmentPaths as P } from '../shared/api';
import { ASSESSMENT_PAGE, ASSESSMENTS_PAGE } from '../shared/pages';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const MODULES = ['Core', 'Assessment'] as const;
const tag = Date.now().toString(36);
let reader: TestTenant['api']; // not a tenant admin; Read Only on /assessment
let outsider: TestTenant['api']; // not a tenant admin; /assessments only
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer({ jobs: false });
  a = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  b = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  const member = async (tenantId: number, group: number | null, first: string, last: string, active = true) =>
    s.k.db.withSystem(async (trx) => {
      const userId = await createUser(trx, {
        email: `${(first || 'nameless').toLowerCase()}-${tag}-${tenantId}@members.example.com`,
        firstName: first,
        lastName: last,
        currentTenantId: tenantId,
      });
      const tu = await addTenantUser(trx, tenantId, { userId, securityGroupId: group });
      if (!active) await trx('tenant_users').where({ tenant_user_id: tu }).update({ active_flag: false });
      ids[first || 'nameless'] = tu;
      return userId;
    });
  const group = (name: string, pages: { url: string; access_level: 'Read Only' | 'Read/Write' }[]) =>
    s.k.db.withSystem((trx) => createSecurityGroup(trx, a.tenantId, { name, modules: [...MODULES], pages }));
  const readers = await group('Assessment readers', [
    { url: ASSESSMENTS_PAGE, access_level: 'Read Only' },
    { url: ASSESSMENT_PAGE, access_level: 'Read Only' },
  ]);
  const listOnly = await group('Assessment list only', [{ url: ASSESSMENTS_PAGE, access_level: 'Read/Write' }]);
  const as = async (userId: number) => {
    const token = await s.k.identity.issueAccessToken(userId);
    return ((m, p, body, h) => apiCall(s.url, s.k.config.apiKey, token, m, p, body, h)) as TestTenant['api'];
  };
  reader = await as(await member(a.tenantId, readers, 'Rita', 'Reader'));
  outsider = await as(await member(a.tenantId, listOnly, 'Otto', 'Outsider'));
  await member(a.tenantId, readers, 'Gina', 'Gone', false);
  await member(a.tenantId, null, '', '');
  await member(b.tenantId, null, 'Bea', 'Other');
}, 300_000);
afterAll(async () => s?.stop());

test('a user with access to the assessment page gets the active users of the tenant, in name order', async () => {
  const r = await reader('GET', P.users(a.tenantId));
  expect(r.status).toBe(200);
  const admin = await s.k.db.withTenant(a.tenantId, async (trx) =>
    Number((await trx('tenant_users').where('user_id', a.userId).first('tenant_user_id')).tenant_user_id),
  );
  expect(r.body.users).toEqual([
    // No name: shown by e-mail (empty names sort first).
    {
      tenant_user_id: ids.nameless,
      name: `nameless-${tag}-${a.tenantId}@members.example.com`,
      email: expect.any(String),
    },
    { tenant_user_id: ids.Otto, name: 'Otto Outsider', email: `otto-${tag}-${a.tenantId}@members.example.com` },
    { tenant_user_id: ids.Rita, name: 'Rita Reader', email: `rita-${tag}-${a.tenantId}@members.example.com` },
    { tenant_user_id: admin, name: 'Test Admin', email: a.email },
  ]);
  // The admin's list is the same one.
  expect((await a.api('GET', P.users(a.tenantId))).body).toEqual(r.body);
});

test("inactive users are left out; another tenant's users never appear", async () => {
  const mine = (await reader('GET', P.users(a.tenantId))).body.users.map((u: { name: string }) => u.name);
  expect(mine).not.toContain('Gina Gone');
  expect(mine).not.toContain('Bea Other');
  const theirs = await b.api('GET', P.users(b.tenantId));
  expect(theirs.body.users.map((u: { name: string }) => u.name)).toEqual(['Bea Other', 'Test Admin']);
  expect((await b.api('GET', P.users(a.tenantId))).status).toBe(403);
  expect((await reader('GET', P.users(b.tenantId))).status).toBe(403);
});

test('without access to the assessment page the list is refused', async () => {
  expect((await outsider('GET', P.users(a.tenantId))).status).toBe(403);
});
