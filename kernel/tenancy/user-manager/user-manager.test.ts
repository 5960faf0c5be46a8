/**
 * The user manager on a real server: a tenant admin lists, adds (invitation
 * mailed with a registration link that works), updates, deactivates (the
 * home user's sessions end and their tokens are refused at once) and re-sends the
 * registration e-mail; ordinary users and other tenants are refused; the
 * userManager realtime function answers like the REST route.
 */
import { signInThroughProvider, refresh } from '../../../tests/helpers/auth';
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
const outbox = (to: string) =>
  s.k.db.withSystem((trx) =>
    trx('mail_outbox').where({ to_address: to }).orderBy('mail_id', 'desc').select('subject', 'text_body'),
  );
const tag = () => Math.random().toString(36).slice(2, 8);

async function member(t: TestTenant, opts: { admin?: boolean } = {}) {
  const email = `m-${tag()}@member.example.com`;
  const password = 'Member#2024x';
  const userId = await s.k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email,
      firstName: 'Mo',
      lastName: 'Member',
      currentTenantId: t.tenantId,
      passwordHash: await s.k.identity.hashPassword(password),
    });
    await addTenantUser(trx, t.tenantId, { userId: id, securityGroupId: t.securityGroupId, tenantAdmin: !!opts.admin });
    return id;
  });
  const token = await s.k.identity.issueAccessToken(userId);
  return {
    userId,
    email,
    password,
    token,
    api: (m: string, p: string, body?: unknown) => apiCall(s.url, s.k.config.apiKey, token, m, p, body),
  };
}

test("a tenant admin lists the tenant's users (users, user_count); REST and the userManager realtime function agree", async () => {
  const r = await a.api('GET', users(a));
  expect(r.status).toBe(200);
  expect(r.body.user_count).toBe(r.body.users.length);
  expect(r.body.users).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        user_id: a.userId,
        email: a.email,
        is_tenant_admin: true,
        is_active: true,
        security_group_id: a.securityGroupId,
        security_group_name: 'Administrators',
        registration_pending: false,
      }),
    ]),
  );
  const rt = await a.api('POST', `/v3/tenant/${a.tenantId}/apiinvoke/userManager`, { payload: { operation: 'list' } });
  expect(rt.status).toBe(200);
  expect(rt.body.data).toEqual(r.body);
  // Nobody sees another tenant's users.
  expect(r.body.users.some((u: { user_id: number }) => u.user_id === b.userId)).toBe(false);
});

test('insert: a new user is invited by mail with a registration link that lets them register; a duplicate answers errorMessage', async () => {
  const email = `New.User-${tag()}@invite.example.com`;
  const r = await a.api('POST', users(a), {
    email,
    name_first: 'Nia',
    name_last: 'New',
    security_group_id: a.securityGroupId,
    force_sso_flag: false,
  });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    records_updated: 1,
    user: {
      email,
      username: email.toLowerCase(),
      name: 'Nia New',
      is_tenant_admin: false,
      is_active: true,
      registration_pending: true,
      accept_timestamp: null,
    },
  });
  const [mail] = await outbox(email);
  expect(mail.subject).toBe('You are invited to Lifecycle');
  const key = /registrationKey=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];
  // The public registration-key lookup and sign-up accept it.
  const lookup = await apiCall(s.url, 'lci-public-key', null, 'POST', '/v3/manager/account/signup', {
    operation: 'userRegistration',
    payload: { registrationKey: key },
  });
  expect(lookup.status).toBe(200);
  expect(lookup.body[0]).toMatchObject({ email, name_first: 'Nia', name_last: 'New' });
  const reg = await apiCall(s.url, 'lci-public-key', null, 'POST', '/v3/manager/identity/signup/registered', {
    registrationKey: key,
    firstName: 'Nia',
    lastName: 'New',
    password: 'Register#Nia2024',
  });
  expect(reg).toEqual({ status: 200, body: { status: 'SUCCESS' } });
  const listed = (await a.api('GET', users(a))).body.users.find((u: { email: string }) => u.email === email);
  expect(listed.registration_pending).toBe(false);

  const dup = await a.api('POST', users(a), {
    email: email.toUpperCase(),
    name_first: 'Nia',
    name_last: 'New',
    security_group_id: a.securityGroupId,
  });
  expect(dup).toEqual({
    status: 200,
    body: { records_updated: 0, errorMessage: `User Email Already Exists: ${email.toUpperCase()}` },
  });
  // A group of another tenant is refused; the audit log has the insert.
  const foreign = await a.api('POST', users(a), {
    email: `x-${tag()}@invite.example.com`,
    name_first: 'X',
    name_last: 'Y',
    security_group_id: b.securityGroupId,
  });
  expect(foreign.body).toEqual({ records_updated: 0, errorMessage: 'Security group not found in this tenant.' });
  const audit = await s.k.db.withSystem((trx) =>
    trx('audit_log').where({ tenant_id: a.tenantId, action: 'user_manager.insert' }).select('details'),
  );
  expect(audit.some((e: { details: { email: string } }) => e.details.email === email.toLowerCase())).toBe(true);
});

