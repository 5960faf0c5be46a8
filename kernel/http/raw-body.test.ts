/**
 * The rawBody and apiKey: false route options (webhooks): the handler sees the exact bytes sent (so a
 * signature over them verifies), no API key is needed, other public routes still need theirs, a body over
 * 1 MB is refused with 413, and the route table refuses inconsistent declarations.
 */
import path from 'node:path';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { RouteTable } from './route-spec';
import { RAW_PROBE_KEYED_PATH, RAW_PROBE_PATH, sign } from './testing/plugins/raw-probe/plugin';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ pluginDirs: [path.join(__dirname, 'testing', 'plugins')], jobs: false });
}, 60_000);
afterAll(async () => s?.stop());

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${s.url}${RAW_PROBE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body,
  });

test('the handler gets the exact body text, without an API key, and a signature over it verifies', async () => {
  // Spacing, key order and a non-ASCII character survive: a re-serialised JSON would break the signature.
  const text = '{ "b": 1,   "a": "caf\u00e9",\n"n": 1.50 }';
  const res = await post(text, { 'x-probe-signature': sign(text) });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ rawBody: text, body: null, length: Buffer.byteLength(text) });
});

test('a body that is not JSON reaches the handler too; a wrong signature is refused by the handler', async () => {
  const text = 'not json {';
  expect((await post(text, { 'x-probe-signature': sign(text), 'content-type': 'text/plain' })).status).toBe(200);
  const bad = await post(text, { 'x-probe-signature': sign('other') });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toEqual({ error: expect.objectContaining({ status: 400, message: 'Bad signature' }) });
});

test('a body over 1 MB answers 413 in the error shape', async () => {
  const res = await post('x'.repeat(1024 * 1024 + 10), { 'x-probe-signature': 'x' });
  expect(res.status).toBe(413);
  expect((await res.json()).error.status).toBe(413);
});

test('a rawBody route without apiKey false still needs the API key; OpenAPI lists the hook without security', async () => {
  const url = `${s.url}${RAW_PROBE_KEYED_PATH}`;
  const none = await fetch(url, { method: 'POST', body: 'abc' });
  expect(none.status).toBe(401);
  expect((await none.json()).error.code).toBe('invalid_api_key');
  const keyed = await fetch(url, { method: 'POST', body: 'abc', headers: { 'x-api-key': s.k.config.publicApiKey } });
  expect(await keyed.json()).toEqual({ rawBody: 'abc' });
  const doc = await (await fetch(`${s.url}/v3/openapi.json`)).json();
  expect(doc.paths['/v3/public/rawprobe/hook'].post.security).toEqual([]);
});

test('the route table refuses apiKey false on a signed-in route and a body schema on a rawBody route', () => {
  const r = new RouteTable().registrar('test', { module: 'Any' });
  expect(() => r.post('/v3/x', { apiKey: false }, () => null)).toThrow(/only for public routes/);
  expect(() => r.post('/v3/y', { auth: 'public', rawBody: true, body: {} as never }, () => null)).toThrow(
    /declares no module|declares no body schema/,
  );
});

test("the route table applies the owner's module to a route that declares none, and refuses a route with neither", () => {
  const table = new RouteTable();
  const assets = table.registrar('assets', { module: ['AIR', 'Core'] });
  assets.get('/v3/a', {}, () => null);
  assets.get('/v3/b', { module: 'Assessment' }, () => null);
  assets.get('/v3/c', { auth: 'public', module: 'Any' }, () => null);
  expect(table.routes.map((r) => r.spec.module)).toEqual([['AIR', 'Core'], 'Assessment', 'Any']);
  // No declaration is no "ungated": the plugin says 'Any' or the route says what it needs.
  const bare = table.registrar('bare');
  expect(() => bare.get('/v3/d', {}, () => null)).toThrow(
    /route \/v3\/d declares no module and its plugin none either/,
  );
  expect(() => bare.get('/v3/e', { module: 'Any' }, () => null)).not.toThrow();
  // A public route has no caller to check: it cannot need a module.
  expect(() => assets.post('/v3/f', { auth: 'public' }, () => null)).toThrow(
    /public route \/v3\/f cannot require a module/,
  );
  expect(table.routes.map((r) => r.path)).toEqual(['/v3/a', '/v3/b', '/v3/c', '/v3/e']);
});
