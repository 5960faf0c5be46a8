/**
 * New passwords are checked against the common/breached list (issue 13 part 6)
 * in every flow that sets one: change, reset, the forced new password at
 * sign-in, and the registration-key form; the spec's rules are unchanged and
 * come first. (The sign-up wizard's password: plugins/billing/tests/signup-schemas.test.ts.)
 */
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant } from '../../tests/helpers/tenants';
import { interactionCall, startAuthorization } from '../../tests/helpers/auth';
import { MSG_COMMON_PASSWORD } from '../../common/texts';
import { isCommonPassword } from './common-passwords';
import { checkNewPassword } from './password-policy';
import { registrationPassword } from './signup/rules';

const COMMON = { status: 400, code: 'InvalidPasswordException', message: MSG_COMMON_PASSWORD, rule: 'common' };

test('common passwords and their dressed-up forms are refused; others pass', () => {
  for (const p of [
    'P@ssw0rd',
    'Password1!',
    'P@ssw0rd2024!',
    'Welcome1!',
    'Qwerty123!',
    'Summer2024!',
    'Letmein#1',
    '1qaz@WSX',
  ])
    expect([p, isCommonPassword(p)]).toEqual([p, true]);
  for (const p of ['Lifecycle#2024', 'Wrong#Password1', 'Tr0ub4dor&3', 'Correct#Horse9', 'Demo#Lifecycle2024'])
    expect([p, isCommonPassword(p)]).toEqual([p, false]);
  // The spec's rules first, with their own messages; then the list.
  expect(checkNewPassword('password')?.rule).toBe('number');
  expect(checkNewPassword('Password1!')).toEqual(COMMON);
  expect(checkNewPassword('Lifecycle#2024')).toBeNull();
});

test('the registration-key form refuses a common password with the same message', () => {
  const r = registrationPassword.safeParse('Welcome2024!');
  expect(r.success).toBe(false);
  expect(r.error!.issues.map((i) => i.message)).toEqual([MSG_COMMON_PASSWORD]);
  expect(registrationPassword.safeParse('Lifecycle#2024').success).toBe(true);
});

describe('on a server', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ jobs: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  test('change, reset and the forced new password refuse a common password', async () => {
    const u = await makeTenant(s.k, s.url);
    const token = await s.k.identity.issueAccessToken(u.userId);
    const change = await apiCall(s.url, s.k.config.apiKey, token, 'POST', '/v3/manager/identity/password/change', {
      oldPassword: u.password,
      newPassword: 'Password123!',
    });
    expect(change).toEqual({ status: 400, body: { error: COMMON } });

    const codes = (s.k.identity as unknown as { codes: { issue(db: unknown, id: number, p: string): Promise<string> } })
      .codes;
    const code = await s.k.db.withSystem((trx) => codes.issue(trx, u.userId, 'password_reset'));
    const reset = (password: string) =>
      apiCall(s.url, 'lci-public-key', null, 'POST', '/v3/manager/identity/password/confirm', {
        username: u.email,
        code,
        password,
      });
    expect(await reset('Summer2024!')).toEqual({ status: 400, body: { error: COMMON } });
    // Refused before the code is used: the same code then sets a good password.
    expect((await reset('Lifecycle#Reset9')).status).toBe(200);

    await s.k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).update({ force_new_password: true }));
    const a = await startAuthorization(s.url);
    expect(
      (await interactionCall(s.url, a.jar, a.uid, 'login', { email: u.email, password: 'Lifecycle#Reset9' })).body
        .challenge,
    ).toBe('NEW_PASSWORD_REQUIRED');
    const forced = await interactionCall(s.url, a.jar, a.uid, 'challenge', {
      challenge: 'NEW_PASSWORD_REQUIRED',
      answer: { newPassword: 'Welcome1!' },
    });
    expect(forced.status).toBe(400);
    expect(forced.body.error).toMatchObject({ code: 'InvalidPasswordException', message: MSG_COMMON_PASSWORD });
  });
});
