/**
 * A user who belongs to two tenants (issue 13 part 1). Tenant B's admin adds
 * an existing user of tenant A: the user is invited by mail and becomes a
 * member of B only by accepting; until then B sees the e-mail and "invited".
 * B then manages the membership (security group, active flag) but never the
 * global identity (names, single sign-on, sessions) of a user whose home is
 * A, never sees their sign-in times, and deactivating B's membership leaves
 * the user's sessions (of A) alone. Every step is audited.
 */
import { refresh, signInThroughProvider } from '../../../tests/helpers/auth';
import { startTestServer, type TestServer } from '../../../tests/helpers/server';
import { apiCall, makeTenant, type TestTenant } from '../../../tests/helpers/tenants';
import { addTenantUser, createUser } from '../provision';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  s = await startTestServer({ jobs: false });
  a = await makeTenant(s.k, s.url);
  b = await makeTenant(s.k, s.url);
});
afterAll(async () => {
  await s?.stop();
});

const users = (t: TestTenant) => `/v3/tenantadmin/${t.tenantId}/users`;
const tag = () => Math.random().toString(36).slice(2, 8);
const outbox = (to: string) =>
  s.k.db.withSystem((trx) =>
    trx('mail_outbox').where({ to_address: to }).orderBy('mail_id', 'desc').select('subject', 'text_body'),
  );
const pub = (path: string, body: unknown) => apiCall(s.url, s.k.config.publicApiKey, null, 'POST', path, body);
const membership = async (tenantId: number, userId: number) => {
  const row = await s.k.db.withSystem((trx) =>
    trx('tenant_users').where({ tenant_id: tenantId, user_id: userId }).first(),
  );
  return row && { ...row, security_group_id: Number(row.security_group_id) };
};
const audits = (tenantId: number, action: string) =>
  s.k.db.withSystem((trx) => trx('audit_log').where({ tenant_id: tenantId, action }).select('target', 'details'));
const keyOf = (text: string) => /invitationKey=([A-Za-z0-9_-]{43})/.exec(text)![1];

/** A user whose home is tenant `t` (a password, signed in once). */
async function homeUser(t: TestTenant) {
  const email = `home-${tag()}@home.example.com`;
  const password = 'Home#User2024x';
  const userId = await s.k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email,
      firstName: 'Hana',
      lastName: 'Home',
      currentTenantId: t.tenantId,
      passwordHash: await s.k.identity.hashPassword(password),
    });
    await addTenantUser(trx, t.tenantId, { userId: id, securityGroupId: t.securityGroupId });
    await trx('users')
      .where({ user_id: id })
      .update({ last_sign_in_at: new Date('2026-01-02T03:04:05Z') });
    return id;
  });
  return { userId, email, password };
}

/** Invites `u` into tenant B and accepts through the mailed link. */
async function inviteAndAccept(u: { userId: number; email: string }) {
  const r = await b.api('POST', users(b), {
    email: u.email,
    name_first: 'Ignored',
    name_last: 'Names',
    security_group_id: b.securityGroupId,
  });
  expect(r.body).toMatchObject({ records_updated: 1, invitation: { email: u.email, status: 'invited' } });
  const [mail] = await outbox(u.email);
  const accepted = await pub('/v3/manager/invitations/accept', { invitationKey: keyOf(mail.text_body) });
  expect(accepted.status).toBe(200);
  return r.body.invitation;
}

