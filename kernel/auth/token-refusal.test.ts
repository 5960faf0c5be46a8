/**
 * Issue 26 part 3: the access tokens a user holds are refused at once (not after LCI_ACCESS_TOKEN_TTL) after a
 * password change (the session that made it keeps working), a password reset (forgot/confirm and
 * `lci user set-password`), an MFA reset (`lci user reset-mfa`, the profile's removal), `lci user sessions --revoke`,
 * single sign-on switched on for the home membership, and a membership deactivated (that tenant only). On a real
 * server; run on PGlite and on PostgreSQL + Redis, where a second server process on the same database refuses
 * them too (through the bus and the database).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config';
import { startKernel, type Running } from '../boot';
import { runInProcess } from '../../cli/in-process';
import { freePort, postgresUrl, startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant, TEST_PASSWORD, type TestTenant } from '../../tests/helpers/tenants';
import { refresh, signInThroughProvider, type SignedIn } from '../../tests/helpers/auth';
import { addTenantUser, createSecurityGroup } from '../tenancy/provision';
import { openSocket } from '../realtime/testing/client';

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '../..');
const EXPIRED = 'The incoming token has expired';
const NEW_PASSWORD = 'Brand#New2026x';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ jobs: false });
});
afterAll(async () => {
  await s?.stop();
});

/** GET /v3/manager/session with a token: 200 while the token is good. */
const session = (token: string) => apiCall(s.url, s.k.config.apiKey, token, 'GET', '/v3/manager/session');
const expectRefused = async (token: string) =>
  expect(await session(token)).toMatchObject({ status: 401, body: { error: { message: EXPIRED } } });
const expectGood = async (token: string) => expect((await session(token)).status).toBe(200);

/** `lci` in this process, on the server's database (and bus). */
function lci(args: string[]) {
  const c = s.k.config;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'test',
    LCI_DATA_DIR: s.dataDir,
    LCI_ROOT: ROOT,
    LCI_LOG_LEVEL: 'silent',
  };
  if (c.databaseUrl) env.DATABASE_URL = c.databaseUrl;
  if (c.databaseSystemUrl) env.DATABASE_SYSTEM_URL = c.databaseSystemUrl;
  if (c.databaseOwnerUrl) env.DATABASE_OWNER_URL = c.databaseOwnerUrl;
  if (c.redisUrl) env.REDIS_URL = c.redisUrl;
  return runInProcess(args, env);
}

async function twoSessions(u: TestTenant): Promise<[SignedIn, SignedIn]> {
  return [
    await signInThroughProvider(s.url, u.email, u.password),
    await signInThroughProvider(s.url, u.email, u.password),
  ];
}

test('password change: the other sessions’ access tokens are refused at once; the session (and token) that changed it go on', async () => {
  const u = await makeTenant(s.k, s.url);
  const [mine, elsewhere] = await twoSessions(u);
  const script = u.token; // issued by issueAccessToken before the change
  for (const t of [mine.accessToken, elsewhere.accessToken, script]) await expectGood(t);

  const cookie = mine.jar.header(`${s.url}/v3/manager/identity/password/change`);
  const changed = await apiCall(
    s.url,
    s.k.config.apiKey,
    mine.accessToken,
    'POST',
    '/v3/manager/identity/password/change',
    { oldPassword: u.password, newPassword: NEW_PASSWORD },
    { cookie },
  );
  expect(changed).toEqual({ status: 200, body: { status: 'SUCCESS' } });

  await expectRefused(elsewhere.accessToken);
  await expectRefused(script);
  await expectGood(mine.accessToken);
  const renewed = await refresh(s.url, mine.refreshToken);
  expect(renewed.status).toBe(200);
  await expectGood(renewed.body.access_token);
  // A new sign-in with the new password is not caught by the cutoff.
  await expectGood((await signInThroughProvider(s.url, u.email, NEW_PASSWORD)).accessToken);
});

test('password change from a script (no session cookie): its own token goes on, every other is refused', async () => {
  const u = await makeTenant(s.k, s.url);
  const [browser] = await twoSessions(u);
  const changed = await u.api('POST', '/v3/manager/identity/password/change', {
    oldPassword: u.password,
    newPassword: NEW_PASSWORD,
  });
  expect(changed.status).toBe(200);
  await expectGood(u.token);
  await expectRefused(browser.accessToken);
});

