/**
 * One-time-code guessing across sign-ins and code requests (issue 13 part 4):
 * each sign-in ends after five wrong answers, but wrong codes also count per
 * user in the database: 10 within 15 minutes lock the second step (and, apart,
 * the sign-up confirmation and the password-reset code) with a clear 429, even
 * for the right code; the lock and the unlock are audited.
 */
import { generate, generateSecret } from 'otplib';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant } from '../../tests/helpers/tenants';
import { interactionCall, startAuthorization } from '../../tests/helpers/auth';
import { CODE_LOCK_LIMIT, CodeLockout, MSG_CODES_LOCKED, unlockCodes } from './code-lockout';
import { SecretBox } from './mfa/secret-box';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ jobs: false });
});
afterAll(async () => {
  await s?.stop();
});

const LOCKED = { status: 429, code: 'LimitExceededException', message: MSG_CODES_LOCKED };
const setUser = (userId: number, values: Record<string, unknown>) =>
  s.k.db.withSystem((trx) => trx('users').where({ user_id: userId }).update(values));
const auditOf = (email: string, action: string) =>
  s.k.db.withSystem((trx) =>
    trx('audit_log').where({ target: email, action }).orderBy('audit_id').select('actor_user_id', 'details'),
  );

async function login(email: string, password: string) {
  const a = await startAuthorization(s.url);
  const first = await interactionCall(s.url, a.jar, a.uid, 'login', { email, password });
  const answer = (challenge: string, body: Record<string, unknown>) =>
    interactionCall(s.url, a.jar, a.uid, 'challenge', { challenge, answer: body });
  return { first, answer };
}

const wrongOf = (right: string) => String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');

test('the numbers: 10 wrong codes in 15 minutes', () => {
  const l = new CodeLockout();
  expect([CODE_LOCK_LIMIT, l.limit, l.windowMs]).toEqual([10, 10, 15 * 60_000]);
});

test('authenticator app: wrong codes count across sign-ins; the 10th locks the second step, even the right code is refused; unlock clears it', async () => {
  const secret = generateSecret();
  const u = await makeTenant(s.k, s.url);
  await setUser(u.userId, {
    mfa_type: 'SOFTWARE_TOKEN_MFA',
    mfa_secret: new SecretBox(s.k.config.secret).seal(secret),
  });
  const statuses: number[] = [];
  // Three sign-ins of four wrong codes each (under the five that end one sign-in).
  for (let i = 0; i < 3; i++) {
    const a = await login(u.email, u.password);
    expect(a.first.body.challenge).toBe('SOFTWARE_TOKEN_MFA');
    for (let j = 0; j < 4; j++)
      statuses.push((await a.answer('SOFTWARE_TOKEN_MFA', { code: wrongOf(await generate({ secret })) })).status);
  }
  expect(statuses.slice(0, 9)).toEqual(Array(9).fill(400));
  expect(statuses[9]).toBe(429);
  expect(statuses.slice(10)).toEqual([429, 429]);

  const a = await login(u.email, u.password);
  const refused = await a.answer('SOFTWARE_TOKEN_MFA', { code: await generate({ secret }) });
  expect(refused).toEqual({ status: 429, body: { error: LOCKED } });
  expect(await auditOf(u.email, 'auth.codes.locked')).toEqual([
    { actor_user_id: u.userId, details: expect.objectContaining({ kind: 'mfa', failures: 10 }) },
  ]);

  // `lci user unlock` (its database step): the right code passes again.
  expect(await s.k.db.withSystem((trx) => unlockCodes(trx, u.userId))).toBe(10);
  expect((await a.answer('SOFTWARE_TOKEN_MFA', { code: await generate({ secret }) })).status).toBe(200);
});