test('adding an existing user of another tenant sends an invitation; the membership exists only once the user accepts', async () => {
  const u = await homeUser(a);
  const r = await b.api('POST', users(b), {
    email: u.email.toUpperCase(),
    name_first: 'Ignored',
    name_last: 'Names',
    security_group_id: b.securityGroupId,
    is_tenant_admin: true,
  });
  expect(r.status).toBe(200);
  expect(r.body.user).toBeUndefined();
  expect(r.body).toMatchObject({ records_updated: 1, invitation: { email: u.email, status: 'invited' } });
  expect(await membership(b.tenantId, u.userId)).toBeUndefined();

  // Until then B sees only the e-mail and "invited": no name, no id, no sign-in time.
  const list = (await b.api('GET', users(b))).body;
  expect(list.users.some((x: { user_id: number }) => x.user_id === u.userId)).toBe(false);
  const inv = list.invitations.find((x: { email: string }) => x.email === u.email);
  expect(Object.keys(inv).sort()).toEqual(['email', 'expires_at', 'invitation_id', 'invited_at', 'status']);
  expect(inv.status).toBe('invited');
  expect(JSON.stringify(list)).not.toContain('Hana');
  // B's token cannot act in B as the user yet.
  const bToken = await s.k.identity.issueAccessToken(u.userId, { tenantId: b.tenantId });
  expect((await apiCall(s.url, s.k.config.apiKey, bToken, 'GET', '/v3/manager/session')).body.tenant).toBeNull();

  // A second invitation while one is open is refused with a clear message.
  const again = await b.api('POST', users(b), {
    email: u.email,
    name_first: 'X',
    name_last: 'Y',
    security_group_id: b.securityGroupId,
  });
  expect(again.body).toEqual({
    records_updated: 0,
    errorMessage: `An invitation to ${u.email} is already waiting for an answer.`,
  });

  // The mail (through the outbox) names tenant B and carries the accept link.
  const [mail] = await outbox(u.email);
  expect(mail.subject).toMatch(/^You are invited to join .+ on Lifecycle$/);
  expect(mail.text_body).toContain('/acceptInvitation?invitationKey=');
  const key = keyOf(mail.text_body);
  const lookup = await pub('/v3/manager/invitations/lookup', { invitationKey: key });
  expect(lookup).toMatchObject({ status: 200, body: { email: u.email, status: 'invited' } });
  expect(typeof lookup.body.company).toBe('string');

  const accepted = await pub('/v3/manager/invitations/accept', { invitationKey: key });
  expect(accepted).toMatchObject({ status: 200, body: { status: 'ACCEPTED' } });
  expect(await membership(b.tenantId, u.userId)).toMatchObject({
    security_group_id: b.securityGroupId,
    tenant_admin_flag: true,
    active_flag: true,
  });
  // Used once: a second use is refused.
  expect((await pub('/v3/manager/invitations/accept', { invitationKey: key })).status).toBe(404);
  // The user's identity and home are untouched.
  const row = await s.k.db.withSystem((trx) =>
    trx('users').where({ user_id: u.userId }).first('name_first', 'current_tenant_id'),
  );
  expect({ ...row, current_tenant_id: Number(row.current_tenant_id) }).toEqual({
    name_first: 'Hana',
    current_tenant_id: a.tenantId,
  });

  // Now a member of B: listed, but another tenant's sign-in time is never shown.
  const after = (await b.api('GET', users(b))).body;
  const listed = after.users.find((x: { user_id: number }) => x.user_id === u.userId);
  expect(listed).toMatchObject({ email: u.email, is_home_tenant: false, last_sign_in_at: null });
  expect(after.invitations.some((x: { email: string }) => x.email === u.email)).toBe(false);
  // A, the home tenant, does see it.
  const home = (await a.api('GET', users(a))).body.users.find((x: { user_id: number }) => x.user_id === u.userId);
  expect(home).toMatchObject({ is_home_tenant: true, last_sign_in_at: '2026-01-02T03:04:05.000Z' });

  expect(
    (await audits(b.tenantId, 'user_manager.invitation.sent')).some(
      (e: { target: string }) => e.target === `user:${u.userId}`,
    ),
  ).toBe(true);
  expect(
    (await audits(b.tenantId, 'user_manager.invitation.accepted')).some(
      (e: { target: string }) => e.target === `user:${u.userId}`,
    ),
  ).toBe(true);
});

test('declining ends the invitation without a membership; an expired link is refused and recorded', async () => {
  const u = await homeUser(a);
  await b.api('POST', users(b), {
    email: u.email,
    name_first: 'X',
    name_last: 'Y',
    security_group_id: b.securityGroupId,
  });
  const key = keyOf((await outbox(u.email))[0].text_body);
  expect(await pub('/v3/manager/invitations/decline', { invitationKey: key })).toMatchObject({
    status: 200,
    body: { status: 'DECLINED' },
  });
  expect(await membership(b.tenantId, u.userId)).toBeUndefined();
  expect((await pub('/v3/manager/invitations/accept', { invitationKey: key })).status).toBe(404);
  expect(
    (await audits(b.tenantId, 'user_manager.invitation.declined')).some(
      (e: { target: string }) => e.target === `user:${u.userId}`,
    ),
  ).toBe(true);

  // A new invitation, expired before it is used.
  await b.api('POST', users(b), {
    email: u.email,
    name_first: 'X',
    name_last: 'Y',
    security_group_id: b.securityGroupId,
  });
  const key2 = keyOf((await outbox(u.email))[0].text_body);
  await s.k.db.withSystem((trx) =>
    trx('tenant_invitations')
      .where({ tenant_id: b.tenantId, user_id: u.userId, status: 'invited' })
      .update({ expires_at: new Date(Date.now() - 1000) }),
  );
  expect(
    (await b.api('GET', users(b))).body.invitations.find((x: { email: string }) => x.email === u.email).status,
  ).toBe('expired');
  const late = await pub('/v3/manager/invitations/accept', { invitationKey: key2 });
  expect(late.status).toBe(404);
  expect(late.body.error.message).toBe(
    'This invitation is not valid or has expired. Please ask the administrator who invited you for a new one.',
  );
  expect(await membership(b.tenantId, u.userId)).toBeUndefined();
  expect(
    (await audits(b.tenantId, 'user_manager.invitation.expired')).some(
      (e: { target: string }) => e.target === `user:${u.userId}`,
    ),
  ).toBe(true);
  // The expired invitation is closed: B may invite again, and cancel.
  expect((await b.api('GET', users(b))).body.invitations.some((x: { email: string }) => x.email === u.email)).toBe(
    false,
  );
  expect(
    (
      await b.api('POST', users(b), {
        email: u.email,
        name_first: 'X',
        name_last: 'Y',
        security_group_id: b.securityGroupId,
      })
    ).body.records_updated,
  ).toBe(1);
  const inv = (await b.api('GET', users(b))).body.invitations.find((x: { email: string }) => x.email === u.email);
  expect((await b.api('DELETE', `/v3/tenantadmin/${b.tenantId}/invitations/${inv.invitation_id}`)).body).toEqual({
    records_updated: 1,
  });
  expect((await b.api('GET', users(b))).body.invitations.some((x: { email: string }) => x.email === u.email)).toBe(
    false,
  );
  // Tenant A cannot cancel B's invitation.
  expect((await a.api('DELETE', `/v3/tenantadmin/${a.tenantId}/invitations/${inv.invitation_id}`)).status).toBe(404);
});

