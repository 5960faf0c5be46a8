/**
 * LCI_TRUSTED_PROXIES: forwarded headers from an untrusted peer change nothing
 * (throttles, audit addresses, the provider's secure cookies); from a trusted
 * proxy the client address is the first untrusted X-Forwarded-For entry from
 * the right. Loopback is made a trusted proxy through the configuration.
 */
import type { IncomingMessage } from 'node:http';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall } from '../../tests/helpers/tenants';
import { CookieJar, oidcConfig, pkcePair, startAuthorization } from '../../tests/helpers/auth';
import { clientAddress, compileTrust } from './client-address';

const req = (peer: string, xff?: string) =>
  ({
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: xff ? { 'x-forwarded-for': xff } : {},
  }) as unknown as IncomingMessage;

test('the client address: none trusted, a hop count, addresses/CIDRs', () => {
  const none = compileTrust([]);
  expect(clientAddress(req('10.0.0.5', '203.0.113.1'), none)).toBe('10.0.0.5');
  expect(clientAddress(req('::ffff:10.0.0.5', '203.0.113.1'), none)).toBe('10.0.0.5');
  const oneHop = compileTrust(1);
  expect(clientAddress(req('10.0.0.5', '203.0.113.1'), oneHop)).toBe('203.0.113.1');
  // The client prepends its own "address": only the entry the proxy added counts.
  expect(clientAddress(req('10.0.0.5', '1.2.3.4, 203.0.113.1'), oneHop)).toBe('203.0.113.1');
  const cidrs = compileTrust(['10.0.0.0/8']);
  expect(clientAddress(req('10.0.0.5', '1.2.3.4, 203.0.113.1, 10.0.0.9'), cidrs)).toBe('203.0.113.1');
  expect(clientAddress(req('198.51.100.7', '203.0.113.1'), cidrs)).toBe('198.51.100.7');
});

describe.each([
  ['untrusted peer (default: no trusted proxies)', {}, false],
  ['trusted peer (LCI_TRUSTED_PROXIES=loopback)', { LCI_TRUSTED_PROXIES: 'loopback' }, true],
] as const)('%s', (_name, env, trusted) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ jobs: false, env: { ...env } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const forgot = (n: number, ip: string) =>
    apiCall(
      s.url,
      'lci-public-key',
      null,
      'POST',
      '/v3/manager/identity/password/forgot',
      { username: `nobody-${n}-${Date.now()}@example.com` },
      { 'x-forwarded-for': ip },
    );

  test('the forgot-password limit per address (30) counts the real client', async () => {
    // 31 requests, each claiming another address.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await forgot(i, `203.0.113.${i + 1}`)).status);
    if (trusted) {
      expect(statuses.every((st) => st === 200)).toBe(true);
      for (let i = 0; i < 30; i++) expect((await forgot(100 + i, '198.51.100.77')).status).toBe(200);
      expect((await forgot(200, '198.51.100.77')).status).toBe(429);
    } else {
      expect(statuses.slice(0, 30).every((st) => st === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    }
  });

  test('the sign-in audit records the real client address', async () => {
    const { uid, jar } = await startAuthorization(s.url);
    const email = `ghost-${Date.now()}@nowhere.example.com`;
    const res = await jar.fetch(`${s.url}/oidc/interaction/${uid}/login`, {
      method: 'POST',
      headers: {
        'x-api-key': 'lci-public-key',
        accept: 'application/json',
        'content-type': 'application/json',
        'x-forwarded-for': '1.2.3.4, 203.0.113.200',
      },
      body: JSON.stringify({ email, password: 'Wrong#Password1' }),
    });
    expect(res.status).toBe(401);
    const row = await s.k.db.withSystem((trx) =>
      trx('audit_log').where({ target: email, action: 'auth.signin.failed' }).first(),
    );
    if (trusted) expect(row.details.ip).toBe('203.0.113.200');
    else expect(row.details.ip).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});

describe.each([
  ['untrusted peer', {}, false],
  ['trusted peer', { LCI_TRUSTED_PROXIES: 'loopback' }, true],
] as const)('behind a TLS proxy (https base URL), %s', (_name, env, trusted) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ jobs: false, env: { ...env, LCI_BASE_URL: 'https://lci.example.test' } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  test('the provider believes X-Forwarded-Proto only from a trusted proxy (its Secure cookies)', async () => {
    const config = await oidcConfig(s.url);
    const pkce = pkcePair();
    const q = new URLSearchParams({
      client_id: config.clientId,
      response_type: 'code',
      scope: config.scope,
      redirect_uri: 'https://lci.example.test/authed',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      state: 'st',
      resource: config.resource,
    });
    const res = await new CookieJar().fetch(`${s.url}/oidc/auth?${q}`, {
      headers: { 'x-forwarded-proto': 'https', accept: 'application/json' },
    });
    const cookies = res.headers.getSetCookie();
    if (trusted) {
      expect(res.status).toBe(303);
      expect(cookies.length).toBeGreaterThan(0);
      expect(cookies.every((c) => /;\s*secure/i.test(c))).toBe(true);
    } else {
      // A forged X-Forwarded-Proto does not make a plain-HTTP request secure: no Secure cookie is sent over it.
      expect(res.status).not.toBe(303);
      expect(cookies).toEqual([]);
    }
  });
});
