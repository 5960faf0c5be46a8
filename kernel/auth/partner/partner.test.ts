/**
 * ScalePad partner sign-in on a real server against a loopback stand-in
 * partner speaking OAuth 2.0: POST /v3/manager/preauth/scalepad exchanges the
 * code, links the user by e-mail and answers a grant; the grant finishes the
 * real provider interaction (POST /oidc/interaction/:uid/partner), and the
 * code + PKCE exchange gives our tokens. The spec's partner errors.
 */
import { decodeJwt } from 'jose';
import { loadConfig, ConfigError } from '../../../config';
import { startTestServer, type TestServer } from '../../../tests/helpers/server';
import { apiCall, makeTenant, type TestTenant } from '../../../tests/helpers/tenants';
import { exchangeCode, interactionCall, startAuthorization, type CookieJar } from '../../../tests/helpers/auth';
import {
  startScalePadStandIn,
  type PartnerOutcome,
  type ScalePadStandIn,
} from '../../../tests/helpers/scalepad-standin';
import { MSG_NO_SUBSCRIPTIONS } from './scalepad';

let s: TestServer;
let sp: ScalePadStandIn;
let t: TestTenant;
const PUBLIC_KEY = 'lci-public-key';

beforeAll(async () => {
  sp = await startScalePadStandIn();
  s = await startTestServer({ env: sp.env, jobs: false });
  t = await makeTenant(s.k, s.url);
});
afterAll(async () => {
  await s?.stop();
  await sp?.stop();
});

const landing = () => `${s.url}/signUp/sp`;
const preauth = (body: unknown) => apiCall(s.url, PUBLIC_KEY, null, 'POST', '/v3/manager/preauth/scalepad', body);
const audit = (action: string) =>
  s.k.db.withSystem((trx) => trx('audit_log').where({ action }).orderBy('audit_id', 'desc').select());

/** The landing's steps: our authorization request (interaction), the partner code, the grant. */
async function partnerSignIn(outcome: PartnerOutcome) {
  const a = await startAuthorization(s.url);
  const res = await preauth({ code: sp.code(outcome, landing()), interaction: a.uid });
  return { ...a, res };
}

async function follow(jar: CookieJar, url: string, stopAt: string): Promise<URL> {
  let next = url;
  for (let i = 0; i < 10 && !next.startsWith(stopAt); i++) {
    const r = await jar.fetch(next, { headers: { accept: 'text/html' } });
    next = new URL(r.headers.get('location')!, next).toString();
  }
  return new URL(next);
}

test('public config: partner sign-in on, with the authorization endpoint and client id (never the secret)', async () => {
  const r = await apiCall(s.url, PUBLIC_KEY, null, 'GET', '/v3/public/config');
  expect(r.body.scalepad).toEqual({ enabled: true, authorizeUrl: `${sp.url}/authorize`, clientId: sp.clientId });
  expect(JSON.stringify(r.body)).not.toContain(sp.clientSecret);
});

test('configuration: all ScalePad variables or none; endpoints https except on loopback', () => {
  const base = { NODE_ENV: 'test' };
  expect(loadConfig(base).scalepad).toBeUndefined();
  expect(loadConfig({ ...base, ...sp.env }).scalepad).toMatchObject({
    tokenUrl: `${sp.url}/token`,
    clientId: sp.clientId,
  });
  const { LCI_SCALEPAD_CLIENT_SECRET: _omit, ...partial } = sp.env;
  expect(() => loadConfig({ ...base, ...partial })).toThrow(
    new ConfigError(
      'LCI_SCALEPAD_CLIENT_SECRET',
      'must be set with the other LCI_SCALEPAD_ variables (or leave them all unset)',
    ),
  );
  expect(() => loadConfig({ ...base, ...sp.env, LCI_SCALEPAD_TOKEN_URL: 'http://partner.example.com/token' })).toThrow(
    /LCI_SCALEPAD_TOKEN_URL.*https/,
  );
});

