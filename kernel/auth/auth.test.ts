/**
 * Identity end to end on a real server and database: the authorization code +
 * PKCE flow through the interaction, JWT access tokens on API routes, refresh
 * token rotation, sign-out, and the refusals (wrong password, missing
 * verifier, forged or expired tokens).
 */
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader, SignJWT, generateKeyPair } from 'jose';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant, type TestTenant } from '../../tests/helpers/tenants';
import {
  authorize,
  exchangeCode,
  interactionCall,
  refresh,
  signInThroughProvider,
  signOut,
  startAuthorization,
  CookieJar,
} from '../../tests/helpers/auth';

let s: TestServer;
let t: TestTenant;
const PUBLIC_KEY = 'lci-public-key';

beforeAll(async () => {
  s = await startTestServer({ pluginDirs: [path.join(__dirname, 'test-fixtures')], jobs: false });
  t = await makeTenant(s.k, s.url);
});
afterAll(async () => {
  await s?.stop();
});

const api = (token: string | null, p: string) => apiCall(s.url, s.k.config.apiKey, token, 'GET', p);

test('GET /v3/public/config gives the workspace its OIDC settings (public key accepted, none refused)', async () => {
  const r = await apiCall(s.url, PUBLIC_KEY, null, 'GET', '/v3/public/config');
  expect(r.status).toBe(200);
  expect(r.body).toEqual({
    version: '2024.12.10',
    region: 'ue1',
    publicApiKey: PUBLIC_KEY,
    apiKey: s.k.config.apiKey,
    oidc: {
      issuer: `${s.url}/oidc`,
      clientId: 'lci-workspace',
      scope: 'openid offline_access lci',
      resource: `${s.url}/v3`,
    },
    flags: { 'user-manager-changes': false },
    social: [], // no social sign-in provider configured
    scalepad: { enabled: false }, // no partner sign-in configured
    regionUrls: {}, // LCI_REGION_URLS not set: every region is this origin
    supportEmail: s.k.config.supportEmail, // the error screens' Contact support link
  });
  expect((await apiCall(s.url, '', null, 'GET', '/v3/public/config')).status).toBe(401);
  const discovery = await (await fetch(`${s.url}/oidc/.well-known/openid-configuration`)).json();
  expect(discovery.issuer).toBe(`${s.url}/oidc`);
  expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
});

test('code + PKCE through the interaction gives a JWT access token the API accepts', async () => {
  const before = await s.k.db.withSystem((trx) => trx('users').where({ user_id: t.userId }).first('last_sign_in_at'));
  const tokens = await signInThroughProvider(s.url, t.email, t.password);
  expect(tokens.refreshToken).toBeTruthy();
  expect(tokens.idToken).toBeTruthy();
  expect(tokens.expiresIn).toBe(s.k.config.accessTokenTtl);

  const header = decodeProtectedHeader(tokens.accessToken);
  expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
  const claims = decodeJwt(tokens.accessToken);
  expect(claims).toMatchObject({
    iss: `${s.url}/oidc`,
    aud: `${s.url}/v3`,
    sub: String(t.userId),
    tid: t.tenantId,
    client_id: 'lci-workspace',
    scope: 'lci',
  });
  expect(await s.k.identity.verify(tokens.accessToken)).toMatchObject({
    userId: t.userId,
    tenantId: t.tenantId,
    clientId: 'lci-workspace',
  });

  expect(await api(tokens.accessToken, `/v3/tenant/${t.tenantId}/auth-probe/whoami`)).toEqual({
    status: 200,
    body: { userId: t.userId, tenantId: t.tenantId },
  });
  expect((await api(tokens.accessToken, '/v3/auth-probe/me')).body).toEqual({ userId: t.userId, tenantId: t.tenantId });
  expect((await api(null, '/v3/auth-probe/me')).status).toBe(401);

  const after = await s.k.db.withSystem((trx) => trx('users').where({ user_id: t.userId }).first('last_sign_in_at'));
  expect(after.last_sign_in_at).not.toBeNull();
  expect(after.last_sign_in_at).not.toEqual(before.last_sign_in_at);
});

