import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { serveWorkspace } from './workspace';

let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-ws-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<meta name="lci-public-api-key" content="%LCI_PUBLIC_API_KEY%"><div id="root"></div><script type="module" src="/assets/app-abc.js"></script><script>window.boot=1</script>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'inside');
  fs.writeFileSync(path.join(os.tmpdir(), 'lci-outside.txt'), 'outside');
  const app = new Koa();
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/v3/')) {
      ctx.body = { api: true };
      return;
    }
    await next();
  });
  serveWorkspace(app, { root: dir, publicApiKey: 'pub"<key>', dev: false, baseUrl: 'https://lci.example.com' });
  server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

test('history fallback serves index.html with the public key, not cached', async () => {
  const r = await fetch(`${base}/dashboard/deep/link?x=1`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/html');
  expect(r.headers.get('cache-control')).toBe('no-cache');
  expect(await r.text()).toContain('content="pub&quot;&lt;key&gt;"');
});

test("index.html carries a Content-Security-Policy allowing only the server's scripts and the hash of its inline one", async () => {
  const r = await fetch(`${base}/signIn`);
  const csp = r.headers.get('content-security-policy') ?? '';
  const hash = `'sha256-${crypto.createHash('sha256').update('window.boot=1').digest('base64')}'`;
  expect(csp).toContain(`script-src 'self' ${hash}`);
  expect(csp).toContain("connect-src 'self' https://lci.example.com wss://lci.example.com");
  for (const d of [
    "default-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "img-src 'self' data:",
  ])
    expect(csp).toContain(d);
  expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  expect(r.headers.get('x-frame-options')).toBe('DENY');
});

test('assets are served immutable and gzipped when accepted', async () => {
  const r = await fetch(`${base}/assets/app-abc.js`, { headers: { 'accept-encoding': 'gzip' } });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('javascript');
  expect(r.headers.get('cache-control')).toContain('immutable');
  expect(r.headers.get('content-encoding')).toBe('gzip');
  expect(await r.text()).toContain('xxxxx');
});

test('a missing asset is a 404, not the html', async () => {
  const r = await fetch(`${base}/assets/gone-123.js`);
  expect(r.status).toBe(404);
});

test('API paths pass through; traversal does not escape the folder', async () => {
  expect(await (await fetch(`${base}/v3/anything`)).json()).toEqual({ api: true });
  const t = await fetch(`${base}/..%2flci-outside.txt`);
  expect(await t.text()).not.toContain('outside');
  expect(await (await fetch(`${base}/secret.txt`)).text()).toBe('inside');
});

test('503 with a hint when the workspace is not built', async () => {
  const app = new Koa();
  serveWorkspace(app, { root: path.join(dir, 'nope'), dev: false });
  const s = http.createServer(app.callback());
  await new Promise<void>((r) => s.listen(0, r));
  const r = await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/signIn`);
  expect(r.status).toBe(503);
  expect(await r.text()).toContain('npm run build');
  await new Promise((r2) => s.close(r2));
});
