import Koa from 'koa';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { regionCors, regionOrigins } from './region-cors';

test("the other regions' origins, not this one's", () => {
  expect([
    ...regionOrigins(
      { ue1: 'https://us.example.com', ec1: 'https://eu.example.com/', uw2: undefined },
      'https://us.example.com',
    ),
  ]).toEqual(['https://eu.example.com']);
});

describe('CORS for the other regions (LCI_REGION_URLS)', () => {
  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    const app = new Koa();
    app.use(regionCors(new Set(['https://eu.example.com'])));
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    server = http.createServer(app.callback());
    await new Promise<void>((r) => server.listen(0, r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });

  test('a preflight from another region is answered 204 with the allowed headers', async () => {
    const r = await fetch(`${base}/v3/manager/account/signup`, {
      method: 'OPTIONS',
      headers: { origin: 'https://eu.example.com', 'access-control-request-method': 'POST' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('https://eu.example.com');
    expect(r.headers.get('access-control-allow-headers')).toContain('x-api-key');
    expect(r.headers.get('access-control-allow-headers')).toContain('authorization');
  });
  test('a call from another region gets the allow-origin header', async () => {
    const r = await fetch(`${base}/v3/public/config`, { headers: { origin: 'https://eu.example.com' } });
    expect(r.headers.get('access-control-allow-origin')).toBe('https://eu.example.com');
    expect(await r.json()).toEqual({ ok: true });
  });
  test('other origins and non-API paths get no CORS headers', async () => {
    const r = await fetch(`${base}/v3/public/config`, { headers: { origin: 'https://evil.example.com' } });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    const w = await fetch(`${base}/dashboard`, { headers: { origin: 'https://eu.example.com' } });
    expect(w.headers.get('access-control-allow-origin')).toBeNull();
  });
});
