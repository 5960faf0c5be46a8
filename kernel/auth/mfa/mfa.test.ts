/**
 * Multi-factor sign-in through the real interaction endpoints: authenticator
 * app (TOTP), SMS code (read from the outbox), authenticator set-up at sign-in
 * (MFA_SETUP), the exact refusals, replay of a TOTP code, five wrong answers,
 * the audit log, and the secret encrypted at rest.
 */
import { decodeJwt } from 'jose';
import { generate, generateSecret } from 'otplib';
import { startTestServer, type TestServer } from '../../../tests/helpers/server';
import { makeTenant } from '../../../tests/helpers/tenants';
import {
  exchangeCode,
  interactionCall,
  startAuthorization,
  type CookieJar,
  type PublicOidcConfig,
} from '../../../tests/helpers/auth';
import { SecretBox } from './secret-box';
import { MSG_CODE_MISMATCH } from '../../../common/texts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ jobs: false });
});
afterAll(async () => {
  await s?.stop();
});

const MISMATCH = {
  status: 400,
  body: { error: { status: 400, code: 'CodeMismatchException', message: MSG_CODE_MISMATCH } },
};
const EXPIRED = {
  status: 400,
  body: {
    error: {
      status: 400,
      code: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    },
  },
};
const now = () => Math.floor(Date.now() / 1000);

const setUser = (userId: number, values: Record<string, unknown>) =>
  s.k.db.withSystem((trx) => trx('users').where({ user_id: userId }).update(values));
const userRow = (userId: number) => s.k.db.withSystem((trx) => trx('users').where({ user_id: userId }).first());
const auditOf = (email: string) =>
  s.k.db.withSystem((trx) =>
    trx('audit_log')
      .where({ target: email })
      .orderBy('audit_id')
      .select('action', 'tenant_id', 'actor_user_id', 'details'),
  );

/** A new user with e-mail and password, and what the login step answered. */
async function login(email: string, password: string) {
  const a = await startAuthorization(s.url);
  const r = await interactionCall(s.url, a.jar, a.uid, 'login', { email, password });
  const answer = (challenge: string, body: Record<string, unknown>) =>
    interactionCall(s.url, a.jar, a.uid, 'challenge', { challenge, answer: body });
  return { ...a, first: r, answer };
}

/** Follows redirectTo to /authed and exchanges the code: the sign-in is really complete. */
async function complete(a: { jar: CookieJar; config: PublicOidcConfig; verifier: string }, redirectTo: string) {
  let next = redirectTo;
  for (let hop = 0; hop < 10 && !next.startsWith(a.config.redirectUri); hop++) {
    const res = await a.jar.fetch(next, { headers: { accept: 'text/html' } });
    next = new URL(res.headers.get('location')!, next).toString();
  }
  const code = new URL(next).searchParams.get('code');
  expect(code).toBeTruthy();
  const t = await exchangeCode(s.url, { code: code!, config: a.config }, a.verifier);
  expect(t.status).toBe(200);
  return t.body as { access_token: string };
}

async function totpUser(secret: string) {
  const u = await makeTenant(s.k, s.url);
  await setUser(u.userId, {
    mfa_type: 'SOFTWARE_TOKEN_MFA',
    mfa_secret: new SecretBox(s.k.config.secret).seal(secret),
  });
  return u;
}

test('SOFTWARE_TOKEN_MFA: a wrong code answers the exact refusal, the right one completes the sign-in', async () => {
  const secret = generateSecret();
  const u = await totpUser(secret);
  const a = await login(u.email, u.password);
  expect(a.first).toEqual({ status: 200, body: { challenge: 'SOFTWARE_TOKEN_MFA', username: u.email } });

  const right = await generate({ secret });
  const wrong = right === '123456' ? '654321' : '123456';
  expect(await a.answer('SOFTWARE_TOKEN_MFA', { code: wrong })).toEqual(MISMATCH);
  expect(await a.answer('SOFTWARE_TOKEN_MFA', { code: 'abc' })).toEqual(MISMATCH);
  // Another challenge than the pending one is refused.
  expect((await a.answer('SMS_MFA', { code: right })).body.error.code).toBe('InvalidParameterException');

  const ok = await a.answer('SOFTWARE_TOKEN_MFA', { code: right });
  expect(ok.status).toBe(200);
  const tokens = await complete(a, ok.body.redirectTo);
  expect(decodeJwt(tokens.access_token).sub).toBe(String(u.userId));

  const audit = await auditOf(u.email);
  expect(audit.filter((e) => e.action === 'auth.mfa.failed')).toHaveLength(2);
  expect(audit.find((e) => e.action === 'auth.mfa.passed')).toMatchObject({
    tenant_id: 0,
    actor_user_id: u.userId,
    details: { challenge: 'SOFTWARE_TOKEN_MFA' },
  });
});

test("SOFTWARE_TOKEN_MFA: a code is not accepted twice; the next step's code (window +1) is", async () => {
  const secret = generateSecret();
  const u = await totpUser(secret);
  const code = await generate({ secret });
  const first = await login(u.email, u.password);
  expect((await first.answer('SOFTWARE_TOKEN_MFA', { code })).body.redirectTo).toBeTruthy();

  const second = await login(u.email, u.password);
  expect(await second.answer('SOFTWARE_TOKEN_MFA', { code })).toEqual(MISMATCH);
  // A code two steps away is outside the window.
  expect(await second.answer('SOFTWARE_TOKEN_MFA', { code: await generate({ secret, epoch: now() + 90 }) })).toEqual(
    MISMATCH,
  );
  const next = await generate({ secret, epoch: now() + 30 });
  expect((await second.answer('SOFTWARE_TOKEN_MFA', { code: next })).body.redirectTo).toBeTruthy();
});