test('SMS codes count towards the same lock; no text message is sent while locked', async () => {
  const u = await makeTenant(s.k, s.url);
  await setUser(u.userId, { mfa_type: 'SMS_MFA', phone_number: '+15550001234' });
  const smsCount = async () =>
    Number(
      (await s.k.db.withSystem((trx) =>
        trx('mail_outbox').where({ kind: 'sms', to_address: '+15550001234' }).count({ n: '*' }).first(),
      ))!.n,
    );
  let last = { status: 0, body: null as any };
  for (let i = 0; i < 3; i++) {
    const a = await login(u.email, u.password);
    expect(a.first.body.challenge).toBe('SMS_MFA');
    for (let j = 0; j < 4 && last.status !== 429; j++)
      last = await a.answer('SMS_MFA', { code: String(100000 + i * 10 + j) });
  }
  expect(last).toEqual({ status: 429, body: { error: LOCKED } });
  const before = await smsCount();
  const a = await login(u.email, u.password);
  expect(a.first.body.challenge).toBe('SMS_MFA');
  expect(await smsCount()).toBe(before);
  expect((await a.answer('SMS_MFA', { code: '123456' })).body.error.message).toBe(MSG_CODES_LOCKED);
});

/** Wrong codes another server process on the same database recorded (its in-process throttles never saw them). */
const failedElsewhere = (userId: number, kind: string, n: number) =>
  s.k.db.withSystem((trx) => trx('code_failures').insert(Array.from({ length: n }, () => ({ user_id: userId, kind }))));

test('password-reset codes: wrong codes recorded by any process count; the 10th locks the reset, even the right code', async () => {
  const u = await makeTenant(s.k, s.url);
  const codes = (s.k.identity as unknown as { codes: { issue(db: unknown, id: number, p: string): Promise<string> } })
    .codes;
  const confirm = (code: string) =>
    apiCall(s.url, 'lci-public-key', null, 'POST', '/v3/manager/identity/password/confirm', {
      username: u.email,
      code,
      password: 'Fresh#Start2024x',
    });
  await failedElsewhere(u.userId, 'password_reset', 6);
  let right = '';
  const statuses: number[] = [];
  for (let round = 0; round < 2; round++) {
    right = await s.k.db.withSystem((trx) => codes.issue(trx, u.userId, 'password_reset'));
    for (let j = 0; j < 2; j++) statuses.push((await confirm(wrongOf(right))).status);
  }
  expect(statuses).toEqual([400, 400, 400, 429]);
  expect(await confirm(right)).toEqual({ status: 429, body: { error: LOCKED } });
  expect(await auditOf(u.email, 'auth.codes.locked')).toEqual([
    expect.objectContaining({ details: expect.objectContaining({ kind: 'password_reset', failures: 10 }) }),
  ]);
  // The second step of sign-in is another kind: not locked by reset guessing.
  expect(await new CodeLockout().locked(s.k.db.knex, u.userId, 'mfa')).toBe(false);
  await s.k.db.withSystem((trx) => unlockCodes(trx, u.userId));
  expect((await confirm(right)).status).toBe(200);
});

test('sign-up confirmation codes: wrong codes recorded by any process count; the 10th locks the confirmation', async () => {
  const u = await makeTenant(s.k, s.url);
  await setUser(u.userId, { confirmed_flag: false });
  const codes = (s.k.identity as unknown as { codes: { issue(db: unknown, id: number, p: string): Promise<string> } })
    .codes;
  const confirm = (code: string) =>
    apiCall(s.url, 'lci-public-key', null, 'POST', '/v3/manager/identity/signup/confirm', { username: u.email, code });
  await failedElsewhere(u.userId, 'confirm_signup', 7);
  const right = await s.k.db.withSystem((trx) => codes.issue(trx, u.userId, 'confirm_signup'));
  const statuses: number[] = [];
  for (let j = 0; j < 3; j++) statuses.push((await confirm(wrongOf(right))).status);
  expect(statuses).toEqual([400, 400, 429]);
  expect(await confirm(right)).toEqual({ status: 429, body: { error: LOCKED } });
  await s.k.db.withSystem((trx) => unlockCodes(trx, u.userId));
  expect((await confirm(right)).status).toBe(200);
});