test('issueAccessToken makes the same kind of token as the provider', async () => {
  const provider = await signInThroughProvider(s.url, t.email, t.password);
  const issued = await s.k.identity.issueAccessToken(t.userId);
  expect(decodeProtectedHeader(issued)).toEqual(decodeProtectedHeader(provider.accessToken));
  // Only a sign-in has a grant and a way of signing in (lci_grant, lci_pwd: token-cutoffs.ts, token-claims.ts).
  const signInOnly = ['lci_grant', 'lci_pwd'];
  expect(Object.keys(decodeJwt(issued)).sort()).toEqual(
    Object.keys(decodeJwt(provider.accessToken))
      .filter((key) => !signInOnly.includes(key))
      .sort(),
  );
  expect(decodeJwt(provider.accessToken)).toMatchObject({ lci_pwd: true, lci_grant: expect.any(String) });
  expect(await s.k.identity.verify(issued)).toMatchObject({ userId: t.userId, tenantId: t.tenantId });
  const other = await s.k.identity.issueAccessToken(t.userId, { tenantId: 999, ttlSeconds: 60 });
  expect(decodeJwt(other)).toMatchObject({ tid: 999 });
  expect(decodeJwt(other).exp! - decodeJwt(other).iat!).toBe(60);
});

test('the interaction: browsers go to /signIn, details carry the login hint, no cookie means expired', async () => {
  const { uid, jar } = await startAuthorization(s.url, { loginHint: t.email });
  const nav = await jar.fetch(`${s.url}/oidc/interaction/${uid}`, { headers: { accept: 'text/html' } });
  expect(nav.status).toBe(302);
  expect(nav.headers.get('location')).toBe(`/signIn?interaction=${uid}`);
  expect(await interactionCall(s.url, jar, uid, '')).toEqual({
    status: 200,
    body: { uid, prompt: 'login', loginHint: t.email },
  });
  expect((await interactionCall(s.url, jar, uid, '', undefined, 'wrong-key')).status).toBe(401);
  // Another browser (no interaction cookie) cannot use this uid.
  const stranger = await interactionCall(s.url, new CookieJar(), uid, 'login', {
    email: t.email,
    password: t.password,
  });
  expect(stranger).toMatchObject({ status: 400, body: { error: { code: 'interaction_expired' } } });
  expect((await interactionCall(s.url, jar, 'nosuchinteraction', '')).body.error.code).toBe('interaction_expired');
});

test('wrong password and unknown e-mail both answer 401 Login failed.; bad input answers 400 with fields', async () => {
  const { uid, jar } = await startAuthorization(s.url);
  const wrong = await interactionCall(s.url, jar, uid, 'login', { email: t.email, password: 'Not-the-password1!' });
  expect(wrong).toEqual({
    status: 401,
    body: { error: { status: 401, code: 'NotAuthorizedException', message: 'Login failed.' } },
  });
  const unknown = await interactionCall(s.url, jar, uid, 'login', {
    email: 'nobody@nowhere.example.com',
    password: 'whatever',
  });
  expect(unknown).toEqual(wrong);
  const bad = await interactionCall(s.url, jar, uid, 'login', { email: 'not-an-email', password: '' });
  expect(bad.status).toBe(400);
  expect(bad.body.error.fields).toEqual(
    expect.arrayContaining([
      { path: 'body.email', message: 'Invalid e-mail.' },
      { path: 'body.password', message: 'Required.' },
    ]),
  );
  expect(
    (await interactionCall(s.url, jar, uid, 'login', { email: `${'a'.repeat(80)}@x.com`, password: 'x' })).body.error
      .fields[0].message,
  ).toBe('Max 80 characters');
  // The same interaction still accepts the right password afterwards.
  expect(
    (await interactionCall(s.url, jar, uid, 'login', { email: t.email.toUpperCase(), password: t.password })).body
      .redirectTo,
  ).toContain(`/oidc/auth/${uid}`);
});

test('repeated failures for one e-mail are throttled (429), even with the right password afterwards', async () => {
  const u = await makeTenant(s.k, s.url);
  const { uid, jar } = await startAuthorization(s.url);
  for (let i = 0; i < 10; i++)
    expect((await interactionCall(s.url, jar, uid, 'login', { email: u.email, password: `wrong-${i}` })).status).toBe(
      401,
    );
  const r = await interactionCall(s.url, jar, uid, 'login', { email: u.email, password: u.password });
  expect(r.status).toBe(429);
  expect(r.body.error.code).toBe('LimitExceededException');
});

