/** OpenAPI 3.1 document generated from the route table's zod schemas. */
import { z } from 'zod';
import type { Config } from '../../config';
import type { RegisteredRoute } from './route-spec';

function schemaOf(s: z.ZodType | undefined): Record<string, unknown> | undefined {
  if (!s) return undefined;
  try {
    const json = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  } catch {
    return {};
  }
}

export function buildOpenApi(routes: RegisteredRoute[], config: Pick<Config, 'baseUrl'>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z0-9_]+)\+?/g, '{$1}');
    const params = schemaOf(r.spec.params) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    const query = schemaOf(r.spec.query) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
    const pathNames = [...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
    const parameters = [
      ...pathNames.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: params?.properties?.[name] ?? { type: 'string' },
      })),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: query?.required?.includes(name) ?? false,
        schema,
      })),
    ];
    const auth = r.spec.auth ?? 'user';
    paths[path] ??= {};
    paths[path][r.method] = {
      summary: r.spec.summary ?? `${r.method.toUpperCase()} ${path}`,
      tags: r.spec.tags ?? [r.owner],
      parameters,
      ...(r.spec.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(r.spec.body) } } } }
        : {}),
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: schemaOf(r.spec.response) ?? {} } } },
        400: {
          description: 'Invalid input',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        ...(auth !== 'public' ? { 401: { description: 'Not signed in' }, 403: { description: 'Not allowed' } } : {}),
      },
      security: auth === 'public' ? (r.spec.apiKey === false ? [] : [{ apiKey: [] }]) : [{ apiKey: [], bearer: [] }],
      'x-lci-access': { auth, page: r.spec.page, module: r.spec.module, scope: r.spec.scope },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Lifecycle API', version: '2024.12.10' },
    servers: [{ url: config.baseUrl }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            error: {
              type: 'object',
              properties: {
                status: { type: 'integer' },
                code: { type: 'string' },
                message: { type: 'string' },
                fields: {
                  type: 'array',
                  items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
                },
              },
              required: ['status', 'code', 'message'],
            },
          },
        },
      },
    },
  };
}
