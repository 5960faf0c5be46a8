/**
 * The tenant user record and the terms-of-use acceptance on a real server:
 * a user reads their own record (an admin any of the tenant's), accepts the
 * terms for themselves only, and nobody reaches another tenant's users.
 */
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant, type TestTenant } from '../../tests/helpers/tenants';
import { addTenantUser, createUser } from './provision';

let s: TestServer;
let a: TestTenant; // admin of tenant A
let b: TestTenant; // admin of tenant B
let member: { userId: number; email: string; api: TestTenant['api'] }; // ordinary user of A who has not accepted

beforeAll(async () => {
  s = await startTestServer({ jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
  const email = `member-${Date.now().toString(36)}@member.example.com`;
  const userId = await s.k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email,
      firstName: 'Mo',
      lastName: 'Member',
      currentTenantId: a.tenantId,
      passwordHash: await s.k.identity.hashPassword('Member#2024x'),
    });
    await addTenantUser(trx, a.tenantId, { userId: id, securityGroupId: a.securityGroupId, acceptTerms: false });
    return id;
  });
  const token = await s.k.identity.issueAccessToken(userId);
  member = { userId, email, api: (m, p, body, h) => apiCall(s.url, s.k.config.apiKey, token, m, p, body, h) };
});
afterAll(async () => {
  await s?.stop();
});

const accept = (who: { api: TestTenant['api'] }, tenantId: number, payload: { tenant_id: number; user_id: number }) =>
  who.api('POST', `/v3/tenant/${tenantId}/tenantuser`, { operation: 'accept_terms', payload });

test('a user reads their own record, with the terms not yet accepted', async () => {
  const r = await member.api('GET', `/v3/tenant/${a.tenantId}/tenantuser/${member.userId}`);
  expect(r.status).toBe(200);
  expect(r.body.user).toEqual({
    user_id: member.userId,
    tenant_user_id: expect.any(Number),
    username: member.email,
    email: member.email,
    name: 'Mo Member',
    name_first: 'Mo',
    name_last: 'Member',
    force_sso_flag: false,
    is_active: true,
    is_external: false,
    is_tenant_admin: false,
    security_group_id: a.securityGroupId,
    accept_timestamp: null,
  });
  const session = await member.api('GET', '/v3/manager/session');
  expect(session.body.tacAcceptance).toBeFalsy();
});

test("an ordinary user cannot read another user; a tenant admin can; nobody reads another tenant's user", async () => {
  expect((await member.api('GET', `/v3/tenant/${a.tenantId}/tenantuser/${a.userId}`)).status).toBe(403);
  const admin = await a.api('GET', `/v3/tenant/${a.tenantId}/tenantuser/${member.userId}`);
  expect(admin.status).toBe(200);
  expect(admin.body.user.user_id).toBe(member.userId);
  // B's admin: A's tenant in the path is not theirs; B's tenant in the path does not hold A's user (row-level security).
  expect((await b.api('GET', `/v3/tenant/${a.tenantId}/tenantuser/${member.userId}`)).status).toBe(403);
  expect((await b.api('GET', `/v3/tenant/${b.tenantId}/tenantuser/${member.userId}`)).status).toBe(404);
  expect((await a.api('GET', `/v3/tenant/${a.tenantId}/tenantuser/999999999`)).status).toBe(404);
});

test("accept_terms only for the caller's own row; it records the time and is audited", async () => {
  // Not for another user, even as the tenant admin; not across tenants.
  expect((await accept(a, a.tenantId, { tenant_id: a.tenantId, user_id: member.userId })).status).toBe(403);
  expect((await accept(b, a.tenantId, { tenant_id: a.tenantId, user_id: b.userId })).status).toBe(403);
  expect((await accept(b, b.tenantId, { tenant_id: a.tenantId, user_id: b.userId })).status).toBe(403);
  expect(
    (await member.api('GET', `/v3/tenant/${a.tenantId}/tenantuser/${member.userId}`)).body.user.accept_timestamp,
  ).toBeNull();

  const r = await accept(member, a.tenantId, { tenant_id: a.tenantId, user_id: member.userId });
  expect(r.status).toBe(200);
  expect(r.body.records_updated).toBe(1);
  expect(r.body.user.user_id).toBe(member.userId);
  expect(Date.parse(r.body.user.accept_timestamp)).toBeGreaterThan(Date.now() - 60_000);
  expect((await member.api('GET', '/v3/manager/session')).body.tacAcceptance).toBeTruthy();
  const audit = await s.k.db.withSystem((trx) =>
    trx('audit_log')
      .where({ tenant_id: a.tenantId, action: 'identity.terms.accepted', target: String(member.userId) })
      .first('actor_user_id'),
  );
  expect(Number(audit.actor_user_id)).toBe(member.userId);
});

test('bad operations and bodies are refused', async () => {
  expect(
    (await member.api('POST', `/v3/tenant/${a.tenantId}/tenantuser`, { operation: 'drop_tables', payload: {} })).status,
  ).toBe(400);
  expect(
    (
      await member.api('POST', `/v3/tenant/${a.tenantId}/tenantuser`, {
        operation: 'accept_terms',
        payload: { tenant_id: 'x', user_id: member.userId },
      })
    ).status,
  ).toBe(400);
  expect(
    (await apiCall(s.url, s.k.config.apiKey, null, 'GET', `/v3/tenant/${a.tenantId}/tenantuser/${member.userId}`))
      .status,
  ).toBe(401);
});