test('a realtime socket opened with a token refused since is closed (4401) at its next call', async () => {
  const u = await makeTenant(s.k, s.url);
  const [elsewhere] = await twoSessions(u);
  const sock = openSocket(s.url, elsewhere.accessToken);
  try {
    await sock.ready;
    expect((await sock.invoke('no-such-function')).error.status).not.toBe(401);
    expect((await lci(['user', 'sessions', u.email, '--revoke'])).code).toBe(0);
    expect((await sock.invoke('no-such-function')).error).toMatchObject({ status: 401, message: EXPIRED });
    const closed = await Promise.race([
      sock.closed,
      new Promise((r) => setTimeout(() => r('still open after 5 s'), 5000).unref()),
    ]);
    expect(closed).toEqual({ code: 4401, reason: 'Token refused' });
  } finally {
    await sock.close();
  }
});

test('password reset (forgot -> confirm): every access token issued before it is refused', async () => {
  const u = await makeTenant(s.k, s.url);
  const [before] = await twoSessions(u);
  await expectGood(before.accessToken);
  const pub = (p: string, body: unknown) =>
    apiCall(s.url, 'lci-public-key', null, 'POST', `/v3/manager/identity/password/${p}`, body);
  expect((await pub('forgot', { username: u.email })).status).toBe(200);
  await (s.k.identity as unknown as { deliveries: { drain(): Promise<void> } }).deliveries.drain();
  const mail = await s.k.db.withSystem((trx) =>
    trx('mail_outbox').where({ to_address: u.email }).orderBy('mail_id', 'desc').first('text_body'),
  );
  const code = /code is (\d{6})/.exec(mail.text_body)![1];
  expect((await pub('confirm', { username: u.email, code, password: NEW_PASSWORD })).status).toBe(200);

  await expectRefused(before.accessToken);
  await expectRefused(u.token);
  await expectGood((await signInThroughProvider(s.url, u.email, NEW_PASSWORD)).accessToken);
});

test('lci user set-password, reset-mfa and sessions --revoke: the tokens the user holds are refused at once', async () => {
  const u = await makeTenant(s.k, s.url);
  let [signedIn] = await twoSessions(u);
  await expectGood(signedIn.accessToken);
  const generated = await lci(['user', 'set-password', u.email]);
  expect(generated.stderr).toBe('');
  expect(generated.code).toBe(0);
  await expectRefused(signedIn.accessToken);
  await expectRefused(u.token);
  const password = /changed to: (\S+)/.exec(generated.stdout)![1];

  signedIn = await signInThroughProvider(s.url, u.email, password);
  await expectGood(signedIn.accessToken);
  await s.k.db.withSystem((trx) =>
    trx('users').where({ user_id: u.userId }).update({ mfa_type: 'SOFTWARE_TOKEN_MFA' }),
  );
  const reset = await lci(['user', 'reset-mfa', u.email]);
  expect(reset).toMatchObject({ code: 0, stderr: '' });
  await expectRefused(signedIn.accessToken);
  expect((await refresh(s.url, signedIn.refreshToken)).body.error).toBe('invalid_grant');

  signedIn = await signInThroughProvider(s.url, u.email, password);
  await expectGood(signedIn.accessToken);
  const revoked = await lci(['user', 'sessions', u.email, '--revoke']);
  expect(revoked).toMatchObject({ code: 0, stderr: '' });
  await expectRefused(signedIn.accessToken);
});

test("removing one's own authenticator in the profile: the other sessions' tokens are refused, this one goes on", async () => {
  const u = await makeTenant(s.k, s.url);
  const [mine, elsewhere] = await twoSessions(u);
  await s.k.db.withSystem((trx) =>
    trx('users').where({ user_id: u.userId }).update({ mfa_type: 'SOFTWARE_TOKEN_MFA' }),
  );
  const removed = await apiCall(
    s.url,
    s.k.config.apiKey,
    mine.accessToken,
    'POST',
    '/v3/manager/profile/mfa/remove',
    { password: TEST_PASSWORD },
    { cookie: mine.jar.header(`${s.url}/v3/manager/profile/mfa/remove`) },
  );
  expect(removed.status).toBe(200);
  expect(removed.body.mfaType).toBeNull();
  await expectRefused(elsewhere.accessToken);
  expect((await refresh(s.url, elsewhere.refreshToken)).body.error).toBe('invalid_grant');
  await expectGood(mine.accessToken);
  expect((await refresh(s.url, mine.refreshToken)).status).toBe(200);
});

test('single sign-on switched on for the home membership: tokens of a password sign-in are refused at once', async () => {
  const u = await makeTenant(s.k, s.url);
  const [signedIn] = await twoSessions(u);
  await expectGood(signedIn.accessToken);
  const put = await u.api('PUT', `/v3/tenantadmin/${u.tenantId}/users/${u.userId}`, { force_sso_flag: true });
  expect(put).toMatchObject({ status: 200, body: { records_updated: 1 } });
  await expectRefused(signedIn.accessToken);
  // A refreshed token of that password sign-in is refused as well.
  const renewed = await refresh(s.url, signedIn.refreshToken);
  expect(renewed.status).toBe(200);
  await expectRefused(renewed.body.access_token);
  // Switched off again, the sign-in's tokens are good again (nothing else ended them).
  await u.api('PUT', `/v3/tenantadmin/${u.tenantId}/users/${u.userId}`, { force_sso_flag: false });
  await expectGood(signedIn.accessToken);
});

