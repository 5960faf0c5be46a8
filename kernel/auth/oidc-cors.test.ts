/**
 * CORS on the provider's endpoints (/oidc): only the workspace's origins (the base URL's and LCI_ALLOWED_ORIGINS) and
 * the other regions' deployments (LCI_REGION_URLS) get an answer a browser accepts; any other origin's preflight and
 * call carry no Access-Control-Allow-Origin, so a page elsewhere cannot call /oidc/token from its visitors' browsers.
 */
import { startTestServer, type TestServer } from '../../tests/helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    jobs: false,
    env: { LCI_REGION_URLS: 'ec1=https://eu.example.com', LCI_ALLOWED_ORIGINS: 'https://app.example.com' },
  });
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

const preflight = (path: string, origin: string) =>
  fetch(`${s.url}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });

test('a preflight of /oidc/token from an unknown origin gets no Access-Control-Allow-Origin', async () => {
  for (const origin of ['https://evil.example.com', 'null', `${new URL(s.url).origin}.evil.example.com`]) {
    const r = await preflight('/oidc/token', origin);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.headers.get('access-control-allow-methods')).toBeNull();
  }
});

test("a preflight from the workspace's origins and the configured regions is answered", async () => {
  for (const origin of [new URL(s.url).origin, 'https://app.example.com', 'https://eu.example.com']) {
    const r = await preflight('/oidc/token', origin);
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe(origin);
  }
});

test('a call from an unknown origin gets no Access-Control-Allow-Origin either (token, revocation, discovery)', async () => {
  const evil = 'https://evil.example.com';
  const token = await fetch(`${s.url}/oidc/token`, {
    method: 'POST',
    headers: { origin: evil, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'lci-workspace' }),
  });
  expect(token.status).toBeGreaterThanOrEqual(400);
  expect(token.headers.get('access-control-allow-origin')).toBeNull();
  const discovery = await fetch(`${s.url}/oidc/.well-known/openid-configuration`, { headers: { origin: evil } });
  expect(discovery.status).toBe(200);
  expect(discovery.headers.get('access-control-allow-origin')).toBeNull();
  const own = await fetch(`${s.url}/oidc/.well-known/openid-configuration`, {
    headers: { origin: new URL(s.url).origin },
  });
  expect(own.headers.get('access-control-allow-origin')).toBe(new URL(s.url).origin);
});
