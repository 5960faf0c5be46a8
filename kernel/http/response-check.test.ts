/**
 * LCI_CHECK_RESPONSES (on in test servers): a 2xx JSON reply that does not match the route's declared response
 * schema answers 500 naming the route and the paths at fault; matching replies, error answers and empty replies pass;
 * with the check off (production) the reply goes out unchecked. OpenAPI shows the declared response schemas.
 */
import path from 'node:path';
import { startTestServer, type TestServer } from '../../tests/helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ pluginDirs: [path.join(__dirname, 'testing', 'plugins')], jobs: false });
}, 60_000);
afterAll(async () => s?.stop());

const probe = (kind: string) =>
  fetch(`${s.url}/v3/public/replyprobe/${kind}`, { headers: { 'x-api-key': s.k.config.publicApiKey } });

test('a reply that matches its schema goes out as the handler returned it', async () => {
  const res = await probe('good');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ count: 3, name: 'three', tags: ['a'], extra: true });
});

test('a reply that does not match answers 500 naming the route and each path at fault', async () => {
  const res = await probe('bad');
  expect(res.status).toBe(500);
  const { error } = await res.json();
  expect(error.code).toBe('response_schema_mismatch');
  expect(error.message).toContain('GET /v3/public/replyprobe/:kind does not match its declared response schema');
  expect(error.fields.map((f: { path: string }) => f.path).sort()).toEqual([
    'response.count',
    'response.name',
    'response.tags.1',
  ]);
});

test('error answers and replies without body are not checked against the success schema', async () => {
  expect((await probe('error')).status).toBe(404);
  expect((await probe('empty')).status).toBe(204);
});

test('with the check off (the production default) the wrong reply goes out unchecked', async () => {
  const config = s.k.config as { checkResponses: boolean };
  config.checkResponses = false;
  try {
    const res = await probe('bad');
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe('three');
  } finally {
    config.checkResponses = true;
  }
});

test('OpenAPI lists the response schema of a route that declares one', async () => {
  const doc = await (await fetch(`${s.url}/v3/openapi.json`)).json();
  const schema = doc.paths['/v3/public/replyprobe/{kind}'].get.responses['200'].content['application/json'].schema;
  expect(schema).toMatchObject({
    type: 'object',
    properties: {
      count: { type: 'integer' },
      name: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  });
  expect(schema.required).toEqual(expect.arrayContaining(['count', 'name', 'tags']));
  // A kernel route too: the feature flags of a tenant.
  const flags = doc.paths['/v3/tenant/{tenantId}/flags'].get.responses['200'].content['application/json'].schema;
  expect(flags.type).toBe('object');
});