test("a membership deactivated in another tenant: that tenant's tokens are refused at once, the home tenant's are not", async () => {
  const home = await makeTenant(s.k, s.url);
  const other = await makeTenant(s.k, s.url);
  const groupId = await s.k.db.withSystem(async (trx) => {
    const g = await createSecurityGroup(trx, other.tenantId, { name: 'Members', modules: ['Core'], pages: [] });
    await addTenantUser(trx, other.tenantId, { userId: home.userId, securityGroupId: g, acceptTerms: true });
    return g;
  });
  expect(groupId).toBeGreaterThan(0);
  const forOther = await s.k.identity.issueAccessToken(home.userId, { tenantId: other.tenantId });
  const asMember = (p: string) => apiCall(s.url, s.k.config.apiKey, forOther, 'GET', p);
  expect((await asMember('/v3/manager/session')).body.user.currentTenantId).toBe(other.tenantId);

  const off = await other.api('POST', `/v3/tenantadmin/${other.tenantId}/users/${home.userId}/deactivate`);
  expect(off).toMatchObject({ status: 200, body: { records_updated: 1 } });
  const after = await asMember('/v3/manager/session');
  expect(after.body.user.currentTenantId).toBeNull();
  expect((await asMember(`/v3/tenantadmin/${other.tenantId}/users`)).status).toBe(403);
  await expectGood(home.token);
});

const redis = process.env.REDIS_URL;
const crossProcess = postgresUrl() && redis ? describe : describe.skip;

crossProcess('another server process on the same PostgreSQL and Redis', () => {
  let b: Running;
  let dir: string;
  beforeAll(async () => {
    if (!s.databaseUrl) return;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-xproc-tokens-'));
    const c = s.k.config;
    b = await startKernel({
      config: loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: c.databaseUrl!,
        DATABASE_SYSTEM_URL: c.databaseSystemUrl!,
        DATABASE_OWNER_URL: c.databaseOwnerUrl!,
        REDIS_URL: redis!,
        LCI_DATA_DIR: dir,
        PORT: String(await freePort()),
        LCI_BASE_URL: c.baseUrl,
        LCI_LOG_LEVEL: 'silent',
        LCI_SEED_DEMO: 'false',
      }),
      http: false,
      jobs: false,
      seed: false,
    });
  }, 180_000);
  afterAll(async () => {
    await b?.k.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** How long the other process takes to refuse the token (it resolved it before, so it had it cached). */
  async function refusedThere(token: string, act: () => Promise<void>): Promise<number> {
    const claims = await b.k.identity.verify(token);
    await b.k.access.resolve(claims); // cached there
    await act();
    const start = Date.now();
    for (;;) {
      const refused = await b.k.access.resolve(claims).then(
        () => false,
        (e: { status?: number }) => e.status === 401,
      );
      if (refused) return Date.now() - start;
      if (Date.now() - start > 5000) throw new Error('the other process still accepts the token after 5 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  test('a password change, lci user set-password and SSO switched on reach the other process within seconds', async () => {
    const u = await makeTenant(s.k, s.url);
    const [mine, elsewhere] = await twoSessions(u);
    const cookie = mine.jar.header(`${s.url}/v3/manager/identity/password/change`);
    const changeMs = await refusedThere(elsewhere.accessToken, async () => {
      const r = await apiCall(
        s.url,
        s.k.config.apiKey,
        mine.accessToken,
        'POST',
        '/v3/manager/identity/password/change',
        { oldPassword: u.password, newPassword: NEW_PASSWORD },
        { cookie },
      );
      expect(r.status).toBe(200);
    });
    expect(changeMs).toBeLessThan(5000);
    // The session that made the change is good there too.
    await expect(b.k.access.resolve(await b.k.identity.verify(mine.accessToken))).resolves.toMatchObject({
      userId: u.userId,
    });

    const again = await signInThroughProvider(s.url, u.email, NEW_PASSWORD);
    await refusedThere(again.accessToken, async () => {
      expect((await lci(['user', 'set-password', u.email])).code).toBe(0);
    });

    const v = await makeTenant(s.k, s.url);
    const [pwd] = await twoSessions(v);
    await refusedThere(pwd.accessToken, async () => {
      const put = await v.api('PUT', `/v3/tenantadmin/${v.tenantId}/users/${v.userId}`, { force_sso_flag: true });
      expect(put.status).toBe(200);
    });
  });
});
