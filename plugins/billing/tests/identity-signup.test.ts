/**
 * The identity sign-up (POST /v3/manager/identity/signup) on a real server and
 * database: the unconfirmed user with an argon2id hash and a mailed code; the
 * wizard's password and name rules (400 naming the fields, nothing created);
 * a retry of a sign-up in progress keeps one user and retires the earlier code;
 * a confirmed account or one that has a tenant cannot be taken over; the code
 * confirms the account and the password signs in; throttled per e-mail.
 */
import { addTenantUser, createSecurityGroup, createTenant, createUser } from '../../../kernel/index';
import { apiCall, signInThroughProvider, startTestServer, type TestServer } from '../../../tests/sdk';

let s: TestServer;
const PUBLIC_KEY = 'lci-public-key';
const PASSWORD = 'Wizard#Signup1';
let seq = 0;
let ipSeq = 0;

beforeAll(async () => {
  s = await startTestServer({ plugins: ['billing'], jobs: false, env: { LCI_TRUSTED_PROXIES: 'loopback' } });
}); // X-Forwarded-For picks the address
afterAll(async () => {
  await s?.stop();
});

/** Each test from its own client address (the per-address throttles are not what most tests are about). */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const post = (body: unknown, ip = freshIp()) =>
  apiCall(s.url, PUBLIC_KEY, null, 'POST', '/v3/manager/identity/signup', body, { 'x-forwarded-for': ip });
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}@Wizard-${tag}.example.com`;
const payload = (email: string, over: { password?: string; name?: string; company?: string; phone?: string } = {}) => ({
  username: email.toLowerCase(),
  password: over.password ?? PASSWORD,
  attributes: {
    name: over.name ?? 'Ada Lovelace',
    email,
    'custom:company_name': over.company ?? 'Analytical Engines',
    'custom:phone_0': over.phone ?? '+1 555 010 2030',
  },
});

const userRow = (email: string) =>
  s.k.db.withSystem((trx) => trx('users').where({ username: email.toLowerCase() }).first());
const userCount = async (email: string) =>
  Number(
    (await s.k.db.withSystem((trx) => trx('users').where({ username: email.toLowerCase() }).count({ n: '*' })))[0].n,
  );
async function mailsTo(email: string): Promise<{ subject: string; text_body: string }[]> {
  return s.k.db.withSystem((trx) =>
    trx('mail_outbox').where({ to_address: email }).orderBy('mail_id', 'desc').select('subject', 'text_body'),
  );
}
async function latestCode(email: string): Promise<string> {
  const [m] = await mailsTo(email);
  const code = /code is (\d{6})/.exec(m?.text_body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
const confirm = (email: string, code: string) =>
  apiCall(s.url, PUBLIC_KEY, null, 'POST', '/v3/manager/identity/signup/confirm', { username: email, code });
const auditActions = async (email: string) =>
  (
    await s.k.db.withSystem((trx) =>
      trx('audit_log').where({ target: email.toLowerCase() }).orderBy('audit_id').select('action'),
    )
  ).map((r: { action: string }) => r.action);

test('creates an unconfirmed user with an argon2id hash, names, company and phone, and mails a confirmation code', async () => {
  const email = uniqueEmail('new');
  const r = await post(payload(email));
  expect(r.status).toBe(200);
  expect(r.body).toEqual({
    status: 'SUCCESS',
    userConfirmed: false,
    codeDeliveryDetails: {
      deliveryMedium: 'EMAIL',
      attributeName: 'email',
      destination: expect.stringMatching(/^n\*\*\*@W\*\*\*\.com$/),
    },
  });
  const row = await userRow(email);
  expect(row).toMatchObject({
    username: email.toLowerCase(),
    email,
    name_first: 'Ada',
    name_last: 'Lovelace',
    company_name: 'Analytical Engines',
    phone_number: '+1 555 010 2030',
    confirmed_flag: false,
    current_tenant_id: null,
  });
  expect(row.password_hash).toMatch(/^\$argon2id\$/);
  expect(await s.k.identity.verifyPassword(row.password_hash, PASSWORD)).toBe(true);
  const mails = await mailsTo(email);
  expect(mails).toHaveLength(1);
  expect(mails[0].subject).toBe('Your Lifecycle confirmation code');
  expect(await auditActions(email)).toEqual(['identity.signup.created', 'identity.signup.code_sent']);
});

test('the code confirms the account and the password then signs in', async () => {
  const email = uniqueEmail('confirm');
  expect((await post(payload(email))).status).toBe(200);
  expect((await confirm(email, await latestCode(email))).body).toEqual({ status: 'SUCCESS' });
  expect((await userRow(email)).confirmed_flag).toBe(true);
  expect((await signInThroughProvider(s.url, email, PASSWORD)).accessToken).toBeTruthy();
});

describe('the wizard rules (400 naming the field, nothing created)', () => {
  const cases: [string, Record<string, string>, string, RegExp | string][] = [
    ['too short', { password: 'Ab1!xyz' }, 'body.password', 'Password must have at least 8 characters.'],
    [
      'too long (100)',
      { password: `Ab1!${'x'.repeat(96)}` },
      'body.password',
      'Password must have at most 99 characters.',
    ],
    ['no number', { password: 'Abcdefg!h' }, 'body.password', 'Password must have a number.'],
    ['no upper case', { password: 'abcdefg1!' }, 'body.password', 'Password must have an upper case letter.'],
    ['no lower case', { password: 'ABCDEFG1!' }, 'body.password', 'Password must have a lower case letter.'],
    [
      'plus and minus do not count as special',
      { password: 'Abcdefg1+-' },
      'body.password',
      /^Password must have a special character/,
    ],
    [
      'name with other characters',
      { name: 'Ada <Lovelace>' },
      'body.attributes.name',
      'Use letters, digits, hyphens and spaces only.',
    ],
    ['company missing', { company: '  ' }, 'body.attributes.custom:company_name', 'Required.'],
    ['phone with letters', { phone: 'call me' }, 'body.attributes.custom:phone_0', /phone number/],
  ];
  test.each(cases)('%s', async (_label, over, path, message) => {
    const email = uniqueEmail('rule');
    const r = await post(payload(email, over));
    expect(r.status).toBe(400);
    const field = r.body.error.fields.find((f: { path: string }) => f.path === path);
    expect(field).toBeDefined();
    if (typeof message === 'string') expect(field.message).toBe(message);
    else expect(field.message).toMatch(message);
    expect(await userCount(email)).toBe(0);
  });

  test('every listed special character counts; 99 characters is allowed', async () => {
    for (const special of ['^', '"', '\\', '`', '~', '|']) {
      const email = uniqueEmail('special');
      expect((await post(payload(email, { password: `Abcdefg1${special}` }))).status).toBe(200);
    }
    expect((await post(payload(uniqueEmail('long'), { password: `Ab1!${'x'.repeat(95)}` }))).status).toBe(200);
  });

  test('the username must be the lowercase e-mail of the attributes; e-mail pattern and length', async () => {
    const email = uniqueEmail('mismatch');
    const other = await post({ ...payload(email), username: 'someone-else@example.com' });
    expect(other.status).toBe(400);
    expect(other.body.error.fields.map((f: { path: string }) => f.path)).toContain('body.username');
    const bad = await post(payload('not-an-email'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.find((f: { path: string }) => f.path === 'body.attributes.email').message).toBe(
      'Invalid e-mail.',
    );
    const long = `${'a'.repeat(75)}@x.com`;
    expect(
      (await post(payload(long))).body.error.fields.find((f: { path: string }) => f.path === 'body.attributes.email')
        .message,
    ).toBe('Max 80 characters');
    expect(await userCount(email)).toBe(0);
  });
});

