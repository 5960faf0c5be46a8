/**
 * Security headers on every kind of answer of a real server whose base URL is https: HSTS everywhere; API JSON
 * (200, 400 for a bad query or body, 401, 403, 404, 405, 503 in maintenance) with nosniff and no-store; the identity pages (/oidc discovery,
 * sign-out page, error page) never framed. Without https no HSTS. The workspace's policy: workspace.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { apiCall, makeTenant, type TestTenant } from '../../tests/helpers/tenants';
import { HSTS, OIDC_CSP, inlineScriptHashes, securityHeaders, workspaceCsp } from './security-headers';

let s: TestServer;
let a: TestTenant;
beforeAll(async () => {
  s = await startTestServer({ env: { LCI_BASE_URL: 'https://lci.example.com' } });
  a = await makeTenant(s.k, s.url);
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

async function headersOf(path: string, init: RequestInit = {}): Promise<{ status: number; h: Headers }> {
  const r = await fetch(`${s.url}${path}`, { redirect: 'manual', ...init });
  await r.arrayBuffer();
  return { status: r.status, h: r.headers };
}

const apiHeaders = { 'x-api-key': 'lci-app-key-development' };

test('API answers of every kind carry nosniff, no-store and HSTS', async () => {
  const auth = { ...apiHeaders, authorization: `Bearer ${a.token}` };
  const cases: [string, RequestInit, number][] = [
    ['/healthz', {}, 200],
    ['/readyz', {}, 200],
    [`/v3/tenant/${a.tenantId}/flags`, { headers: auth }, 200],
    ['/v3/manager/session', { headers: auth }, 200],
    [`/v3/tenant/${a.tenantId}/flags`, { headers: apiHeaders }, 401],
    [`/v3/tenant/${a.tenantId + 1000}/flags`, { headers: auth }, 403],
    ['/v3/tenant/abc/flags', { headers: auth }, 400],
    ['/v3/no/such/route', { headers: auth }, 404],
    [`/v3/tenant/${a.tenantId}/flags`, { method: 'DELETE', headers: auth }, 405],
    ['/v3/openapi.json', {}, 200],
    [`/v3/storage/tenants/${a.tenantId + 1000}/x.json`, { headers: auth }, 403],
    [`/v3/storage/tenants/${a.tenantId}/missing.json`, { headers: auth }, 404],
    [
      `/v3/tenant/${a.tenantId}/flags/x`,
      { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: '{not json' },
      400,
    ],
  ];
  for (const [path, init, status] of cases) {
    const { status: got, h } = await headersOf(path, init);
    expect({ path, status: got }).toEqual({ path, status });
    expect({
      path,
      nosniff: h.get('x-content-type-options'),
      cache: h.get('cache-control'),
      hsts: h.get('strict-transport-security'),
    }).toEqual({ path, nosniff: 'nosniff', cache: 'no-store', hsts: HSTS });
  }
});

test('a 503 during maintenance carries them too', async () => {
  await s.k.db.withSystem((trx) =>
    trx('kernel_settings')
      .insert({ key: 'maintenance', value: JSON.stringify({ on: true, message: 'Upgrade' }) })
      .onConflict('key')
      .merge(),
  );
  try {
    const auth = { ...apiHeaders, authorization: `Bearer ${a.token}`, 'content-type': 'application/json' };
    let r = await headersOf(`/v3/tenant/${a.tenantId}/flags/x`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ value: true }),
    });
    for (let i = 0; r.status !== 503 && i < 30; i++) {
      // the kernel caches the setting up to 2 s
      await new Promise((res) => setTimeout(res, 200));
      r = await headersOf(`/v3/tenant/${a.tenantId}/flags/x`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ value: true }),
      });
    }
    expect(r.status).toBe(503);
    expect([r.h.get('x-content-type-options'), r.h.get('cache-control'), r.h.get('strict-transport-security')]).toEqual(
      ['nosniff', 'no-store', HSTS],
    );
  } finally {
    await s.k.db.withSystem((trx) => trx('kernel_settings').where({ key: 'maintenance' }).delete());
  }
});

test('the /oidc pages cannot be framed', async () => {
  for (const [path, accept] of [
    ['/oidc/.well-known/openid-configuration', 'application/json'],
    ['/oidc/session/end', 'text/html'],
    ['/oidc/auth?client_id=nope', 'text/html'],
  ] as const) {
    const { h } = await headersOf(path, { headers: { accept } });
    expect({
      path,
      csp: h.get('content-security-policy'),
      xfo: h.get('x-frame-options'),
      hsts: h.get('strict-transport-security'),
    }).toEqual({ path, csp: OIDC_CSP, xfo: 'DENY', hsts: HSTS });
    expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
  }
});

test('no HSTS when the base URL is http', async () => {
  const app = new Koa();
  app.use(securityHeaders('http://localhost:3000'));
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, r));
  const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v3/x`);
  expect(r.headers.get('strict-transport-security')).toBeNull();
  expect(r.headers.get('cache-control')).toBe('no-store');
  await new Promise((r2) => server.close(r2));
});

test('the workspace policy: scripts from the server and the hashes of inline ones, the API and its socket', () => {
  const html = '<script type="module" src="/assets/a.js"></script><script>window.x=1</script>';
  expect(inlineScriptHashes(html)).toEqual(["'sha256-hUmDl3yY/7GaaX+Zuy8aEy8IzxgpBs7xccqYHs2/7kQ='"]);
  const csp = workspaceCsp({ baseUrl: 'https://lci.example.com', scriptHashes: inlineScriptHashes(html) });
  expect(csp).toContain("script-src 'self' 'sha256-hUmDl3yY/7GaaX+Zuy8aEy8IzxgpBs7xccqYHs2/7kQ='");
  expect(csp).toContain("connect-src 'self' https://lci.example.com wss://lci.example.com");
  for (const d of ["object-src 'none'", "frame-ancestors 'none'", "base-uri 'self'", "img-src 'self' data:"])
    expect(csp).toContain(d);
  expect(csp).not.toContain('unsafe-eval');
  expect(workspaceCsp({ baseUrl: 'http://localhost:3000', dev: true })).toContain(
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  );
});