test('insert validates its input (400 with fields)', async () => {
  const r = await a.api('POST', users(a), {
    email: 'not-an-email',
    name_first: '',
    name_last: 'x'.repeat(80),
    security_group_id: a.securityGroupId,
  });
  expect(r.status).toBe(400);
  expect(r.body.error.fields).toEqual(
    expect.arrayContaining([
      { path: 'body.email', message: 'Invalid e-mail.' },
      { path: 'body.name_first', message: 'Required.' },
      { path: 'body.name_last', message: 'Must be less than 80 characters' },
    ]),
  );
});

test('an existing identity of another tenant is invited, not added (no registration e-mail, no password change; see cross-tenant.test.ts)', async () => {
  const r = await a.api('POST', users(a), {
    email: b.email,
    name_first: 'Ignored',
    name_last: 'Names',
    security_group_id: a.securityGroupId,
  });
  expect(r.body).toMatchObject({ records_updated: 1, invitation: { email: b.email, status: 'invited' } });
  expect(r.body.user).toBeUndefined();
  const mails = await outbox(b.email);
  expect(mails.map((m: { subject: string }) => m.subject)).toEqual([
    expect.stringMatching(/^You are invited to join .+ on Lifecycle$/),
  ]);
  expect(mails[0].text_body).not.toContain('registrationKey');
  // Not a member of A until they accept: A can neither rename nor otherwise change them.
  const rename = await a.api('PUT', `${users(a)}/${b.userId}`, {
    name_first: 'Hijacked',
    security_group_id: a.securityGroupId,
  });
  expect(rename.status).toBe(404);
  const row = await s.k.db.withSystem((trx) => trx('users').where({ user_id: b.userId }).first('name_first'));
  expect(row.name_first).toBe('Test');
});

test('update: names, security group, tenant admin and force-SSO flags; the admin cannot lock themselves out', async () => {
  const m = await member(a);
  const r = await a.api('PUT', `${users(a)}/${m.userId}`, {
    name_first: 'Maya',
    name_last: 'Moved',
    is_tenant_admin: true,
    force_sso_flag: true,
  });
  expect(r.status).toBe(200);
  expect(r.body).toMatchObject({
    records_updated: 1,
    user: { name: 'Maya Moved', is_tenant_admin: true, force_sso_flag: true },
  });
  // The change reaches the user's next call (cached caller dropped).
  expect((await m.api('GET', '/v3/manager/session')).body.user.isTenantAdmin).toBe(true);
  expect((await a.api('PUT', `${users(a)}/${a.userId}`, { is_active: false })).body).toEqual({
    records_updated: 0,
    errorMessage: 'You cannot deactivate your own user.',
  });
  expect((await a.api('PUT', `${users(a)}/${a.userId}`, { is_tenant_admin: false })).body).toEqual({
    records_updated: 0,
    errorMessage: 'You cannot remove your own tenant admin rights.',
  });
  expect((await a.api('PUT', `${users(a)}/${m.userId}`, {})).status).toBe(400);
  expect((await a.api('PUT', `${users(a)}/${b.userId}9`, { name_first: 'Z' })).status).toBe(404);
  // B's admin cannot touch A's user through its own tenant either (row-level security).
  expect((await b.api('PUT', `${users(b)}/${m.userId}`, { name_first: 'Hacked' })).status).toBe(404);
  expect((await b.api('PUT', `${users(a)}/${m.userId}`, { name_first: 'Hacked' })).status).toBe(403);
});