test('a retry of a sign-up in progress keeps the one user, takes the new password and retires the earlier code', async () => {
  const email = uniqueEmail('retry');
  expect((await post(payload(email))).status).toBe(200);
  const first = await userRow(email);
  const firstCode = await latestCode(email);
  const retry = await post(payload(email.toUpperCase(), { password: 'Another#Pass2', name: 'Ada King' }));
  expect(retry.status).toBe(200);
  expect(await userCount(email)).toBe(1);
  const second = await userRow(email);
  expect(second.user_id).toBe(first.user_id);
  expect(second.name_last).toBe('King');
  expect(await s.k.identity.verifyPassword(second.password_hash, 'Another#Pass2')).toBe(true);
  const secondCode = await latestCode(email);
  if (secondCode !== firstCode) expect((await confirm(email, firstCode)).body.error.code).toBe('CodeMismatchException');
  expect((await confirm(email, secondCode)).body).toEqual({ status: 'SUCCESS' });
  expect(await auditActions(email)).toContain('identity.signup.retried');
});

test('a confirmed account is refused (UsernameExistsException) and keeps its password', async () => {
  const email = uniqueEmail('taken');
  const hash = await s.k.identity.hashPassword('Owner#Pass1');
  await s.k.db.withSystem((trx) => createUser(trx, { email, passwordHash: hash, confirmed: true }));
  for (const password of ['Attacker#Pass1', 'Owner#Pass1']) {
    const r = await post(payload(email, { password }));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: 'UsernameExistsException',
      message: 'An account with the given email already exists.',
    });
  }
  const row = await userRow(email);
  expect(row.password_hash).toBe(hash);
  expect(row.name_first).toBe('');
  expect(await mailsTo(email)).toHaveLength(0);
  expect(await auditActions(email)).toEqual(['identity.signup.refused', 'identity.signup.refused']);
});

test('an unconfirmed user who already has a tenant: the right password sends a new code, another password is refused', async () => {
  const email = uniqueEmail('tenant');
  expect((await post(payload(email))).status).toBe(200);
  const userId = Number((await userRow(email)).user_id);
  await s.k.db.withSystem(async (trx) => {
    const tenantId = await createTenant(trx, { name: `Retry tenant ${seq}` });
    const groupId = await createSecurityGroup(trx, tenantId, { name: 'Administrators', modules: ['Core'], pages: [] });
    await addTenantUser(trx, tenantId, { userId, securityGroupId: groupId, tenantAdmin: true });
  });
  const wrong = await post(payload(email, { password: 'Attacker#Pass1' }));
  expect(wrong.status).toBe(400);
  expect(wrong.body.error.code).toBe('UsernameExistsException');
  expect(await s.k.identity.verifyPassword((await userRow(email)).password_hash, PASSWORD)).toBe(true);
  const before = (await mailsTo(email)).length;
  expect((await post(payload(email))).status).toBe(200);
  expect(await mailsTo(email)).toHaveLength(before + 1);
  expect(await userCount(email)).toBe(1);
});

test('throttled: the sixth sign-up for one e-mail within 15 minutes answers 429', async () => {
  const email = uniqueEmail('throttle');
  for (let i = 0; i < 5; i++) expect((await post(payload(email))).status).toBe(200);
  const r = await post(payload(email));
  expect(r.status).toBe(429);
  expect(r.body.error.code).toBe('LimitExceededException');
});

test('throttled per client address: 20 sign-ups, then 429', async () => {
  const ip = '10.99.0.1';
  for (let i = 0; i < 20; i++) expect((await post(payload(uniqueEmail('addr')), ip)).status).toBe(200);
  expect((await post(payload(uniqueEmail('addr')), ip)).status).toBe(429);
});