test('a user who belongs to no tenant yet, and a new e-mail, are added as before (no invitation)', async () => {
  const email = `loose-${tag()}@loose.example.com`;
  const userId = await s.k.db.withSystem((trx) =>
    createUser(trx, { email, firstName: 'Lou', lastName: 'Loose', currentTenantId: null }),
  );
  const r = await b.api('POST', users(b), {
    email,
    name_first: 'Lou',
    name_last: 'Loose',
    security_group_id: b.securityGroupId,
  });
  expect(r.body).toMatchObject({ records_updated: 1, user: { user_id: userId, is_home_tenant: true } });
  expect(r.body.invitation).toBeUndefined();
  expect(await membership(b.tenantId, userId)).toBeTruthy();
});

test("B's admin manages only B's membership: never the names or single sign-on of a user whose home is A", async () => {
  const u = await homeUser(a);
  await inviteAndAccept(u);
  const put = (body: unknown) => b.api('PUT', `${users(b)}/${u.userId}`, body);
  const refused = {
    records_updated: 0,
    errorMessage:
      "This user's sign-in, name and security settings are managed by their home company and cannot be changed here.",
  };
  expect((await put({ force_sso_flag: true })).body).toEqual(refused);
  expect((await put({ name_first: 'Hijacked' })).body).toEqual(refused);
  expect((await put({ force_sso_flag: true, security_group_id: b.securityGroupId })).body).toEqual(refused);
  expect(await membership(b.tenantId, u.userId)).toMatchObject({ force_sso_flag: false });
  // The membership itself is B's to manage.
  expect((await put({ is_tenant_admin: false, security_group_id: b.securityGroupId })).body).toMatchObject({
    records_updated: 1,
    user: { is_tenant_admin: false },
  });
  // Even a force-SSO flag left on B's membership (older data) does not lock the user out of a password sign-in at home.
  await s.k.db.withSystem((trx) =>
    trx('tenant_users').where({ tenant_id: b.tenantId, user_id: u.userId }).update({ force_sso_flag: true }),
  );
  const signed = await signInThroughProvider(s.url, u.email, u.password);
  expect(
    (await apiCall(s.url, s.k.config.apiKey, signed.accessToken, 'GET', '/v3/manager/session')).body.tenant.tenantId,
  ).toBe(a.tenantId);
  // Row-level security agrees: in B's scope the user's global row cannot be updated.
  const n = await s.k.db.withTenant(b.tenantId, (trx) =>
    trx('users').where({ user_id: u.userId }).update({ name_first: 'ViaSql' }),
  );
  expect(n).toBe(0);
  expect(
    (await audits(b.tenantId, 'user_manager.update_refused')).some(
      (e: { target: string }) => e.target === `user:${u.userId}`,
    ),
  ).toBe(true);
});

test("deactivating B's membership refuses the user in B only: their sessions and tokens for A keep working", async () => {
  const u = await homeUser(a);
  await inviteAndAccept(u);
  const signed = await signInThroughProvider(s.url, u.email, u.password);
  const bToken = await s.k.identity.issueAccessToken(u.userId, { tenantId: b.tenantId });
  const asB = () => apiCall(s.url, s.k.config.apiKey, bToken, 'GET', '/v3/manager/session');
  expect((await asB()).body.tenant.tenantId).toBe(b.tenantId);

  const r = await b.api('POST', `${users(b)}/${u.userId}/deactivate`);
  expect(r.body).toMatchObject({ records_updated: 1, user: { is_active: false } });
  expect((await asB()).body.tenant).toBeNull(); // B's tokens: no tenant any more
  await new Promise((res) => setTimeout(res, 300)); // the session ending ran after commit, when it did
  const home = await apiCall(s.url, s.k.config.apiKey, signed.accessToken, 'GET', '/v3/manager/session');
  expect(home.body.tenant.tenantId).toBe(a.tenantId);
  const refreshed = await refresh(s.url, signed.refreshToken);
  expect(refreshed.status).toBe(200);
  expect(
    (await audits(b.tenantId, 'user_manager.deactivate')).some(
      (e: { target: string }) => e.target === `user:${u.userId}`,
    ),
  ).toBe(true);
});
