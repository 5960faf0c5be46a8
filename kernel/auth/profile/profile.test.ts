/**
 * /profile API (issue 15 A4): own names and phone with the exact validation messages (nothing changed on a
 * refusal), each user reaching only their own row, authenticator-app and SMS enrolment while signed in with
 * re-authentication first, removal refused while MFA is required; the tenant-wide "require MFA" setting
 * (tenant admins only, audited) enforced at the next sign-in through the real interaction endpoints.
 */
import { generate } from 'otplib';
import { PROFILE_TEXTS } from '../../../common/api/profile';
import { interactionCall, startAuthorization } from '../../../tests/helpers/auth';
import { startTestServer, type TestServer } from '../../../tests/helpers/server';
import { apiCall, makeTenant, TEST_PASSWORD, type TestTenant } from '../../../tests/helpers/tenants';
import { addTenantUser, createUser } from '../../tenancy/provision';
import { TENANT_SECURITY_AUDIT } from './tenant-security';

jest.setTimeout(240_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ jobs: false });
});
afterAll(async () => {
  await s?.stop();
});

const userRow = (userId: number) => s.k.db.withSystem((trx) => trx('users').where({ user_id: userId }).first());
const fieldsOf = (r: { body: any }) =>
  r.body?.error?.fields?.map((f: { path: string; message: string }) => [f.path, f.message]);
const lastSms = (to: string) =>
  s.k.db.withSystem(async (trx) => {
    const row = await trx('mail_outbox').where({ kind: 'sms', to_address: to }).orderBy('mail_id', 'desc').first();
    return /(\d{6})/.exec(row?.text_body ?? '')?.[1];
  });