test('inactive users are refused even with the right password', async () => {
  const u = await makeTenant(s.k, s.url);
  await s.k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).update({ active_flag: false }));
  const { uid, jar } = await startAuthorization(s.url);
  const r = await interactionCall(s.url, jar, uid, 'login', { email: u.email, password: u.password });
  expect(r.status).toBe(401);
  expect(r.body.error.code).toBe('NotAuthorizedException');
});

test('unconfirmed users get the UserNotConfirmedException challenge, forced new password a pending challenge', async () => {
  const u = await makeTenant(s.k, s.url);
  await s.k.db.withSystem((trx) => trx('users').where({ user_id: u.userId }).update({ confirmed_flag: false }));
  let { uid, jar } = await startAuthorization(s.url);
  expect(await interactionCall(s.url, jar, uid, 'login', { email: u.email, password: u.password })).toEqual({
    status: 200,
    body: { challenge: 'UserNotConfirmedException', username: u.email },
  });

  await s.k.db.withSystem((trx) =>
    trx('users').where({ user_id: u.userId }).update({ confirmed_flag: true, force_new_password: true }),
  );
  ({ uid, jar } = await startAuthorization(s.url));
  expect((await interactionCall(s.url, jar, uid, 'login', { email: u.email, password: u.password })).body).toEqual({
    challenge: 'NEW_PASSWORD_REQUIRED',
    username: u.email,
  });
  // No responder yet (identity issue): a clear 400, never a sign-in.
  const answer = await interactionCall(s.url, jar, uid, 'challenge', {
    challenge: 'NEW_PASSWORD_REQUIRED',
    answer: { newPassword: 'x' },
  });
  expect(answer.status).toBe(400);
  expect(answer.body.redirectTo).toBeUndefined();
  expect(
    (await interactionCall(s.url, jar, uid, 'challenge', { challenge: 'SMS_MFA', answer: {} })).body.error.code,
  ).toBe('InvalidParameterException');
});

test('PKCE is required: no verifier or a wrong one fails, and a request without a challenge is refused', async () => {
  const a = await authorize(s.url, t.email, t.password);
  const none = await exchangeCode(s.url, a, undefined);
  expect(none.status).toBe(400);
  expect(none.body.error).toBe('invalid_grant');
  const b = await authorize(s.url, t.email, t.password);
  expect((await exchangeCode(s.url, b, 'x'.repeat(43))).body.error).toBe('invalid_grant');
  const cfg = b.config;
  const q = new URLSearchParams({
    client_id: cfg.clientId,
    response_type: 'code',
    scope: cfg.scope,
    redirect_uri: cfg.redirectUri,
    state: 's',
  });
  const res = await fetch(`${cfg.issuer}/auth?${q}`, { redirect: 'manual' });
  const loc = new URL(res.headers.get('location')!);
  expect(loc.searchParams.get('error')).toBe('invalid_request');
  expect(loc.searchParams.get('error_description')).toMatch(/PKCE/);
});

test('refresh tokens rotate: the new pair works, the old refresh token is rejected after use', async () => {
  const first = await signInThroughProvider(s.url, t.email, t.password);
  const r1 = await refresh(s.url, first.refreshToken);
  expect(r1.status).toBe(200);
  expect(r1.body.refresh_token).toBeTruthy();
  expect(r1.body.refresh_token).not.toBe(first.refreshToken);
  expect(decodeJwt(r1.body.access_token)).toMatchObject({ sub: String(t.userId), tid: t.tenantId, aud: `${s.url}/v3` });
  expect((await api(r1.body.access_token, `/v3/tenant/${t.tenantId}/auth-probe/whoami`)).status).toBe(200);
  const replay = await refresh(s.url, first.refreshToken);
  expect(replay.status).toBe(400);
  expect(replay.body.error).toBe('invalid_grant');
  // Reuse of a rotated token revokes the family (RFC 9700): the newer one is dead too.
  expect((await refresh(s.url, r1.body.refresh_token)).status).toBe(400);
});