test('an existing user: code -> partner tokens -> grant -> interaction finished -> our tokens (amr fed)', async () => {
  const { uid, jar, verifier, config, state, res } = await partnerSignIn({
    user: { email: t.email.toUpperCase(), firstName: 'Pat', lastName: 'Partner', company: 'Partner MSP' },
  });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    userInfo: {
      Tenant: { CompanyName: 'Partner MSP' },
      Subject: { FirstName: 'Pat', LastName: 'Partner', Email: t.email.toUpperCase() },
    },
    subscriptionInfo: { subscriptions: [{ product: 'Lifecycle', status: 'active' }] },
    grant: expect.any(String),
    expiresIn: 120,
  });
  // The server exchanged the code with our client credentials and the landing's redirect URI.
  const tokenCall = sp.calls.filter((c) => c.path === '/token').at(-1)!;
  expect(tokenCall.form).toMatchObject({ grant_type: 'authorization_code', redirect_uri: landing() });
  expect(tokenCall.form?.client_secret).toBeUndefined(); // sent by HTTP Basic, not in the form

  const done = await interactionCall(s.url, jar, uid, 'partner', { grant: res.body.grant });
  expect(done.status).toBe(200);
  const authed = await follow(jar, done.body.redirectTo, config.redirectUri);
  expect(authed.searchParams.get('state')).toBe(state);
  const tokens = await exchangeCode(s.url, { code: authed.searchParams.get('code')!, config }, verifier);
  expect(tokens.status).toBe(200);
  expect(decodeJwt(tokens.body.access_token)).toMatchObject({ sub: String(t.userId), tid: t.tenantId });
  expect(await s.k.identity.verify(tokens.body.access_token)).toMatchObject({ userId: t.userId, tenantId: t.tenantId });

  const [verified] = await audit('identity.partner.verified');
  expect(verified).toMatchObject({ actor_user_id: t.userId, target: t.email.toUpperCase() });
  const [signedIn] = await audit('auth.signin.succeeded');
  expect(signedIn).toMatchObject({ actor_user_id: t.userId });
  expect(signedIn.details).toMatchObject({ amr: ['fed'], uid });
  // The user keeps the password sign-in: nothing about the account changed.
  const row = await s.k.db.withSystem((trx) =>
    trx('users').where({ user_id: t.userId }).first('id_provider_name', 'password_hash'),
  );
  expect(row.id_provider_name).toBe('lifecycle');
  expect(row.password_hash).toBeTruthy();

  // The grant is single use.
  const again = await interactionCall(s.url, jar, uid, 'partner', { grant: res.body.grant });
  expect(again.status).toBe(400); // the interaction itself is finished
});

test('a new e-mail becomes a confirmed partner user without password or tenant', async () => {
  const email = `new-partner-${Date.now()}@example.com`;
  const { uid, jar, verifier, config, res } = await partnerSignIn({
    user: { email, firstName: 'Nora', lastName: 'New', company: 'New MSP' },
  });
  expect(res.status).toBe(200);
  const done = await interactionCall(s.url, jar, uid, 'partner', { grant: res.body.grant });
  expect(done.status).toBe(200);
  const authed = await follow(jar, done.body.redirectTo, config.redirectUri);
  const tokens = await exchangeCode(s.url, { code: authed.searchParams.get('code')!, config }, verifier);
  const user = await s.k.db.withSystem((trx) => trx('users').where({ username: email }).first());
  expect(user).toMatchObject({
    name_first: 'Nora',
    name_last: 'New',
    company_name: 'New MSP',
    id_provider_name: 'scalepad',
    confirmed_flag: true,
    password_hash: null,
    current_tenant_id: null,
  });
  expect(decodeJwt(tokens.body.access_token)).toMatchObject({ sub: String(user.user_id), tid: null });
  expect((await audit('identity.partner.user_created'))[0]).toMatchObject({
    actor_user_id: Number(user.user_id),
    target: email,
  });
});

test("partner 'No subscriptions to create' answers the spec's text", async () => {
  const { res } = await partnerSignIn({ error: 'no-subscriptions' });
  expect(res.status).toBe(403);
  expect(res.body.error).toMatchObject({
    status: 403,
    code: 'NoSubscriptions',
    message: MSG_NO_SUBSCRIPTIONS,
    partnerStatus: 400,
  });
  expect(MSG_NO_SUBSCRIPTIONS).toBe(
    'It looks like you do not have an active Lifecycle account setup within ScalePad, please contact your ScalePad representative.',
  );
  expect((await audit('identity.partner.failed'))[0].details).toMatchObject({
    reason: 'NoSubscriptions',
    partner: 'scalepad',
  });
});