test('ordinary users are refused (403) on every user manager route and the realtime function', async () => {
  const m = await member(a);
  expect((await m.api('GET', users(a))).status).toBe(403);
  expect(
    (
      await m.api('POST', users(a), {
        email: `z-${tag()}@x.example.com`,
        name_first: 'Z',
        name_last: 'Z',
        security_group_id: a.securityGroupId,
      })
    ).status,
  ).toBe(403);
  expect((await m.api('POST', `${users(a)}/${a.userId}/deactivate`)).status).toBe(403);
  expect((await m.api('POST', `/v3/tenant/${a.tenantId}/apiinvoke/userManager`, { payload: {} })).status).toBe(403);
});

test("deactivate ends the user's sessions at once: their access token and refresh token are refused", async () => {
  const m = await member(a);
  const signed = await signInThroughProvider(s.url, m.email, m.password);
  const call = () => apiCall(s.url, s.k.config.apiKey, signed.accessToken, 'GET', '/v3/manager/session');
  expect((await call()).status).toBe(200); // the caller is now cached
  const r = await a.api('POST', `${users(a)}/${m.userId}/deactivate`);
  expect(r.body).toMatchObject({ records_updated: 1, user: { is_active: false } });
  const after = await call();
  expect(after.status).toBe(200);
  expect(after.body.tenant).toBeNull(); // no active membership: no tenant
  expect(
    (
      await apiCall(
        s.url,
        s.k.config.apiKey,
        signed.accessToken,
        'GET',
        `/v3/tenant/${a.tenantId}/tenantuser/${m.userId}`,
      )
    ).status,
  ).toBe(403);
  // The refresh token ended with the session (after commit: give it a moment).
  let refreshed = await refresh(s.url, signed.refreshToken);
  for (let i = 0; i < 20 && refreshed.status === 200; i++) {
    await new Promise((res) => setTimeout(res, 100));
    refreshed = await refresh(s.url, signed.refreshToken);
  }
  expect(refreshed.status).toBe(400);
  expect(refreshed.body.error).toBe('invalid_grant');
  const audit = await s.k.db.withSystem((trx) =>
    trx('audit_log')
      .where({ tenant_id: a.tenantId, action: 'user_manager.deactivate', target: `user:${m.userId}` })
      .first(),
  );
  expect(audit).toBeTruthy();
});

test('resend registration e-mail: a new link for an invited user (status SENT); 409 once registered', async () => {
  const email = `resend-${tag()}@invite.example.com`;
  const r = await a.api('POST', users(a), {
    email,
    name_first: 'Re',
    name_last: 'Send',
    security_group_id: a.securityGroupId,
  });
  const userId = r.body.user.user_id;
  const again = await a.api('POST', `${users(a)}/${userId}/registrationemail`);
  expect(again).toEqual({ status: 200, body: { status: 'SENT' } });
  const mails = await outbox(email);
  expect(mails).toHaveLength(2);
  const [newest, oldest] = mails.map(
    (m: { text_body: string }) => /registrationKey=([A-Za-z0-9_-]{43})/.exec(m.text_body)![1],
  );
  // The first link stopped working; the new one works.
  const lookup = (key: string) =>
    apiCall(s.url, 'lci-public-key', null, 'POST', '/v3/manager/account/signup', {
      operation: 'userRegistration',
      payload: { registrationKey: key },
    });
  expect((await lookup(oldest)).status).toBe(404);
  expect((await lookup(newest)).status).toBe(200);
  const done = await a.api('POST', `${users(a)}/${a.userId}/registrationemail`);
  expect(done.status).toBe(409);
  expect(done.body.error.message).toBe('This user has already completed registration.');
});