test('the access token follows the current tenant on refresh', async () => {
  const u = await makeTenant(s.k, s.url);
  const signed = await signInThroughProvider(s.url, u.email, u.password);
  const other = await makeTenant(s.k, s.url);
  await s.k.db.withSystem((trx) =>
    trx('users').where({ user_id: u.userId }).update({ current_tenant_id: other.tenantId }),
  );
  const r = await refresh(s.url, signed.refreshToken);
  expect(decodeJwt(r.body.access_token).tid).toBe(other.tenantId);
});

test('sign-out revokes the refresh token and ends the server session without a confirmation page', async () => {
  const signed = await signInThroughProvider(s.url, t.email, t.password);
  // While signed in, a new authorization request goes straight back to /authed (no password asked).
  await expect(startAuthorization(s.url, { jar: signed.jar })).rejects.toThrow(
    /expected a redirect from .*\/authed\?code=/,
  );
  const out = await signOut(s.url, signed);
  expect(out.revokeStatus).toBe(200);
  expect(out.redirectTo).toBe(`${s.url}/signIn`);
  expect((await refresh(s.url, signed.refreshToken)).body.error).toBe('invalid_grant');
  // The session is gone: a new authorization request asks for the password again.
  const again = await startAuthorization(s.url, { jar: signed.jar });
  expect(again.uid).toBeTruthy();
});

test('sign-out alone (no revocation call) also kills the refresh token', async () => {
  const signed = await signInThroughProvider(s.url, t.email, t.password);
  const config = { issuer: `${s.url}/oidc` };
  const q = new URLSearchParams({
    id_token_hint: signed.idToken,
    post_logout_redirect_uri: `${s.url}/signIn`,
    client_id: 'lci-workspace',
  });
  const page = await signed.jar.fetch(`${config.issuer}/session/end?${q}`, { headers: { accept: 'text/html' } });
  const html = await page.text();
  expect(html).toContain('document.forms[0].submit()');
  expect(html).toContain('name="logout" value="yes"');
  const action = /action="([^"]+)"/.exec(html)![1];
  const inputs = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
    (m) => [m[1], m[2]] as [string, string],
  );
  const confirm = await signed.jar.fetch(new URL(action, config.issuer).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(inputs),
  });
  expect(confirm.status).toBe(303);
  expect((await refresh(s.url, signed.refreshToken)).body.error).toBe('invalid_grant');
});

test('expired, forged, wrong-audience and malformed tokens get 401', async () => {
  const path = `/v3/tenant/${t.tenantId}/auth-probe/whoami`;
  const expired = await s.k.identity.issueAccessToken(t.userId, { ttlSeconds: -120 } as never);
  const r = await api(expired, path);
  expect(r.status).toBe(401);
  expect(r.body.error.message).toBe('The incoming token has expired');

  const { privateKey } = await generateKeyPair('RS256');
  const good = decodeJwt(await s.k.identity.issueAccessToken(t.userId));
  const kid = decodeProtectedHeader(t.token).kid!;
  const forged = await new SignJWT(good).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid }).sign(privateKey);
  expect((await api(forged, path)).status).toBe(401);
  await expect(s.k.identity.verify(forged)).rejects.toThrow();

  const tampered = t.token.split('.');
  tampered[1] = Buffer.from(JSON.stringify({ ...decodeJwt(t.token), sub: String(t.userId + 1000) })).toString(
    'base64url',
  );
  expect((await api(tampered.join('.'), path)).status).toBe(401);

  const signed = await signInThroughProvider(s.url, t.email, t.password);
  expect((await api(signed.idToken, path)).status).toBe(401); // an ID token is not an access token
  expect((await api('not.a.token', path)).status).toBe(401);
  expect((await api('', path)).status).toBe(401);
});

test('passwords are argon2id hashes', async () => {
  const hash = await s.k.identity.hashPassword('Secret#123');
  expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await s.k.identity.verifyPassword(hash, 'Secret#123')).toBe(true);
  expect(await s.k.identity.verifyPassword(hash, 'Secret#124')).toBe(false);
  expect(await s.k.identity.verifyPassword('not-a-hash', 'x')).toBe(false);
  const stored = await s.k.db.withSystem((trx) => trx('users').where({ user_id: t.userId }).first('password_hash'));
  expect(stored.password_hash).toMatch(/^\$argon2id\$/);
});
