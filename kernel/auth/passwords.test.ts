/**
 * Password reset, change and the forced new password on a real server and
 * database: codes are read from the mail outbox, sign-in goes through the
 * provider, sessions and refresh tokens end after a reset or change.
 */
import path from 'node:path';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant } from '../../tests/helpers/tenants';
import {
  authorize,
  exchangeCode,
  interactionCall,
  refresh,
  signInThroughProvider,
  startAuthorization,
  SignInError,
} from '../../tests/helpers/auth';

let s: TestServer;
const PUBLIC_KEY = 'lci-public-key';
const NEW_PASSWORD = 'Brand#New2025';

beforeAll(async () => {
  s = await startTestServer({ pluginDirs: [path.join(__dirname, 'test-fixtures')], jobs: false });
});
afterAll(async () => {
  await s?.stop();
});

const pub = (p: string, body: unknown) =>
  apiCall(s.url, PUBLIC_KEY, null, 'POST', `/v3/manager/identity/password/${p}`, body);
const forgot = (username: string) => pub('forgot', { username });
const confirm = (username: string, code: string, password: string) => pub('confirm', { username, code, password });
const change = (token: string | null, body: unknown, headers: Record<string, string> = {}, key = s.k.config.apiKey) =>
  apiCall(s.url, key, token, 'POST', '/v3/manager/identity/password/change', body, headers);

async function outbox(to: string) {
  await (s.k.identity as unknown as { deliveries: { drain(): Promise<void> } }).deliveries.drain(); // codes are mailed after the answer
  return s.k.db.withSystem((trx) => trx('mail_outbox').where({ to_address: to }).orderBy('mail_id', 'desc').select());
}
async function lastCode(to: string): Promise<string> {
  const [mail] = await outbox(to);
  const m = /code is (\d{6})/.exec(mail?.text_body ?? '');
  if (!m) throw new Error(`no reset code mailed to ${to}`);
  return m[1];
}
async function canSignIn(email: string, password: string): Promise<boolean> {
  try {
    await signInThroughProvider(s.url, email, password);
    return true;
  } catch (e) {
    if (e instanceof SignInError) return false;
    throw e;
  }
}
async function audit(action: string, target: string) {
  return s.k.db.withSystem((trx) => trx('audit_log').where({ action, target }).select());
}

test('forgot -> code by mail -> confirm: the new password signs in, the old one fails, old sessions end', async () => {
  const u = await makeTenant(s.k, s.url);
  const before = await signInThroughProvider(s.url, u.email, u.password);

  expect(await forgot(u.email.toUpperCase())).toEqual({ status: 200, body: { status: 'SENT' } });
  const [mail] = await outbox(u.email);
  expect(mail.subject).toBe('Your Lifecycle password reset code');
  expect(mail.text_body).toMatch(/Your password reset code is \d{6}/);
  expect(mail.text_body).toContain('/confirmPasswordReset?username=');
  expect(mail.text_body).toContain('expires in 10 minutes');
  const code = await lastCode(u.email);
  const stored = await s.k.db.withSystem((trx) =>
    trx('verification_codes').where({ user_id: u.userId, purpose: 'password_reset' }).first(),
  );
  expect(stored.code_hash).not.toContain(code); // kept hashed

  expect(await confirm(u.email, code, NEW_PASSWORD)).toEqual({ status: 200, body: { status: 'SUCCESS' } });
  expect(await canSignIn(u.email, NEW_PASSWORD)).toBe(true);
  expect(await canSignIn(u.email, u.password)).toBe(false);
  // The session and refresh token from before the reset are gone.
  expect((await refresh(s.url, before.refreshToken)).body.error).toBe('invalid_grant');
  const hash = await s.k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).first('password_hash'));
  expect(hash.password_hash).toMatch(/^\$argon2id\$/);
  expect(await audit('identity.password.reset_code_sent', u.email)).toHaveLength(1);
  expect(await audit('identity.password.reset', u.email)).toHaveLength(1);
});

