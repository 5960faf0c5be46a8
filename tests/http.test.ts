/**
 * The HTTP pipeline end to end on a real server: API keys, bearer tokens, the
 * tenant in the path, the cache-buster, validation, the one error shape,
 * rerouting large responses to storage with followable signed links, health
 * and readiness, and the OpenAPI document.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG_NO_TENANT } from '../common/texts';
import { createUser } from '../kernel/tenancy/provision';
import { TEST_PLUGINS_DIR } from './helpers/plugins';
import { startTestServer, type TestServer } from './helpers/server';
import { apiCall, makeTenant, type TestTenant } from './helpers/tenants';
import { PROBE_PAGE } from './plugins/probe/public';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const pages = [{ url: PROBE_PAGE, access_level: 'Read/Write' as const }];
const items = (t: TestTenant) => `/v3/tenant/${t.tenantId}/probe/items`;

function expectErrorShape(res: { status: number; body: any }, status: number) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    error: expect.objectContaining({ status, code: expect.any(String), message: expect.any(String) }),
  });
  expect(JSON.stringify(res.body)).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack traces
}

beforeAll(async () => {
  s = await startTestServer({ pluginDirs: [TEST_PLUGINS_DIR], env: { LCI_REROUTE_BYTES: '65536' } });
  a = await makeTenant(s.k, s.url, { pages });
  b = await makeTenant(s.k, s.url, { pages });
  await a.api('POST', items(a), { name: 'a-first', qty: 1 });
});
afterAll(async () => s?.stop());

describe('health', () => {
  test('/healthz answers ok and /readyz checks the database and lists the plugins', async () => {
    const h = await fetch(`${s.url}/healthz`);
    expect(h.status).toBe(200);
    expect(await h.json()).toEqual({ status: 'ok' });
    const r = await fetch(`${s.url}/readyz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      status: 'ready',
      engine: s.k.db.engine,
      plugins: expect.arrayContaining(['probe', 'probe-addon', 'companies']),
    });
  });
});

describe('API key', () => {
  test('signed-in routes need the app key; the public key is refused there', async () => {
    expectErrorShape(await apiCall(s.url, '', a.token, 'GET', items(a)), 401);
    const pub = await apiCall(s.url, s.k.config.publicApiKey, a.token, 'GET', items(a));
    expectErrorShape(pub, 401);
    expect(pub.body.error.code).toBe('invalid_api_key');
    expect((await apiCall(s.url, s.k.config.apiKey, a.token, 'GET', items(a))).status).toBe(200);
  });

  test('public routes take the public key (or the app key), nothing else', async () => {
    expect(await apiCall(s.url, s.k.config.publicApiKey, null, 'GET', '/v3/public/probe/ping')).toEqual({
      status: 200,
      body: { pong: true },
    });
    expect((await apiCall(s.url, s.k.config.apiKey, null, 'GET', '/v3/public/probe/ping')).status).toBe(200);
    expectErrorShape(await apiCall(s.url, 'wrong-key-123', null, 'GET', '/v3/public/probe/ping'), 401);
    expectErrorShape(await apiCall(s.url, '', null, 'GET', '/v3/public/probe/ping'), 401);
  });
});

describe('bearer token', () => {
  test('missing, malformed or foreign tokens are refused with 401', async () => {
    const none = await apiCall(s.url, s.k.config.apiKey, null, 'GET', items(a));
    expectErrorShape(none, 401);
    expect(none.body.error.message).toBe('You are not authorized, please log in again');
    expectErrorShape(await apiCall(s.url, s.k.config.apiKey, 'not.a.jwt', 'GET', items(a)), 401);
    const [h, p] = a.token.split('.');
    expectErrorShape(await apiCall(s.url, s.k.config.apiKey, `${h}.${p}.${'A'.repeat(86)}`, 'GET', items(a)), 401);
    expectErrorShape(
      await apiCall(s.url, s.k.config.apiKey, a.token, 'GET', items(a), undefined, {
        authorization: `Basic ${a.token}`,
      }),
      401,
    );
  });

  test('an expired token is refused', async () => {
    const short = await s.k.identity.issueAccessToken(a.userId, { ttlSeconds: 1 });
    expect((await apiCall(s.url, s.k.config.apiKey, short, 'GET', items(a))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2600));
    expectErrorShape(await apiCall(s.url, s.k.config.apiKey, short, 'GET', items(a)), 401);
  });
});

describe('tenant in the path', () => {
  test('must be numeric', async () => {
    const r = await a.api('GET', '/v3/tenant/abc/probe/items');
    expectErrorShape(r, 400);
    expect(r.body.error.fields).toEqual([expect.objectContaining({ path: 'params.tenantId' })]);
    expectErrorShape(await a.api('GET', '/v3/tenant/-1/probe/items'), 400);
  });

  test("must be the caller's current tenant", async () => {
    const r = await b.api('GET', items(a));
    expectErrorShape(r, 403);
    expect(JSON.stringify(r.body)).not.toContain('a-first');
  });

  test('a caller with no current tenant is told so', async () => {
    const userId = await s.k.db.withSystem((trx) =>
      createUser(trx, { email: `nobody-${Date.now()}@example.com`, firstName: 'No', lastName: 'Tenant' }),
    );
    const token = await s.k.identity.issueAccessToken(userId);
    const r = await apiCall(s.url, s.k.config.apiKey, token, 'GET', items(a));
    expectErrorShape(r, 403);
    expect(r.body.error.message).toBe(MSG_NO_TENANT);
  });
});

describe('query, body and validation', () => {
  test('the cache-busting parameter is accepted and ignored; other unknown keys are refused', async () => {
    const plain = await a.api('GET', items(a));
    const busted = await a.api('GET', `${items(a)}?_=${Date.now()}`);
    expect(busted).toEqual(plain);
    const bogus = await a.api('GET', `${items(a)}?bogus=1`);
    expectErrorShape(bogus, 400);
    expect(bogus.body.error.message).toMatch(/query/);
  });

  test('bad input answers 400 naming every field at fault, and nothing changes', async () => {
    const before = (await a.api('GET', items(a))).body.items;
    const r = await a.api('POST', items(a), { name: ' ', qty: 'lots' });
    expectErrorShape(r, 400);
    expect(r.body.error.code).toBe('validation_failed');
    expect(r.body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['body.name', 'body.qty']);
    expect(r.body.error.fields.find((f: { path: string }) => f.path === 'body.name').message).toBe('Required.');
    const bad = await a.api('PUT', `${items(a)}/${before[0].item_id}`, { qty: -5, name: 'changed' });
    expectErrorShape(bad, 400);
    expectErrorShape(await a.api('POST', items(a), '{"name": "broken', {}), 400);
    expect((await a.api('GET', items(a))).body.items).toEqual(before);
  });

  test("a forged tenant_id in a body is ignored: the row belongs to the caller's tenant", async () => {
    const r = await a.api('POST', items(a), {
      name: 'forged-owner',
      qty: 2,
      tenant_id: b.tenantId,
      tenantId: b.tenantId,
    });
    expect(r.status).toBe(200);
    const row = await s.k.db.withSystem((trx) => trx('probe_items').where({ item_id: r.body.item.item_id }).first());
    expect(Number(row.tenant_id)).toBe(a.tenantId);
    expect((await b.api('GET', items(b))).body.items).toEqual([]);
  });

  test("another tenant's id in my own tenant's path finds nothing and changes nothing", async () => {
    const mine = (await a.api('GET', items(a))).body.items[0];
    expectErrorShape(await b.api('GET', `${items(b)}/${mine.item_id}`), 404);
    expectErrorShape(await b.api('PUT', `${items(b)}/${mine.item_id}`, { name: 'stolen' }), 404);
    expectErrorShape(await b.api('DELETE', `${items(b)}/${mine.item_id}`), 404);
    expect((await a.api('GET', `${items(a)}/${mine.item_id}`)).body.item).toEqual(mine);
  });

  test('an unknown API path, or a method a path does not take, answers the JSON error shape', async () => {
    expectErrorShape(await a.api('GET', `/v3/tenant/${a.tenantId}/no-such-thing`), 404);
    const wrong = await a.api('PATCH', items(a), {});
    expectErrorShape(wrong, 405);
    expect(wrong.body.error.message).toMatch(/allowed: GET, POST/);
  });
});

describe('large responses are rerouted to storage', () => {
  let rerouted: { reroute_to_s3: true; key: string; url: string };

  test('a small response comes inline', async () => {
    const r = await a.api('GET', `/v3/tenant/${a.tenantId}/probe/large?kb=1`);
    expect(r.status).toBe(200);
    expect(r.body.padding).toHaveLength(1024);
  });

  test("a large one answers { reroute_to_s3, key, url } under the tenant's prefix; the signed link serves it", async () => {
    const r = await a.api('GET', `/v3/tenant/${a.tenantId}/probe/large?kb=100&_=1`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      reroute_to_s3: true,
      key: expect.stringMatching(new RegExp(`^tenants/${a.tenantId}/`)),
      url: expect.any(String),
    });
    rerouted = r.body;
    const got = await fetch(rerouted.url);
    expect(got.status).toBe(200);
    const content = await got.json();
    expect(content.padding).toHaveLength(100 * 1024);
    expect(content.items.map((i: { name: string }) => i.name)).toContain('a-first');
  });

  test('the owner tenant may fetch the key with its token; another tenant may not', async () => {
    const path = `/v3/storage/${rerouted.key}`;
    expect((await a.api('GET', path)).status).toBe(200);
    const other = await b.api('GET', path);
    expectErrorShape(other, 403);
    expect(other.body.error.message).toBe('This file belongs to another tenant');
    expect(JSON.stringify(other.body)).not.toContain('a-first');
  });

  test('an expired, tampered or re-targeted link is refused', async () => {
    const expired = s.k.storage.signedUrl(rerouted.key, -60);
    const e = await fetch(expired);
    expect(e.status).toBe(403);
    expect((await e.json()).error.code).toBe('link_expired');
    const tampered = rerouted.url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await fetch(tampered)).status).toBe(403);
    const u = new URL(rerouted.url);
    u.pathname = u.pathname.replace(`tenants/${a.tenantId}/`, `tenants/${b.tenantId}/`);
    expect((await fetch(u)).status).toBe(403);
  });
});

describe('OpenAPI', () => {
  test('/v3/openapi.json lists every registered route with its schemas', async () => {
    const res = await fetch(`${s.url}/v3/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    const missing = s.k.routes.routes
      .filter((r) => !doc.paths[r.path.replace(/:([A-Za-z0-9_]+)\+?/g, '{$1}')]?.[r.method])
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    expect(s.k.routes.routes.length).toBeGreaterThan(8);
    const post = doc.paths['/v3/tenant/{tenantId}/probe/items'].post;
    expect(post.requestBody.content['application/json'].schema.properties).toHaveProperty('name');
    const list = doc.paths['/v3/tenant/{tenantId}/probe/items'].get;
    const parameter = (p: { $ref: string }) => doc.components.parameters[p.$ref.split('/').pop()!];
    expect(list.parameters.map((p: { $ref: string }) => parameter(p).name)).toEqual(
      expect.arrayContaining(['tenantId', 'q', 'limit']),
    );
  });

  test('the document passes a standard validator and generates a typed client that type-checks', async () => {
    const doc = await (await fetch(`${s.url}/v3/openapi.json`)).json();
    expect(JSON.stringify(doc).includes('#/$defs/')).toBe(false);
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    // As a client author checks it: swagger-parser, openapi-typescript, tsc (scripts/openapi-check.mjs).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-openapi-'));
    try {
      fs.writeFileSync(path.join(dir, 'doc.json'), JSON.stringify(doc));
      const check = spawnSync(
        process.execPath,
        ['scripts/openapi-check.mjs', path.join(dir, 'doc.json'), '--out', path.join(dir, 'client')],
        { encoding: 'utf8' },
      );
      expect(check.stderr).toBe('');
      expect(check.stdout).toMatch(
        /swagger-parser: valid[^]*openapi-typescript: [^]*tsc: the generated client type-checks/,
      );
      // The generated types name the operations and describe the error body.
      fs.writeFileSync(
        path.join(dir, 'client', 'use.ts'),
        [
          "import type { operations } from './api';",
          "type Op = operations['getTenantFlagsByTenantId'];",
          "export const flags: Op['responses'][200]['content']['application/json'] = { flags: { beta: true } };",
          "export const failure: Op['responses'][403]['content']['application/json'] = {",
          "  error: { status: 403, code: 'forbidden', message: 'No' },",
          '};',
        ].join('\n'),
      );
      const tsc = spawnSync(path.resolve('node_modules/.bin/tsc'), ['--noEmit', '--strict', 'use.ts'], {
        cwd: path.join(dir, 'client'),
        encoding: 'utf8',
      });
      expect(tsc.stdout + tsc.stderr).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