/** A second user (no admin) in the tenant of `t`, with the test password. */
async function member(t: TestTenant): Promise<{ userId: number; email: string; api: TestTenant['api'] }> {
  const email = `member-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const hash = await s.k.identity.hashPassword(TEST_PASSWORD);
  const userId = await s.k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email,
      passwordHash: hash,
      firstName: 'Mo',
      lastName: 'Member',
      currentTenantId: t.tenantId,
    });
    await addTenantUser(trx, t.tenantId, { userId: id, securityGroupId: t.securityGroupId, tenantAdmin: false });
    return id;
  });
  const token = await s.k.identity.issueAccessToken(userId);
  return { userId, email, api: (m, p, b, h) => apiCall(s.url, s.k.config.apiKey, token, m, p, b, h) };
}

async function firstStep(email: string) {
  const a = await startAuthorization(s.url);
  return interactionCall(s.url, a.jar, a.uid, 'login', { email, password: TEST_PASSWORD });
}

test('profile: validation names the field and changes nothing; a save changes only the caller, is audited and shows in the session', async () => {
  const a = await makeTenant(s.k, s.url);
  const b = await makeTenant(s.k, s.url);
  const before = await userRow(a.userId);

  const bad = await a.api('PUT', '/v3/manager/profile', {
    firstName: '  ',
    lastName: 'x'.repeat(80),
    phoneNumber: '555-12',
  });
  expect(bad.status).toBe(400);
  expect(fieldsOf(bad)).toEqual([
    ['body.firstName', 'Required.'],
    ['body.lastName', PROFILE_TEXTS.nameTooLong],
    ['body.phoneNumber', PROFILE_TEXTS.phoneFormat],
  ]);
  const missing = await a.api('PUT', '/v3/manager/profile', {});
  expect(missing.status).toBe(400);
  expect(fieldsOf(missing).map((f: string[]) => f[0])).toEqual(['body.firstName', 'body.lastName', 'body.phoneNumber']);
  const after = await userRow(a.userId);
  expect([after.name_first, after.name_last, after.phone_number]).toEqual([
    before.name_first,
    before.name_last,
    before.phone_number,
  ]);

  const ok = await a.api('PUT', '/v3/manager/profile', {
    firstName: ' Ana ',
    lastName: "O'Neil",
    phoneNumber: '+1 (555) 123-4567',
  });
  expect(ok.status).toBe(200);
  expect(ok.body).toMatchObject({
    email: a.email,
    firstName: 'Ana',
    lastName: "O'Neil",
    phoneNumber: '+15551234567',
    phoneNumberVerified: false,
    mfaType: null,
    hasPassword: true,
  });
  const session = await a.api('GET', '/v3/manager/session');
  expect(session.body.user).toMatchObject({ firstName: 'Ana', lastName: "O'Neil", phoneNumber: '+15551234567' });

  // The other user is untouched and sees only their own profile.
  const other = await b.api('GET', '/v3/manager/profile');
  expect(other.body).toMatchObject({ email: b.email, firstName: 'Test', lastName: 'Admin', phoneNumber: null });
  const audit = await s.k.db.withSystem((trx) =>
    trx('audit_log').where({ action: 'profile.updated', actor_user_id: a.userId }).select('tenant_id', 'details'),
  );
  expect(audit).toEqual([{ tenant_id: a.tenantId, details: { fields: ['firstName', 'lastName', 'phoneNumber'] } }]);
  // Without a token: refused.
  expect((await apiCall(s.url, s.k.config.apiKey, null, 'GET', '/v3/manager/profile')).status).toBe(401);
});

test('authenticator app: proof first, the code of the shown secret enrols it; then it proves the removal', async () => {
  const a = await makeTenant(s.k, s.url);
  const noProof = await a.api('POST', '/v3/manager/profile/mfa/totp/start', {});
  expect(noProof.status).toBe(400);
  expect(fieldsOf(noProof)).toEqual([['body.password', PROFILE_TEXTS.proofMissing]]);
  const wrong = await a.api('POST', '/v3/manager/profile/mfa/totp/start', { password: 'Wrong#Pass1' });
  expect(fieldsOf(wrong)).toEqual([['body.password', PROFILE_TEXTS.wrongPassword]]);
  expect((await userRow(a.userId)).mfa_setup_secret).toBeNull();

  const start = await a.api('POST', '/v3/manager/profile/mfa/totp/start', { password: TEST_PASSWORD });
  expect(start.status).toBe(200);
  expect(start.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
  const secret = start.body.secretCode as string;
  const code = await generate({ secret });
  const bad = await a.api('POST', '/v3/manager/profile/mfa/totp/confirm', {
    code: code === '000000' ? '111111' : '000000',
  });
  expect(fieldsOf(bad)).toEqual([['body.code', PROFILE_TEXTS.wrongCode]]);
  expect(fieldsOf(await a.api('POST', '/v3/manager/profile/mfa/totp/confirm', { code: '12ab' }))).toEqual([
    ['body.code', PROFILE_TEXTS.codeFormat],
  ]);
  expect((await userRow(a.userId)).mfa_type).toBeNull();

  const ok = await a.api('POST', '/v3/manager/profile/mfa/totp/confirm', { code });
  expect(ok.status).toBe(200);
  expect(ok.body.mfaType).toBe('SOFTWARE_TOKEN_MFA');
  // The next sign-in asks for the app's code.
  expect((await firstStep(a.email)).body).toEqual({ challenge: 'SOFTWARE_TOKEN_MFA', username: a.email });

  // Removing: the code just used does not pass again (replay); the password does.
  const replay = await a.api('POST', '/v3/manager/profile/mfa/remove', { code });
  expect(fieldsOf(replay)).toEqual([['body.code', PROFILE_TEXTS.wrongCode]]);
  const removed = await a.api('POST', '/v3/manager/profile/mfa/remove', { password: TEST_PASSWORD });
  expect(removed.status).toBe(200);
  expect(removed.body.mfaType).toBeNull();
  const actions = await s.k.db.withSystem((trx) =>
    trx('audit_log')
      .where({ actor_user_id: a.userId })
      .whereIn('action', ['auth.mfa.enrolled', 'auth.mfa.reset', 'auth.profile.proof_failed'])
      .orderBy('audit_id')
      .pluck('action'),
  );
  expect(actions).toEqual([
    'auth.profile.proof_failed',
    'auth.mfa.enrolled',
    'auth.profile.proof_failed',
    'auth.mfa.reset',
  ]);
});

test('SMS: the number is verified by the texted code before it receives sign-in codes; it is then changed only there', async () => {
  const a = await makeTenant(s.k, s.url);
  const badPhone = await a.api('POST', '/v3/manager/profile/mfa/sms/start', {
    phoneNumber: '',
    password: TEST_PASSWORD,
  });
  expect(fieldsOf(badPhone)).toEqual([['body.phoneNumber', 'Required.']]);
  const start = await a.api('POST', '/v3/manager/profile/mfa/sms/start', {
    phoneNumber: '+44 7700 900123',
    password: TEST_PASSWORD,
  });
  expect(start).toEqual({ status: 200, body: { destination: '*********0123' } });
  const code = await lastSms('+447700900123');
  expect(code).toMatch(/^\d{6}$/);
  expect((await a.api('GET', '/v3/manager/profile')).body.pendingPhone).toBe('*********0123');
  const ok = await a.api('POST', '/v3/manager/profile/mfa/sms/confirm', { code });
  expect(ok.body).toMatchObject({
    mfaType: 'SMS_MFA',
    phoneNumber: '+447700900123',
    phoneNumberVerified: true,
    pendingPhone: null,
  });
  const change = await a.api('PUT', '/v3/manager/profile', {
    firstName: 'Test',
    lastName: 'Admin',
    phoneNumber: '+1 555 000 1111',
  });
  expect(fieldsOf(change)).toEqual([['body.phoneNumber', PROFILE_TEXTS.phoneIsFactor]]);
  // A code sent to the current number proves it is them.
  expect((await a.api('POST', '/v3/manager/profile/mfa/code', {})).body).toEqual({
    status: 'SENT',
    destination: '*********0123',
  });
  const proof = await lastSms('+447700900123');
  const totp = await a.api('POST', '/v3/manager/profile/mfa/totp/start', { code: proof });
  expect(totp.status).toBe(200);
});

test('require MFA: tenant admins only, audited; a user without a factor must enrol at the next sign-in and cannot remove it', async () => {
  const admin = await makeTenant(s.k, s.url);
  const m = await member(admin);
  expect((await m.api('PUT', `/v3/tenantadmin/${admin.tenantId}/security`, { requireMfa: true })).status).toBe(403);
  expect((await admin.api('PUT', `/v3/tenantadmin/${admin.tenantId}/security`, { requireMfa: 'yes' })).status).toBe(
    400,
  );
  expect((await firstStep(m.email)).body).toHaveProperty('redirectTo');

  const on = await admin.api('PUT', `/v3/tenantadmin/${admin.tenantId}/security`, { requireMfa: true });
  expect(on).toEqual({ status: 200, body: { requireMfa: true, users: 2, usersWithoutMfa: 2 } });
  const audit = await s.k.db.withSystem((trx) =>
    trx('audit_log')
      .where({ action: TENANT_SECURITY_AUDIT, tenant_id: admin.tenantId })
      .select('actor_user_id', 'details'),
  );
  expect(audit).toEqual([
    { actor_user_id: admin.userId, details: { requireMfa: true, before: false, usersWithoutMfa: 2 } },
  ]);

  const step = await firstStep(m.email);
  expect(step.body).toMatchObject({ challenge: 'MFA_SETUP', username: m.email });
  expect(step.body.secretCode).toBeTruthy();
  // Another tenant is not affected.
  const other = await makeTenant(s.k, s.url);
  expect((await firstStep(other.email)).body).toHaveProperty('redirectTo');

  // Enrolled from the profile: the factor cannot be removed while the tenant requires it.
  const start = await m.api('POST', '/v3/manager/profile/mfa/totp/start', { password: TEST_PASSWORD });
  await m.api('POST', '/v3/manager/profile/mfa/totp/confirm', {
    code: await generate({ secret: start.body.secretCode }),
  });
  expect((await m.api('GET', '/v3/manager/profile')).body).toMatchObject({
    mfaType: 'SOFTWARE_TOKEN_MFA',
    mfaRequired: true,
    mfaRequiredByTenant: true,
  });
  const remove = await m.api('POST', '/v3/manager/profile/mfa/remove', { password: TEST_PASSWORD });
  expect(remove.status).toBe(400);
  expect(remove.body.error.message).toBe(PROFILE_TEXTS.requiredByTenant);
  expect((await firstStep(m.email)).body).toEqual({ challenge: 'SOFTWARE_TOKEN_MFA', username: m.email });

  const off = await admin.api('PUT', `/v3/tenantadmin/${admin.tenantId}/security`, { requireMfa: false });
  expect(off.body).toEqual({ requireMfa: false, users: 2, usersWithoutMfa: 1 });
  expect((await firstStep(admin.email)).body).toHaveProperty('redirectTo');
});
