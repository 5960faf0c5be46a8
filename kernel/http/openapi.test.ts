/** The OpenAPI builder's rules on small route tables (the whole document is checked in tests/http.test.ts). */
import { z } from 'zod';
import { buildOpenApi, operationIdOf } from './openapi';
import type { RegisteredRoute, RouteSpec } from './route-spec';

const route = (
  method: RegisteredRoute['method'],
  path: string,
  spec: RouteSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>,
): RegisteredRoute => ({
  method,
  path,
  spec,
  owner: 'probe',
  handler: () => null,
});
const build = (routes: RegisteredRoute[]) => buildOpenApi(routes, { baseUrl: 'http://localhost' });

test('every operation gets an operationId from its method and path, unique in the document', () => {
  expect(operationIdOf('get', '/v3/tenant/:tenantId/companies/:companyId')).toBe(
    'getTenantCompaniesByTenantIdByCompanyId',
  );
  const doc = build([route('get', '/v3/a-b', {}), route('get', '/v3/a_b', {})]);
  expect(
    [doc.paths['/v3/a-b'].get, doc.paths['/v3/a_b'].get].map((op) => (op as { operationId: string }).operationId),
  ).toEqual(['getAB', 'getAB2']);
});

test('recursive parts become components and are referred to there, not by #/$defs', () => {
  const node: z.ZodType = z.object({
    name: z.string(),
    get children() {
      return z.array(node);
    },
  });
  const doc = build([route('get', '/v3/tree', { response: z.object({ root: node }) })]);
  const text = JSON.stringify(doc);
  expect(text).not.toContain('#/$defs/');
  const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
  expect(refs.length).toBeGreaterThan(0);
  for (const name of refs) expect(doc.components.schemas).toHaveProperty([name]);
});

test('a large record used by two operations is one shared component', () => {
  const record = z.object(
    Object.fromEntries([...'abcdefghijklmnopqrst'].map((k) => [`field_${k}`, z.string().max(200)])),
  );
  const doc = build([
    route('get', '/v3/one', { response: z.object({ item: record }) }),
    route('get', '/v3/two', { response: z.object({ items: z.array(record) }) }),
  ]);
  const text = JSON.stringify(doc);
  expect(text.match(/"field_a":/g)).toHaveLength(1);
});

test('bodies are described as sent (input) and replies as answered (output); errors have the error body', () => {
  const shape = z.object({ name: z.string(), colour: z.string().default('blue') });
  const doc = build([route('post', '/v3/things', { body: shape, response: shape })]);
  const op = doc.paths['/v3/things'].post as Record<string, any>;
  expect(op.requestBody.content['application/json'].schema.required).toEqual(['name']);
  expect(op.responses[200].content['application/json'].schema.required).toEqual(['name', 'colour']);
  expect(op.responses[400]).toEqual({ $ref: '#/components/responses/BadRequest' });
  expect(doc.components.responses.BadRequest.content['application/json'].schema).toEqual({
    $ref: '#/components/schemas/Error',
  });
});

test('a schema that cannot be converted is an error naming the route, not an empty schema', () => {
  // Not a schema zod knows how to describe (as a hand-made or foreign schema object would be).
  const broken = { _zod: { def: { type: 'no-such-type' } } } as unknown as z.ZodType;
  expect(() => build([route('put', '/v3/broken', { body: broken })])).toThrow(/body of PUT \/v3\/broken/);
});