test('five wrong answers end the sign-in', async () => {
  const secret = generateSecret();
  const u = await totpUser(secret);
  const a = await login(u.email, u.password);
  const right = await generate({ secret });
  const wrong = right === '000000' ? '111111' : '000000';
  for (let i = 0; i < 4; i++) expect(await a.answer('SOFTWARE_TOKEN_MFA', { code: wrong })).toEqual(MISMATCH);
  const last = await a.answer('SOFTWARE_TOKEN_MFA', { code: wrong });
  expect(last.status).toBe(401);
  expect(last.body.error.code).toBe('NotAuthorizedException');
  expect((await a.answer('SOFTWARE_TOKEN_MFA', { code: right })).body.error.code).toBe('InvalidParameterException');
});

test('SMS_MFA: the code is sent through the outbox when asked; wrong, right and expired codes', async () => {
  const u = await makeTenant(s.k, s.url);
  const phone = `+1555${String(u.userId).padStart(7, '0')}`;
  await setUser(u.userId, { mfa_type: 'SMS_MFA', phone_number: phone });
  const smsTo = () =>
    s.k.db.withSystem((trx) =>
      trx('mail_outbox').where({ to_address: phone, kind: 'sms' }).orderBy('mail_id', 'desc').select(),
    );

  const a = await login(u.email, u.password);
  expect(a.first).toEqual({
    status: 200,
    body: { challenge: 'SMS_MFA', username: u.email, destination: `********${phone.slice(-4)}` },
  });
  const sent = await smsTo();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ kind: 'sms', status: 'kept' });
  const code = /(\d{6})/.exec(sent[0].text_body)![1];
  expect(sent[0].text_body).toBe(`Your Lifecycle verification code is ${code}`);

  expect(await a.answer('SMS_MFA', { code: code === '999999' ? '999998' : '999999' })).toEqual(MISMATCH);
  const ok = await a.answer('SMS_MFA', { code });
  expect(ok.status).toBe(200);
  expect(decodeJwt((await complete(a, ok.body.redirectTo)).access_token).sub).toBe(String(u.userId));

  // A code past its 10 minutes.
  const b = await login(u.email, u.password);
  expect(await smsTo()).toHaveLength(2);
  const late = /(\d{6})/.exec((await smsTo())[0].text_body)![1];
  await s.k.db.withSystem((trx) =>
    trx('verification_codes')
      .where({ user_id: u.userId, purpose: 'sms_mfa' })
      .whereNull('used_at')
      .update({ expires_at: new Date(Date.now() - 1000) }),
  );
  expect(await b.answer('SMS_MFA', { code: late })).toEqual(EXPIRED);

  const actions = (await auditOf(u.email)).map((e) => e.action);
  expect(actions).toEqual(expect.arrayContaining(['auth.mfa.code-sent', 'auth.mfa.failed', 'auth.mfa.passed']));
});

test('MFA_SETUP: the user enrols an authenticator app at sign-in; the secret stays server-side and encrypted', async () => {
  const u = await makeTenant(s.k, s.url);
  await setUser(u.userId, { mfa_required: true });
  const a = await login(u.email, u.password);
  expect(a.first.status).toBe(200);
  const { challenge, username, secretCode, otpauthUri, qrCodeDataUrl } = a.first.body;
  expect({ challenge, username }).toEqual({ challenge: 'MFA_SETUP', username: u.email });
  expect(secretCode).toMatch(/^[A-Z2-7]{32}$/);
  expect(otpauthUri).toBe(
    `otpauth://totp/Lifecycle:${encodeURIComponent(u.email)}?secret=${secretCode}&issuer=Lifecycle`,
  );
  expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
  const pending = await userRow(u.userId);
  expect(pending.mfa_setup_secret).toBeTruthy();
  expect(pending.mfa_setup_secret).not.toContain(secretCode);
  expect(pending.mfa_type).toBeNull();

  // A code from a secret of the browser's choosing does not enrol it.
  expect(
    await a.answer('MFA_SETUP', { code: await generate({ secret: generateSecret() }), secretCode: generateSecret() }),
  ).toEqual(MISMATCH);
  const code = await generate({ secret: secretCode });
  const ok = await a.answer('MFA_SETUP', { code });
  expect(ok.status).toBe(200);
  expect(decodeJwt((await complete(a, ok.body.redirectTo)).access_token).sub).toBe(String(u.userId));

  const enrolled = await userRow(u.userId);
  expect(enrolled).toMatchObject({ mfa_type: 'SOFTWARE_TOKEN_MFA', mfa_setup_secret: null });
  expect(enrolled.mfa_secret).not.toContain(secretCode);
  expect(new SecretBox(s.k.config.secret).open(enrolled.mfa_secret)).toBe(secretCode);
  expect(new SecretBox('another-secret-of-at-least-32-characters').open(enrolled.mfa_secret)).toBeNull();

  // Next sign-in: the authenticator code, not the enrolment's code again.
  const b = await login(u.email, u.password);
  expect(b.first.body).toEqual({ challenge: 'SOFTWARE_TOKEN_MFA', username: u.email });
  expect(await b.answer('SOFTWARE_TOKEN_MFA', { code })).toEqual(MISMATCH);
  expect(
    (await b.answer('SOFTWARE_TOKEN_MFA', { code: await generate({ secret: secretCode, epoch: now() + 30 }) })).body
      .redirectTo,
  ).toBeTruthy();
  expect((await auditOf(u.email)).map((e) => e.action)).toEqual(
    expect.arrayContaining(['auth.mfa.enrolled', 'auth.mfa.passed', 'auth.mfa.failed']),
  );
});