test('no enumeration: an unknown e-mail gets the same answers and no mail', async () => {
  const u = await makeTenant(s.k, s.url);
  const unknown = `nobody-${Date.now()}@nowhere.example.com`;
  const known = await forgot(u.email);
  expect(await forgot(unknown)).toEqual(known);
  expect(await outbox(unknown)).toHaveLength(0);
  // Confirm: an unknown user answers exactly as a wrong code for a known one.
  const wrongForKnown = await confirm(
    u.email,
    '000000' === (await lastCode(u.email)) ? '111111' : '000000',
    NEW_PASSWORD,
  );
  expect(wrongForKnown).toEqual({
    status: 400,
    body: {
      error: {
        status: 400,
        code: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      },
    },
  });
  expect(await confirm(unknown, '123456', NEW_PASSWORD)).toEqual(wrongForKnown);
  // Inactive users get no code either, with the same answer.
  const off = await makeTenant(s.k, s.url);
  await s.k.db.withSystem((trx) => trx('users').where({ user_id: off.userId }).update({ active_flag: false }));
  expect(await forgot(off.email)).toEqual(known);
  expect(await outbox(off.email)).toHaveLength(0);
});

test('codes are single use, expire, and a weak password names the rule without using the code', async () => {
  const u = await makeTenant(s.k, s.url);
  // No code ever sent: expired.
  expect((await confirm(u.email, '123456', NEW_PASSWORD)).body.error).toEqual({
    status: 400,
    code: 'ExpiredCodeException',
    message: 'Invalid code provided, please request a code again.',
  });

  await forgot(u.email);
  let code = await lastCode(u.email);
  const weak = await confirm(u.email, code, 'Abcdefg1+');
  expect(weak.status).toBe(400);
  expect(weak.body.error).toMatchObject({ code: 'InvalidPasswordException', rule: 'special' });
  expect(weak.body.error.message).toMatch(/^Password must have a special character/);
  expect((await confirm(u.email, code, 'short')).body.error.message).toBe('Password must have at least 8 characters.');
  expect((await confirm(u.email, code, NEW_PASSWORD)).status).toBe(200); // the weak tries did not use it
  expect((await confirm(u.email, code, 'Another#Pass1')).body.error.code).toBe('ExpiredCodeException'); // used

  // A new code replaces the old; an expired one is refused.
  await forgot(u.email);
  const first = await lastCode(u.email);
  await forgot(u.email);
  code = await lastCode(u.email);
  if (first !== code)
    expect((await confirm(u.email, first, 'Another#Pass1')).body.error.code).toBe('CodeMismatchException');
  await s.k.db.withSystem((trx) =>
    trx('verification_codes')
      .where({ user_id: u.userId, purpose: 'password_reset' })
      .whereNull('used_at')
      .update({ expires_at: new Date(Date.now() - 1000) }),
  );
  expect((await confirm(u.email, code, 'Another#Pass1')).body.error.code).toBe('ExpiredCodeException');
  expect(await canSignIn(u.email, NEW_PASSWORD)).toBe(true);
  expect((await audit('identity.password.reset_failed', u.email)).length).toBeGreaterThanOrEqual(2);
});

test('a reset lifts the sign-in lockout; forgot is throttled per e-mail', async () => {
  const u = await makeTenant(s.k, s.url);
  const { uid, jar } = await startAuthorization(s.url);
  for (let i = 0; i < 10; i++)
    await interactionCall(s.url, jar, uid, 'login', { email: u.email, password: `wrong-${i}` });
  expect((await interactionCall(s.url, jar, uid, 'login', { email: u.email, password: u.password })).status).toBe(429);
  await forgot(u.email);
  expect((await confirm(u.email, await lastCode(u.email), NEW_PASSWORD)).status).toBe(200);
  expect(await canSignIn(u.email, NEW_PASSWORD)).toBe(true);

  for (let i = 0; i < 4; i++) expect((await forgot(u.email)).status).toBe(200);
  const limited = await forgot(u.email);
  expect(limited.status).toBe(429);
  expect(limited.body.error.code).toBe('LimitExceededException');
});

