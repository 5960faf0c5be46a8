/**
 * Social sign-in against a real upstream OpenID Connect provider (a second oidc-provider on loopback):
 * the redirect to the upstream authorization endpoint, its login form, the callback, the code exchange
 * with PKCE and the client secret, the ID token check, and the Lifecycle sign-in that follows.
 */
import { ConfigError, loadConfig } from '../../../config';
import {
  CookieJar,
  exchangeCode,
  interactionCall,
  startAuthorization,
  type PublicOidcConfig,
} from '../../../tests/helpers/auth';
import { freePort, startTestServer, type TestServer } from '../../../tests/helpers/server';
import { makeTenant, type TestTenant } from '../../../tests/helpers/tenants';
import { startUpstream, type Upstream } from '../../../tests/helpers/upstream-oidc';
import { createUser } from '../../tenancy/provision';
import { emailIsVerified } from './upstream';

let s: TestServer;
let up: Upstream;
let t: TestTenant;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  up = await startUpstream(base);
  s = await startTestServer({ engine: 'pglite', env: { PORT: String(port), LCI_BASE_URL: base, ...up.env } });
  t = await makeTenant(s.k, s.url);
});
afterAll(async () => {
  await s?.stop();
  await up?.stop();
});

interface Walk {
  uid: string;
  jar: CookieJar;
  config: PublicOidcConfig;
  verifier: string;
  state: string;
  final: URL;
  upstreamHops: string[];
  returnUrl?: string;
}

/**
 * A browser's social sign-in: authorization request to Lifecycle, the provider button, the upstream's login
 * form (or its Cancel link), and every redirect until the browser is back on a workspace page.
 */
