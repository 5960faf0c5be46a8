/**
 * GET assessmentUsers, the assessor and reviewer pickers' options: a user who is not a tenant admin but may open
 * the assessment page (even Read Only) gets the tenant's active users in name order; deactivated users are left
 * out, another tenant's never appear, and a user without the page is refused.
 */
import {
  makeTenant,
  makeUser,
  startTestServer,
  type MakeUserOptions,
  type TestServer,
  type TestTenant,
} from '../../../tests/sdk';
import { assessmentPaths as P } from '../shared/api';
import { ASSESSMENT_PAGE, ASSESSMENTS_PAGE } from '../shared/pages';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const MODULES = ['Core', 'Assessment'] as const;
const tag = Date.now().toString(36);
let reader: Pick<TestTenant, 'api'>; // not a tenant admin; Read Only on /assessment
let outsider: Pick<TestTenant, 'api'>; // not a tenant admin; /assessments only
const ids: Record<string, number> = {};

beforeAll(async () => {
  s = await startTestServer({ plugins: ['assessments'], jobs: false });
  a = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  b = await makeTenant(s.k, s.url, { modules: [...MODULES] });
  const member = async (t: TestTenant, first: string, last: string, opts: MakeUserOptions) => {
    const email = `${(first || 'nameless').toLowerCase()}-${tag}-${t.tenantId}@members.example.com`;
    const user = await makeUser(s.k, s.url, t, { ...opts, firstName: first, lastName: last, email });
    ids[first || 'nameless'] = user.tenantUserId;
    return user;
  };
  const readers = await member(a, 'Rita', 'Reader', {
    modules: [...MODULES],
    pages: [
      { url: ASSESSMENTS_PAGE, access_level: 'Read Only' },
      { url: ASSESSMENT_PAGE, access_level: 'Read Only' },
    ],
  });
  reader = readers;
  outsider = await member(a, 'Otto', 'Outsider', {
    modules: [...MODULES],
    pages: [{ url: ASSESSMENTS_PAGE, access_level: 'Read/Write' }],
  });
  await member(a, 'Gina', 'Gone', { securityGroupId: readers.securityGroupId, active: false });
  await member(a, '', '', { securityGroupId: null });
  await member(b, 'Bea', 'Other', { securityGroupId: null });
}, 300_000);
afterAll(async () => s?.stop());

test('a user with access to the assessment page gets the active users of the tenant, in name order', async () => {
  const r = await reader.api('GET', P.users(a.tenantId));
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
  const mine = (await reader.api('GET', P.users(a.tenantId))).body.users.map((u: { name: string }) => u.name);
  expect(mine).not.toContain('Gina Gone');
  expect(mine).not.toContain('Bea Other');
  const theirs = await b.api('GET', P.users(b.tenantId));
  expect(theirs.body.users.map((u: { name: string }) => u.name)).toEqual(['Bea Other', 'Test Admin']);
  expect((await b.api('GET', P.users(a.tenantId))).status).toBe(403);
  expect((await reader.api('GET', P.users(b.tenantId))).status).toBe(403);
});

test('without access to the assessment page the list is refused', async () => {
  expect((await outsider.api('GET', P.users(a.tenantId))).status).toBe(403);
});