test('forced new password: the challenge checks the rules, stores the password and completes the sign-in', async () => {
  const u = await makeTenant(s.k, s.url);
  const other = await signInThroughProvider(s.url, u.email, u.password);
  await s.k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).update({ force_new_password: true }));
  const { config, uid, jar, verifier, state } = await startAuthorization(s.url);
  expect((await interactionCall(s.url, jar, uid, 'login', { email: u.email, password: u.password })).body).toEqual({
    challenge: 'NEW_PASSWORD_REQUIRED',
    username: u.email,
  });

  const answer = (newPassword: unknown) =>
    interactionCall(s.url, jar, uid, 'challenge', { challenge: 'NEW_PASSWORD_REQUIRED', answer: { newPassword } });
  const weak = await answer('abcdefgh');
  expect(weak).toEqual({
    status: 400,
    body: { error: { status: 400, code: 'InvalidPasswordException', message: 'Password must have a number.' } },
  });
  expect((await answer(u.password)).body.error.message).toBe(
    'The new password must be different from the current password.',
  );
  const done = await answer(NEW_PASSWORD);
  expect(done.status).toBe(200);
  expect(done.body.redirectTo).toContain(`/oidc/auth/${uid}`);

  // Following redirectTo ends at /authed with a code that exchanges for tokens.
  let next = done.body.redirectTo as string;
  for (let i = 0; i < 5 && !next.startsWith(config.redirectUri); i++) {
    const res = await jar.fetch(next, { headers: { accept: 'text/html' } });
    next = new URL(res.headers.get('location')!, next).toString();
  }
  const authed = new URL(next);
  expect(authed.searchParams.get('state')).toBe(state);
  const tokens = await exchangeCode(s.url, { code: authed.searchParams.get('code')!, config }, verifier);
  expect(tokens.status).toBe(200);

  const row = await s.k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).first('force_new_password'));
  expect(row.force_new_password).toBe(false);
  expect((await refresh(s.url, other.refreshToken)).body.error).toBe('invalid_grant'); // the earlier session ended
  // Its access token is refused at once; the new sign-in's is good (issue 26 part 3).
  const sessionWith = (token: string) => apiCall(s.url, s.k.config.apiKey, token, 'GET', '/v3/manager/session');
  expect((await sessionWith(other.accessToken)).status).toBe(401);
  expect((await sessionWith(tokens.body.access_token)).status).toBe(200);
  expect(await canSignIn(u.email, u.password)).toBe(false);
  expect(await canSignIn(u.email, NEW_PASSWORD)).toBe(true); // no challenge any more
  expect(await audit('identity.password.changed', u.email)).toHaveLength(1);
});

test('change password: wrong current password, rules, then success ends the other sessions only', async () => {
  const u = await makeTenant(s.k, s.url);
  const mine = await signInThroughProvider(s.url, u.email, u.password);
  const elsewhere = await signInThroughProvider(s.url, u.email, u.password);
  const cookie = { cookie: mine.jar.header(`${s.url}/v3/manager/identity/password/change`) };
  expect(cookie.cookie).toContain('_lci_session=');

  expect((await change(null, { oldPassword: u.password, newPassword: NEW_PASSWORD })).status).toBe(401);
  expect(
    (await change(mine.accessToken, { oldPassword: u.password, newPassword: NEW_PASSWORD }, {}, PUBLIC_KEY)).status,
  ).toBe(401);
  expect((await change('not.a.token', { oldPassword: u.password, newPassword: NEW_PASSWORD })).status).toBe(401);
  const wrong = await change(mine.accessToken, { oldPassword: 'Wrong#Pass1', newPassword: NEW_PASSWORD }, cookie);
  expect(wrong).toEqual({
    status: 400,
    body: { error: { status: 400, code: 'NotAuthorizedException', message: 'Incorrect username or password.' } },
  });
  const weak = await change(mine.accessToken, { oldPassword: u.password, newPassword: 'ABCDEFG1!' }, cookie);
  expect(weak.body.error).toMatchObject({
    code: 'InvalidPasswordException',
    message: 'Password must have a lower case letter.',
    rule: 'lower',
  });

  expect(await change(mine.accessToken, { oldPassword: u.password, newPassword: NEW_PASSWORD }, cookie)).toEqual({
    status: 200,
    body: { status: 'SUCCESS' },
  });
  expect((await refresh(s.url, elsewhere.refreshToken)).body.error).toBe('invalid_grant');
  expect((await refresh(s.url, mine.refreshToken)).status).toBe(200); // this session stays
  expect(await canSignIn(u.email, u.password)).toBe(false);
  expect(await canSignIn(u.email, NEW_PASSWORD)).toBe(true);
  expect(await audit('identity.password.changed', u.email)).toHaveLength(1);
  expect(await audit('identity.password.change_failed', u.email)).toHaveLength(1);
});

test('the routes are listed in the OpenAPI document', async () => {
  const doc = (await apiCall(s.url, PUBLIC_KEY, null, 'GET', '/v3/openapi.json')).body;
  for (const p of ['forgot', 'confirm', 'change'])
    expect(doc.paths[`/v3/manager/identity/password/${p}`]?.post).toBeTruthy();
  // authorize() still works for users never forced (sanity of the shared helper).
  const u = await makeTenant(s.k, s.url);
  expect((await authorize(s.url, u.email, u.password)).code).toBeTruthy();
});