test('other partner errors answer the status code and text with the partner message', async () => {
  const rejected = (await partnerSignIn({ error: 'invalid-grant' })).res;
  expect(rejected.status).toBe(400);
  expect(rejected.body.error).toMatchObject({
    code: 'PartnerError',
    message: '400 Bad Request: The authorization code is invalid or has expired.',
    partnerStatus: 400,
    partnerStatusText: 'Bad Request',
  });
  const down = (await partnerSignIn({ error: 'server-error' })).res;
  expect(down.status).toBe(502);
  expect(down.body.error).toMatchObject({
    code: 'PartnerError',
    message: '500 Internal Server Error: Partner platform is down for maintenance',
    partnerStatus: 500,
  });
  // A code the partner never issued.
  const a = await startAuthorization(s.url);
  const unknown = await preauth({ code: 'not-a-real-code', interaction: a.uid });
  expect(unknown.body.error.message).toBe('400 Bad Request: The authorization code is invalid or has expired.');
});

test('the grant only finishes the interaction it was issued for, in the browser that started it', async () => {
  const victim = await startAuthorization(s.url);
  const { uid, jar, res } = await partnerSignIn({
    user: { email: t.email, firstName: 'A', lastName: 'B', company: 'C' },
  });
  expect(res.status).toBe(200);
  // Another interaction (another browser) cannot use it.
  const other = await interactionCall(s.url, victim.jar, victim.uid, 'partner', { grant: res.body.grant });
  expect(other.status).toBe(401);
  expect(other.body.error).toMatchObject({
    code: 'NotAuthorizedException',
    message: 'Your ScalePad sign-in has expired. Please sign in again.',
  });
  // Without the interaction cookie the interaction is not found. (The failed try above burnt the grant: single use.)
  const { CookieJar } = await import('../../../tests/helpers/auth');
  expect(
    (await interactionCall(s.url, new CookieJar(), uid, 'partner', { grant: res.body.grant })).body.error.code,
  ).toBe('interaction_expired');
  expect((await interactionCall(s.url, jar, uid, 'partner', { grant: res.body.grant })).status).toBe(401);
  expect((await interactionCall(s.url, jar, uid, 'partner', { grant: 'x'.repeat(43) })).status).toBe(401);
});

test('an unknown interaction is refused before the code is spent; a disabled user is refused', async () => {
  const before = sp.calls.length;
  const r = await preauth({ code: sp.code({ error: 'invalid-grant' }, landing()), interaction: 'no-such-interaction' });
  expect(r.status).toBe(400);
  expect(r.body.error.code).toBe('interaction_expired');
  expect(sp.calls.length).toBe(before);

  const off = await makeTenant(s.k, s.url);
  await s.k.db.withSystem((trx) => trx('users').where({ user_id: off.userId }).update({ active_flag: false }));
  const { res } = await partnerSignIn({ user: { email: off.email, firstName: 'O', lastName: 'Ff', company: 'X' } });
  expect(res.status).toBe(401);
  expect(res.body.error).toMatchObject({ code: 'NotAuthorizedException', message: 'User is disabled.' });
});

test('the challenge rules still apply after a partner sign-in (a user with an authenticator is asked for a code)', async () => {
  const mfa = await makeTenant(s.k, s.url);
  await s.k.db.withSystem((trx) =>
    trx('users').where({ user_id: mfa.userId }).update({ mfa_type: 'SOFTWARE_TOKEN_MFA' }),
  );
  const { uid, jar, res } = await partnerSignIn({
    user: { email: mfa.email, firstName: 'M', lastName: 'Fa', company: 'X' },
  });
  const step = await interactionCall(s.url, jar, uid, 'partner', { grant: res.body.grant });
  expect(step.status).toBe(200);
  expect(step.body).toMatchObject({ challenge: 'SOFTWARE_TOKEN_MFA' });
});

test('validation: code and interaction are required', async () => {
  const r = await preauth({});
  expect(r.status).toBe(400);
  expect(r.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['body.code', 'body.interaction']);
});

test('without the LCI_SCALEPAD_ variables the route says partner sign-in is not configured', async () => {
  const { registerPartnerRoutes } = await import('./routes');
  let handler: ((ctx: unknown) => Promise<unknown>) | undefined;
  const r = {
    post: (_p: string, _s: unknown, h: typeof handler) => {
      handler = h;
    },
  };
  registerPartnerRoutes(
    r as never,
    { config: { ...s.k.config, scalepad: undefined }, audit: s.k.audit, log: s.k.log } as never,
  );
  const out = (await handler!({ body: { code: 'x', interaction: 'y' }, db: null, koa: { ip: '127.0.0.1' } })) as {
    status: number;
    body: any;
  };
  expect(out.status).toBe(400);
  expect(out.body.error).toMatchObject({
    code: 'PartnerNotConfigured',
    message: 'ScalePad sign-in is not configured on this server.',
  });
});
