/**
 * Sign-in protection on a real server: every sign-in and every refusal is in
 * the audit log; the lockout is kept in the database (a second lockout
 * instance, as another server process would have, sees it; unlock clears it);
 * a user disabled platform-wide is refused at once with a token they hold.
 */
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant } from '../../tests/helpers/tenants';
import { interactionCall, refresh, signInThroughProvider, startAuthorization } from '../../tests/helpers/auth';
import {
  createSignInLockouts,
  LOCKOUT_PER_ADDRESS,
  LOCKOUT_PER_EMAIL,
  SignInLockout,
  unlockEmail,
} from './login/lockout';
import { dropCachedAccess, endUserSessions, listUserSessions } from './user-access';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ jobs: false });
});
afterAll(async () => {
  await s?.stop();
});

const auditOf = (target: string) =>
  s.k.db.withSystem((trx) =>
    trx('audit_log')
      .where({ target })
      .whereLike('action', 'auth.signin.%')
      .orderBy('audit_id')
      .select('action', 'tenant_id', 'actor_user_id', 'details'),
  );

test('the README numbers: 10 failures per e-mail, 200 per address, 15 minutes', () => {
  expect([LOCKOUT_PER_EMAIL, LOCKOUT_PER_ADDRESS]).toEqual([10, 200]);
  const l = createSignInLockouts(s.k.db);
  expect([l.byEmail.limit, l.byAddress.limit, l.byEmail.windowMs]).toEqual([10, 200, 15 * 60_000]);
});

test('sign-in success and failure (wrong password, unknown e-mail, disabled user) are audited', async () => {
  const t = await makeTenant(s.k, s.url);
  const { uid, jar } = await startAuthorization(s.url);
  expect(
    (await interactionCall(s.url, jar, uid, 'login', { email: t.email, password: 'Wrong#Password1' })).status,
  ).toBe(401);
  expect(
    (await interactionCall(s.url, jar, uid, 'login', { email: t.email.toUpperCase(), password: t.password })).status,
  ).toBe(200);
  const unknown = `ghost-${Date.now()}@nowhere.example.com`;
  expect((await interactionCall(s.url, jar, uid, 'login', { email: unknown, password: 'whatever' })).status).toBe(401);

  const entries = await auditOf(t.email);
  expect(entries).toEqual([
    expect.objectContaining({
      action: 'auth.signin.failed',
      tenant_id: 0,
      actor_user_id: null,
      details: expect.objectContaining({ reason: 'NotAuthorizedException', message: 'Login failed.', uid }),
    }),
    expect.objectContaining({
      action: 'auth.signin.succeeded',
      tenant_id: 0,
      actor_user_id: t.userId,
      details: expect.objectContaining({ amr: ['pwd'], uid }),
    }),
  ]);
  expect(entries[0].details.ip).toBeTruthy();
  expect(await auditOf(unknown)).toEqual([
    expect.objectContaining({
      action: 'auth.signin.failed',
      details: expect.objectContaining({ reason: 'NotAuthorizedException' }),
    }),
  ]);

  await s.k.db.withSystem((trx) => trx('users').where({ user_id: t.userId }).update({ active_flag: false }));
  const second = await startAuthorization(s.url);
  expect(
    (await interactionCall(s.url, second.jar, second.uid, 'login', { email: t.email, password: t.password })).body.error
      .message,
  ).toBe('User is disabled.');
  expect((await auditOf(t.email)).at(-1)).toEqual(
    expect.objectContaining({
      action: 'auth.signin.failed',
      actor_user_id: null,
      details: expect.objectContaining({ message: 'User is disabled.' }),
    }),
  );
});

test('the e-mail lockout is kept in the database: another process sees it, unlock clears it', async () => {
  const t = await makeTenant(s.k, s.url);
  const { uid, jar } = await startAuthorization(s.url);
  for (let i = 0; i < 10; i++)
    expect((await interactionCall(s.url, jar, uid, 'login', { email: t.email, password: `wrong-${i}` })).status).toBe(
      401,
    );
  const locked = await interactionCall(s.url, jar, uid, 'login', { email: t.email, password: t.password });
  expect(locked.status).toBe(429);
  expect(locked.body.error.code).toBe('LimitExceededException');
  expect((await auditOf(t.email)).at(-1)).toEqual(
    expect.objectContaining({
      action: 'auth.signin.failed',
      details: expect.objectContaining({ reason: 'LimitExceededException' }),
    }),
  );
  // A fresh lockout object (as in another server process on the same database) sees the failures.
  const other = createSignInLockouts(s.k.db);
  expect(await other.byEmail.count(t.email.toUpperCase())).toBe(10);
  expect(await other.byEmail.blocked([t.email])).toBe(true);
  // Stored hashed: no e-mail in clear.
  const raw = await s.k.db.withSystem((trx) =>
    trx('sign_in_failures')
      .whereRaw('key_hash like ?', [`%${t.email}%`])
      .count({ n: '*' })
      .first(),
  );
  expect(Number(raw!.n)).toBe(0);

  expect(await s.k.db.withSystem((trx) => unlockEmail(trx, t.email))).toBe(10);
  expect((await interactionCall(s.url, jar, uid, 'login', { email: t.email, password: t.password })).status).toBe(200);
});

