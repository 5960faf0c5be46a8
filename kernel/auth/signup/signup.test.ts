/**
 * Sign-up confirmation and registration key, on a real server and database:
 * the unconfirmed user's sign-in ends with UserNotConfirmedException; resend
 * mails a code only to an existing unconfirmed user but answers the same for
 * anyone; confirm takes the code from the outbox (wrong, unknown, expired and
 * reused codes refused with the exact texts; throttled); a registration key
 * looks up the invitation and completes the account, once.
 */
import { startTestServer, type TestServer } from '../../../tests/helpers/server';
import { apiCall, makeTenant, type TestTenant } from '../../../tests/helpers/tenants';
import { CookieJar, interactionCall, signInThroughProvider, startAuthorization } from '../../../tests/helpers/auth';
import { addTenantUser, createUser } from '../../tenancy/provision';
import { issueRegistrationKey } from '../../tenancy/registration-keys';

let s: TestServer;
let t: TestTenant;
const PUBLIC_KEY = 'lci-public-key';
const PASSWORD = 'Signup#Lifecycle1';

beforeAll(async () => {
  s = await startTestServer({ jobs: false });
  t = await makeTenant(s.k, s.url);
});
afterAll(async () => {
  await s?.stop();
});

const post = (path: string, body: unknown) => apiCall(s.url, PUBLIC_KEY, null, 'POST', path, body);
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}@${tag}.example.com`;

async function newUser(opts: {
  confirmed: boolean;
  password?: string | null;
  firstName?: string;
}): Promise<{ userId: number; email: string }> {
  const email = uniqueEmail(opts.confirmed ? 'confirmed' : 'pending');
  const passwordHash = opts.password === null ? null : await s.k.identity.hashPassword(opts.password ?? PASSWORD);
  const userId = await s.k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email,
      passwordHash,
      confirmed: opts.confirmed,
      firstName: opts.firstName ?? '',
      currentTenantId: t.tenantId,
    });
    await addTenantUser(trx, t.tenantId, { userId: id, securityGroupId: t.securityGroupId });
    return id;
  });
  return { userId, email };
}

async function mailsTo(email: string): Promise<{ subject: string; text_body: string }[]> {
  await (s.k.identity as unknown as { deliveries: { drain(): Promise<void> } }).deliveries.drain(); // codes are mailed after the answer
  return s.k.db.withSystem((trx) =>
    trx('mail_outbox').where({ to_address: email }).orderBy('mail_id', 'desc').select('subject', 'text_body'),
  );
}
async function latestCode(email: string): Promise<string> {
  const [m] = await mailsTo(email);
  const code = /code is (\d{6})/.exec(m?.text_body ?? '')?.[1];
  if (!code) throw new Error(`no confirmation code mailed to ${email}`);
  return code;
}
async function auditActions(target: string): Promise<string[]> {
  return (
    await s.k.db.withSystem((trx) => trx('audit_log').where({ target }).orderBy('audit_id').select('action'))
  ).map((r: { action: string }) => r.action);
}
const confirmedFlag = async (userId: number) =>
  !!(await s.k.db.withSystem((trx) => trx('users').where({ user_id: userId }).first('confirmed_flag'))).confirmed_flag;

describe('sign-up confirmation', () => {
  test("an unconfirmed user's sign-in ends with UserNotConfirmedException; confirming with the mailed code lets them in", async () => {
    const u = await newUser({ confirmed: false });
    const a = await startAuthorization(s.url, { jar: new CookieJar() });
    const login = await interactionCall(s.url, a.jar, a.uid, 'login', { email: u.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ challenge: 'UserNotConfirmedException', username: u.email });

    expect(await post('/v3/manager/identity/signup/resend', { username: u.email.toUpperCase() })).toEqual({
      status: 200,
      body: { status: 'SENT' },
    });
    const mails = await mailsTo(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your Lifecycle confirmation code');
    const code = await latestCode(u.email);

    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post('/v3/manager/identity/signup/confirm', { username: u.email, code: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    expect(await confirmedFlag(u.userId)).toBe(false);

    expect(await post('/v3/manager/identity/signup/confirm', { username: u.email, code })).toEqual({
      status: 200,
      body: { status: 'SUCCESS' },
    });
    expect(await confirmedFlag(u.userId)).toBe(true);

    // Single use: the same code again is refused as expired.
    const again = await post('/v3/manager/identity/signup/confirm', { username: u.email, code });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('CodeMismatchException'); // a confirmed user answers like an unknown one

    const tokens = await signInThroughProvider(s.url, u.email, PASSWORD);
    expect(tokens.accessToken).toBeTruthy();
    expect(await auditActions(u.email.toLowerCase())).toEqual(
      expect.arrayContaining([
        'identity.signup.code_sent',
        'identity.signup.confirm_failed',
        'identity.signup.confirmed',
      ]),
    );
  });

  test('no open code answers ExpiredCodeException; a new code replaces the old one', async () => {
    const u = await newUser({ confirmed: false });
    const none = await post('/v3/manager/identity/signup/confirm', { username: u.email, code: '123456' });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({
      code: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });

    await post('/v3/manager/identity/signup/resend', { username: u.email });
    const first = await latestCode(u.email);
    await post('/v3/manager/identity/signup/resend', { username: u.email });
    const second = await latestCode(u.email);
    if (first !== second) {
      const old = await post('/v3/manager/identity/signup/confirm', { username: u.email, code: first });
      expect(old.body.error.code).toBe('CodeMismatchException');
    }
    expect((await post('/v3/manager/identity/signup/confirm', { username: u.email, code: second })).body).toEqual({
      status: 'SUCCESS',
    });
  });

  test('unknown and confirmed users: resend answers SENT and mails nothing; confirm answers like a wrong code', async () => {
    const unknown = uniqueEmail('nobody');
    const confirmed = await newUser({ confirmed: true });
    for (const email of [unknown, confirmed.email]) {
      expect(await post('/v3/manager/identity/signup/resend', { username: email })).toEqual({
        status: 200,
        body: { status: 'SENT' },
      });
      expect(await mailsTo(email)).toHaveLength(0);
      const r = await post('/v3/manager/identity/signup/confirm', { username: email, code: '123456' });
      expect(r).toEqual({
        status: 400,
        body: {
          error: {
            status: 400,
            code: 'CodeMismatchException',
            message: 'Invalid verification code provided, please try again.',
          },
        },
      });
    }
  });

  test('validation: username and code are required', async () => {
    const r = await post('/v3/manager/identity/signup/confirm', {});
    expect(r.status).toBe(400);
    expect(r.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['body.code', 'body.username']);
    expect(
      (await apiCall(s.url, '', null, 'POST', '/v3/manager/identity/signup/resend', { username: 'a@b.example' }))
        .status,
    ).toBe(401);
  });

  test('wrong codes are throttled per e-mail (429 after 10)', async () => {
    const email = uniqueEmail('throttled');
    for (let i = 0; i < 10; i++)
      expect((await post('/v3/manager/identity/signup/confirm', { username: email, code: '000000' })).status).toBe(400);
    const r = await post('/v3/manager/identity/signup/confirm', { username: email, code: '000000' });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('LimitExceededException');
  });

  test('resend is throttled per e-mail (429 after 5), for known and unknown e-mails alike', async () => {
    const email = uniqueEmail('resend');
    for (let i = 0; i < 5; i++)
      expect((await post('/v3/manager/identity/signup/resend', { username: email })).status).toBe(200);
    expect((await post('/v3/manager/identity/signup/resend', { username: email })).status).toBe(429);
  });
});

describe('registration key', () => {
  test('lookup gives the invitation; completing it sets names and password, confirms, and the key works once', async () => {
    const u = await newUser({ confirmed: false, password: null });
    const key = await s.k.db.withTenant(t.tenantId, (trx) => issueRegistrationKey(trx, t.tenantId, u.userId));
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await s.k.db.withSystem((trx) =>
      trx('registration_keys').where({ user_id: u.userId }).first('key_hash'),
    );
    expect(stored.key_hash).not.toContain(key);

    const look = await post('/v3/manager/account/signup', {
      operation: 'userRegistration',
      payload: { registrationKey: key },
    });
    expect(look.status).toBe(200);
    const tenant = await s.k.db.withSystem((trx) =>
      trx('tenants').where({ tenant_id: t.tenantId }).first('name', 'region_code'),
    );
    expect(look.body).toEqual([
      {
        company: tenant.name,
        name_first: '',
        name_last: '',
        email: u.email,
        'multicast-regionCode': tenant.region_code,
      },
    ]);

    const invalid = await post('/v3/manager/identity/signup/registered', {
      registrationKey: key,
      firstName: ' ',
      lastName: 'x'.repeat(80),
      password: 'short',
    });
    expect(invalid.status).toBe(400);
    const byPath = Object.fromEntries(
      invalid.body.error.fields.map((f: { path: string; message: string }) => [f.path, f.message]),
    );
    expect(byPath['body.firstName']).toBe('Username is required');
    expect(byPath['body.lastName']).toBe('Username must be less than 80 characters');
    expect(byPath['body.password']).toMatch(/at least 8/);
    const tooLong = await post('/v3/manager/identity/signup/registered', {
      registrationKey: key,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: `Aa1!${'x'.repeat(77)}`,
    });
    expect(tooLong.body.error.fields[0].message).toMatch(/at most 80/);
    const noSpecial = await post('/v3/manager/identity/signup/registered', {
      registrationKey: key,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: 'Abcdefg1+-',
    });
    expect(noSpecial.body.error.fields[0].message).toMatch(/special character/);

    const done = await post('/v3/manager/identity/signup/registered', {
      registrationKey: key,
      firstName: ' Ada ',
      lastName: 'Lovelace',
      password: PASSWORD,
    });
    expect(done).toEqual({ status: 200, body: { status: 'SUCCESS' } });
    const row = await s.k.db.withSystem((trx) =>
      trx('users').where({ user_id: u.userId }).first('name_first', 'name_last', 'confirmed_flag', 'password_hash'),
    );
    expect(row).toMatchObject({ name_first: 'Ada', name_last: 'Lovelace', confirmed_flag: true });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await auditActions(u.email.toLowerCase())).toContain('identity.signup.registered');
    expect((await signInThroughProvider(s.url, u.email, PASSWORD)).accessToken).toBeTruthy();

    // Used up.
    const reuse = await post('/v3/manager/identity/signup/registered', {
      registrationKey: key,
      firstName: 'Eve',
      lastName: 'X',
      password: PASSWORD,
    });
    expect(reuse.status).toBe(404);
    expect(
      (await post('/v3/manager/account/signup', { operation: 'userRegistration', payload: { registrationKey: key } }))
        .status,
    ).toBe(404);
  });

  test('unknown, malformed and expired keys answer 404 with a clear message; a new key retires the old one', async () => {
    for (const registrationKey of ['nope', 'A'.repeat(43)]) {
      const r = await post('/v3/manager/account/signup', {
        operation: 'userRegistration',
        payload: { registrationKey },
      });
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe(
        'This registration link is not valid or has expired. Please ask your administrator for a new invitation.',
      );
    }
    const u = await newUser({ confirmed: false, password: null });
    const old = await s.k.db.withTenant(t.tenantId, (trx) =>
      issueRegistrationKey(trx, t.tenantId, u.userId, { now: Date.now() - 15 * 24 * 3_600_000 }),
    );
    expect(
      (await post('/v3/manager/account/signup', { operation: 'userRegistration', payload: { registrationKey: old } }))
        .status,
    ).toBe(404);
    const k1 = await s.k.db.withTenant(t.tenantId, (trx) => issueRegistrationKey(trx, t.tenantId, u.userId));
    const k2 = await s.k.db.withTenant(t.tenantId, (trx) => issueRegistrationKey(trx, t.tenantId, u.userId));
    expect(
      (await post('/v3/manager/account/signup', { operation: 'userRegistration', payload: { registrationKey: k1 } }))
        .status,
    ).toBe(404);
    expect(
      (await post('/v3/manager/account/signup', { operation: 'userRegistration', payload: { registrationKey: k2 } }))
        .status,
    ).toBe(200);
    expect((await post('/v3/manager/account/signup', { operation: 'unknownOperation', payload: {} })).status).toBe(400);
  });
});

test("without the billing plugin (the sign-up wizard) the path keeps its registration-key lookup; the wizard's operations and identity sign-up are not served", async () => {
  const bare = await startTestServer({ jobs: false, env: { LCI_PLUGINS_DISABLED: 'billing' } });
  try {
    const call = (path: string, body: unknown) => apiCall(bare.url, PUBLIC_KEY, null, 'POST', path, body);
    const lookup = await call('/v3/manager/account/signup', {
      operation: 'userRegistration',
      payload: { registrationKey: 'A'.repeat(43) },
    });
    expect(lookup.status).toBe(404);
    expect(lookup.body.error.message).toBe(
      'This registration link is not valid or has expired. Please ask your administrator for a new invitation.',
    );
    const wizard = await call('/v3/manager/account/signup', {
      operation: 'dupTenantCheck',
      payload: { emailDomain: 'example.com', companyName: 'Example' },
    });
    expect(wizard.status).toBe(400);
    expect(wizard.body.error.fields.map((f: { path: string }) => f.path)).toEqual(['body.operation']);
    expect((await call('/v3/manager/identity/signup', { username: 'a@example.com' })).status).toBe(404);
  } finally {
    await bare.stop();
  }
});