async function socialSignIn(
  provider: 'ms' | 'google',
  login: string,
  opts: { cancel?: boolean; jar?: CookieJar } = {},
): Promise<Walk> {
  const a = await startAuthorization(s.url, { jar: opts.jar });
  const upJar = new CookieJar(); // the upstream's own cookies (another host)
  const hops: string[] = [];
  let returnUrl: string | undefined;
  const jarFor = (url: string) => (url.startsWith(up.issuer) ? upJar : a.jar);
  let next = `${s.url}/oidc/interaction/${a.uid}/federated/${provider}`;
  for (let hop = 0; hop < 20; hop++) {
    const u = new URL(next);
    if (u.origin === new URL(s.url).origin && (u.pathname === '/authed' || u.pathname === '/signIn'))
      return { ...a, final: u, upstreamHops: hops, returnUrl };
    if (next.startsWith(up.issuer)) hops.push(u.pathname);
    if (u.pathname.endsWith('/federated/return')) returnUrl = next;
    let res = await jarFor(next).fetch(next, { headers: { accept: 'text/html' } });
    if (res.status === 200 && next.startsWith(up.issuer)) {
      // The upstream's login page: submit the form, or follow its Cancel link.
      const html = await res.text();
      if (opts.cancel) {
        const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
        if (!abort) throw new Error(`no cancel link in ${html.slice(0, 500)}`);
        next = new URL(abort, next).toString();
        continue;
      }
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no login form in ${html.slice(0, 500)}`);
      const url = new URL(action, next).toString();
      res = await upJar.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'anything' }),
      });
    }
    const location = res.headers.get('location');
    if (!location || res.status < 300 || res.status >= 400)
      throw new Error(`expected a redirect from ${next}, got ${res.status}: ${(await res.text()).slice(0, 300)}`);
    next = new URL(location, next).toString();
  }
  throw new Error('too many redirects');
}

async function result(w: Walk) {
  return interactionCall(s.url, w.jar, `${w.uid}/federated/result`, '');
}

async function newUser(opts: { tenant?: boolean; forceSso?: boolean; active?: boolean } = {}) {
  const email = `social-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const userId = await s.k.db.withSystem(async (trx) => {
    const id = await createUser(trx, {
      email,
      passwordHash: await s.k.identity.hashPassword('Lifecycle#2024'),
      firstName: 'Sam',
      lastName: 'Social',
    });
    if (opts.tenant !== false) {
      await trx('tenant_users').insert({
        tenant_id: t.tenantId,
        user_id: id,
        security_group_id: t.securityGroupId,
        force_sso_flag: opts.forceSso ?? false,
        accept_timestamp: trx.fn.now(),
      });
      await trx('users').where({ user_id: id }).update({ current_tenant_id: t.tenantId });
    }
    if (opts.active === false) await trx('users').where({ user_id: id }).update({ active_flag: false });
    return id;
  });
  return { email, userId };
}

const audit = (action: string, target: string) =>
  s.k.db.withSystem((trx) =>
    trx('audit_log').where({ action, target }).orderBy('at', 'desc').select('details', 'actor_user_id'),
  );

test('GET /v3/public/config names the configured providers; the config checks secrets and issuers', async () => {
  const r = await fetch(`${s.url}/v3/public/config`, { headers: { 'x-api-key': 'lci-public-key' } }).then((x) =>
    x.json(),
  );
  expect(r.social).toEqual([
    { id: 'ms', name: 'Microsoft' },
    { id: 'google', name: 'Google' },
  ]);
  expect(() => loadConfig({ LCI_MS_CLIENT_ID: 'x' })).toThrow(ConfigError);
  expect(() =>
    loadConfig({
      LCI_GOOGLE_CLIENT_ID: 'x',
      LCI_GOOGLE_CLIENT_SECRET: 'y',
      LCI_GOOGLE_ISSUER: 'http://idp.example.com',
    }),
  ).toThrow(/https/);
  expect(loadConfig({}).social.ms).toEqual({
    clientId: undefined,
    clientSecret: undefined,
    issuer: 'https://login.microsoftonline.com/common/v2.0',
  });
});

test.each(['ms', 'google'] as const)(
  'social sign-in with %s: upstream code exchange, then Lifecycle tokens for the user with that e-mail (audited, amr fed)',
  async (provider) => {
    const u = await newUser();
    const w = await socialSignIn(provider, u.email);
    expect(w.upstreamHops[0]).toBe('/auth'); // the upstream's authorization endpoint from its discovery document
    expect(w.final.pathname).toBe('/authed');
    expect(w.final.searchParams.get('state')).toBe(w.state);
    const tokens = await exchangeCode(s.url, { code: w.final.searchParams.get('code')!, config: w.config }, w.verifier);
    expect(tokens.status).toBe(200);
    const claims = await s.k.identity.verify(tokens.body.access_token);
    expect(claims).toMatchObject({ userId: u.userId, tenantId: t.tenantId });
    expect(JSON.parse(Buffer.from(tokens.body.id_token.split('.')[1], 'base64url').toString()).sub).toBe(
      String(u.userId),
    );
    const [entry] = await audit('auth.signin.succeeded', u.email);
    expect(entry.actor_user_id).toBe(u.userId);
    expect(entry.details).toMatchObject({ provider, amr: ['fed'], upstreamSubject: u.email });
  },
);

test('an e-mail no Lifecycle user has: back to /signIn with the identity for the sign-up wizard (issue 15 B9), audited; no session', async () => {
  const email = `nobody-${Date.now()}@example.com`;
  const w = await socialSignIn('google', email);
  expect(w.final.pathname).toBe('/signIn');
  expect(w.final.searchParams.get('interaction')).toBe(w.uid);
  expect(w.final.searchParams.get('federated')).toBe('google');
  const r = await result(w);
  expect(r.status).toBe(200);
  expect(r.body).toEqual({
    signUp: { email, firstName: expect.any(String), lastName: expect.any(String), provider: 'google' },
  });
  expect((await result(w)).status).toBe(404); // read once
  // An external identity the wizard's insertUserAndTenant finds: confirmed, no password, no tenant, linked.
  const row = await s.k.db.withSystem((trx) =>
    trx('users')
      .where({ username: email })
      .first('user_id', 'id_provider_name', 'password_hash', 'current_tenant_id', 'confirmed_flag'),
  );
  expect(row).toMatchObject({
    id_provider_name: 'google',
    password_hash: null,
    current_tenant_id: null,
    confirmed_flag: true,
  });
  const links = await s.k.db.withSystem((trx) =>
    trx('federated_identities').where({ user_id: row.user_id }).pluck('provider'),
  );
  expect(links).toEqual(['google']);
  const [entry] = await audit('auth.federation.signup', email);
  expect(entry.details).toMatchObject({ provider: 'google', created: true });
  expect(await audit('auth.signin.succeeded', email)).toEqual([]);
  // Again before the sign-up is finished: the wizard again, the same user.
  const again = await socialSignIn('google', email);
  expect((await result(again)).body.signUp.email).toBe(email);
  expect((await audit('auth.federation.signup', email)).map((e) => e.details.created)).toEqual(
    expect.arrayContaining([true, false]),
  );
  // The interaction is still open: the password form still works after it.
  const retry = await interactionCall(s.url, w.jar, w.uid, 'login', { email: t.email, password: t.password });
  expect(retry.status).toBe(200);
  expect(retry.body.redirectTo).toBeTruthy();
});

test('an e-mail the upstream does not vouch for (email_verified false) is refused like an unknown one', async () => {
  const email = `unverified-${Date.now()}@example.com`;
  await s.k.db.withSystem((trx) => createUser(trx, { email, firstName: 'U', lastName: 'V' }));
  const w = await socialSignIn('ms', email);
  expect(await result(w)).toEqual({
    status: 401,
    body: { error: expect.objectContaining({ message: 'Login failed.' }) },
  });
  expect((await audit('auth.signin.failed', email))[0].details).toMatchObject({ reason: 'email_not_verified' });
});

test('cancelling at the upstream (error=access_denied): "User cancelled login flow."', async () => {
  const u = await newUser();
  const w = await socialSignIn('ms', u.email, { cancel: true });
  expect(w.final.pathname).toBe('/signIn');
  expect(await result(w)).toEqual({
    status: 401,
    body: { error: expect.objectContaining({ code: 'user_cancelled', message: 'User cancelled login flow.' }) },
  });
});

test('force_sso_flag: the password is refused with a clear message, social sign-in is accepted', async () => {
  const u = await newUser({ forceSso: true });
  const a = await startAuthorization(s.url);
  const pwd = await interactionCall(s.url, a.jar, a.uid, 'login', { email: u.email, password: 'Lifecycle#2024' });
  expect(pwd).toEqual({
    status: 401,
    body: {
      error: expect.objectContaining({
        code: 'NotAuthorizedException',
        message: 'Your administrator requires single sign-on for this account.',
      }),
    },
  });
  // A wrong password still says only 'Login failed.' (the flag is not revealed without the password).
  const wrong = await interactionCall(s.url, a.jar, a.uid, 'login', { email: u.email, password: 'Wrong#Password1' });
  expect(wrong.body.error.message).toBe('Login failed.');
  const w = await socialSignIn('google', u.email);
  expect(w.final.pathname).toBe('/authed');
});

test('the first social sign-in pins the upstream account; another subject with the same e-mail is refused (audited)', async () => {
  const u = await newUser();
  expect((await socialSignIn('google', u.email)).final.pathname).toBe('/authed');
  const links = await s.k.db.withSystem((trx) =>
    trx('federated_identities').where({ user_id: u.userId }).select('provider', 'issuer', 'subject'),
  );
  expect(links).toEqual([{ provider: 'google', issuer: up.issuer, subject: u.email }]);
  expect(await audit('auth.federation.linked', u.email)).toEqual([
    expect.objectContaining({
      actor_user_id: u.userId,
      details: expect.objectContaining({ provider: 'google', upstreamSubject: u.email }),
    }),
  ]);

  // Another upstream account (another subject) now vouching for the same e-mail.
  const w = await socialSignIn('google', `intruder#${u.email}`);
  expect(w.final.pathname).toBe('/signIn');
  expect(await result(w)).toEqual({
    status: 401,
    body: {
      error: expect.objectContaining({
        code: 'NotAuthorizedException',
        message:
          'This Google account is not the one linked to your Lifecycle account. Sign in with the Google account you used before, or ask your administrator to reset the link.',
      }),
    },
  });
  expect((await audit('auth.signin.failed', u.email))[0]).toEqual(
    expect.objectContaining({
      details: expect.objectContaining({
        provider: 'google',
        reason: 'subject_mismatch',
        upstreamSubject: `intruder#${u.email}`,
      }),
    }),
  );

  // The linked account still signs in; another provider links its own account.
  expect((await socialSignIn('google', u.email)).final.pathname).toBe('/authed');
  expect((await socialSignIn('ms', u.email)).final.pathname).toBe('/authed');
  // An upstream account linked to one user cannot sign in another whose e-mail it later carries.
  const other = await newUser();
  await s.k.db.withSystem((trx) =>
    trx('federated_identities')
      .insert({ user_id: u.userId, provider: 'ms', issuer: 'x', subject: 'x' })
      .onConflict(['user_id', 'provider'])
      .merge({ issuer: up.issuer, subject: `shared#${other.email}` }),
  );
  const w2 = await socialSignIn('ms', `shared#${other.email}`);
  expect((await result(w2)).body.error.message).toMatch(/^This Microsoft account is not the one linked/);
  expect((await audit('auth.signin.failed', other.email))[0].details.reason).toBe('subject_linked_elsewhere');
});

test('a user without a tenant signs in; the token carries no tenant (the workspace goes to userHasNoTenant)', async () => {
  const u = await newUser({ tenant: false });
  const w = await socialSignIn('ms', u.email);
  const tokens = await exchangeCode(s.url, { code: w.final.searchParams.get('code')!, config: w.config }, w.verifier);
  expect((await s.k.identity.verify(tokens.body.access_token)).tenantId).toBeNull();
});

test('a disabled user is refused', async () => {
  const u = await newUser({ active: false });
  const w = await socialSignIn('google', u.email);
  expect(await result(w)).toEqual({
    status: 401,
    body: { error: expect.objectContaining({ message: 'User is disabled.' }) },
  });
});

test('the return is bound to the browser that started it; unknown states and replays go nowhere', async () => {
  const u = await newUser();
  // A callback with an unknown state starts over.
  const bogus = await fetch(`${s.url}/oidc/federated/callback?state=nope&code=x`, { redirect: 'manual' });
  expect(bogus.status).toBe(303);
  expect(bogus.headers.get('location')).toBe('/signIn');
  // Start in one browser, take the upstream's answer to another (login CSRF): no sign-in there.
  const a = await startAuthorization(s.url);
  const start = await a.jar.fetch(`${s.url}/oidc/interaction/${a.uid}/federated/ms`);
  expect(start.status).toBe(303);
  const authUrl = new URL(start.headers.get('location')!);
  expect(authUrl.origin).toBe(up.issuer);
  expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authUrl.searchParams.get('nonce')).toBeTruthy();
  expect(authUrl.searchParams.get('redirect_uri')).toBe(`${s.url}/oidc/federated/callback`);
  const other = new CookieJar();
  const cb = await other.fetch(
    `${s.url}/oidc/federated/callback?state=${authUrl.searchParams.get('state')}&code=stolen`,
  );
  const ret = await other.fetch(new URL(cb.headers.get('location')!, s.url).toString());
  expect(ret.status).toBe(303);
  expect(ret.headers.get('location')).toBe(`/signIn?interaction=${a.uid}`); // no interaction cookie: nothing happens
  // The real browser still finishes; a replay of its return is refused.
  const w = await socialSignIn('ms', u.email);
  expect(w.final.pathname).toBe('/authed');
  const replay = await w.jar.fetch(w.returnUrl!);
  expect(replay.status).toBe(303);
  expect(replay.headers.get('location')).toBe(`/signIn?interaction=${w.uid}`);
  // An unconfigured provider name is a 404.
  expect((await a.jar.fetch(`${s.url}/oidc/interaction/${a.uid}/federated/github`)).status).toBe(404);
});

test('Microsoft e-mail verification: email_verified, xms_edov or a personal account', () => {
  expect(emailIsVerified('google', { email_verified: true })).toBe(true);
  expect(emailIsVerified('google', {})).toBe(false);
  expect(emailIsVerified('ms', { xms_edov: true })).toBe(true);
  expect(emailIsVerified('ms', { tid: '9188040d-6c67-4c5b-b112-36a304b66dad' })).toBe(true);
  expect(emailIsVerified('ms', { tid: 'some-org' })).toBe(false);
  expect(emailIsVerified('ms', { email_verified: false, xms_edov: true })).toBe(false);
});