test('the per-address counter locks the address, failures leave the window', async () => {
  const byAddress = new SignInLockout(s.k.db, 'address', 3, 200);
  const ip = `192.0.2.${Math.floor(Math.random() * 200)}`;
  await byAddress.fail([ip]);
  await byAddress.fail([ip]);
  expect(await byAddress.blocked([ip])).toBe(false);
  await byAddress.fail([ip]);
  expect(await byAddress.blocked([ip])).toBe(true);
  expect(await byAddress.blocked(['198.51.100.1'])).toBe(false);
  await new Promise((r) => setTimeout(r, 250));
  expect(await byAddress.blocked([ip])).toBe(false);
});

test('a user disabled platform-wide: sessions listed then ended, the held access token is refused at once', async () => {
  const t = await makeTenant(s.k, s.url);
  const signed = await signInThroughProvider(s.url, t.email, t.password);
  const call = () => apiCall(s.url, s.k.config.apiKey, signed.accessToken, 'GET', '/v3/manager/session');
  expect((await call()).status).toBe(200);
  const sessions = await s.k.db.withSystem((trx) => listUserSessions(trx, t.userId));
  expect(sessions.map((x) => x.kind).sort()).toEqual(['refresh_token', 'session']);
  expect(sessions.every((x) => /^[0-9a-f]{12}$/.test(x.ref) && x.expiresAt)).toBe(true);

  const ended = await s.k.db.withSystem(async (trx) => {
    await trx('users').where({ user_id: t.userId }).update({ active_flag: false });
    return endUserSessions(trx, t.userId);
  });
  await dropCachedAccess(s.k, t.userId);
  expect(ended).toMatchObject({ sessions: 1, refreshTokens: 1 });
  const refused = await call();
  expect(refused.status).toBe(401);
  expect((await refresh(s.url, signed.refreshToken)).body.error).toBe('invalid_grant');
  expect(await s.k.db.withSystem((trx) => listUserSessions(trx, t.userId))).toEqual([]);
});

test('access tokens carry lci_maintenance, lci_invalid_login and lci_internal (refreshed tokens see changes)', async () => {
  const { decodeJwt } = await import('jose');
  const t = await makeTenant(s.k, s.url);
  const signed = await signInThroughProvider(s.url, t.email, t.password);
  expect(decodeJwt(signed.accessToken)).toMatchObject({
    tid: t.tenantId,
    lci_maintenance: false,
    lci_invalid_login: false,
    lci_internal: false,
  });

  await s.k.db.withSystem((trx) =>
    trx('kernel_settings')
      .insert({ key: 'maintenance', value: JSON.stringify({ on: true, message: '' }) })
      .onConflict('key')
      .merge(),
  );
  try {
    const r1 = await refresh(s.url, signed.refreshToken);
    expect(decodeJwt(r1.body.access_token)).toMatchObject({ lci_maintenance: true, lci_invalid_login: false });
    // The membership forces single sign-on and this session signed in with a password: the login is invalid.
    await s.k.db.withSystem((trx) => trx('tenant_users').where({ user_id: t.userId }).update({ force_sso_flag: true }));
    const r2 = await refresh(s.url, r1.body.refresh_token);
    expect(decodeJwt(r2.body.access_token)).toMatchObject({ lci_invalid_login: true });
  } finally {
    await s.k.db.withSystem((trx) => trx('kernel_settings').where({ key: 'maintenance' }).delete());
  }
  const internal = await makeTenant(s.k, s.url, { lciAdmin: true });
  expect(decodeJwt((await signInThroughProvider(s.url, internal.email, internal.password)).accessToken)).toMatchObject({
    lci_internal: true,
  });
});

test('sign-out may return to /clients/signin (client users) as well as /signIn', async () => {
  const t = await makeTenant(s.k, s.url);
  const signed = await signInThroughProvider(s.url, t.email, t.password);
  const { oidcConfig } = await import('../../tests/helpers/auth');
  const config = await oidcConfig(s.url);
  const q = new URLSearchParams({
    id_token_hint: signed.idToken,
    post_logout_redirect_uri: `${config.origin}/clients/signin`,
    client_id: config.clientId,
  });
  const page = await signed.jar.fetch(`${config.issuer}/session/end?${q}`, { headers: { accept: 'text/html' } });
  const html = await page.text();
  expect(page.status).toBe(200);
  const action = /<form[^>]*action="([^"]+)"/.exec(html)![1];
  const inputs = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
    (m) => [m[1], m[2]] as [string, string],
  );
  const confirm = await signed.jar.fetch(new URL(action.replace(/&amp;/g, '&'), config.issuer).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(inputs),
  });
  expect(confirm.headers.get('location')).toBe(`${config.origin}/clients/signin`);
  expect((await refresh(s.url, signed.refreshToken)).body.error).toBe('invalid_grant');
});
