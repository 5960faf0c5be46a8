/**
 * OpenAPI 3.1 document generated from the route table's zod schemas: what a caller sends in
 * zod's input form, what a route answers in its output form, every error body described, an
 * operationId on every operation, and shared schemas under components (openapi-schemas.ts).
 * It passes a standard validator and generates a typed client (tests/http.test.ts).
 */
import type { Config } from '../../config';
import { SchemaComponents } from './openapi-schemas';
import type { RegisteredRoute } from './route-spec';

type Json = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorReply = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });
/** The error replies every operation may give, described once (components/responses). */
const ERROR_REPLIES = {
  BadRequest: errorReply('Invalid input: `fields` names each field that is wrong'),
  Unauthorized: errorReply('Not signed in, or a missing or wrong API key'),
  Forbidden: errorReply('Not allowed (page, module or role)'),
  NotFound: errorReply('Not found'),
  Unavailable: errorReply('The database is not reachable, or maintenance refuses writes; retry after `Retry-After`'),
  Error: errorReply('Any other error (e.g. 409 conflict, 429 too many attempts)'),
};
const replyRef = (name: keyof typeof ERROR_REPLIES) => ({ $ref: `#/components/responses/${name}` });

const pascal = (s: string): string =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** `get /v3/tenant/:tenantId/companies/:companyId` -> `getTenantCompaniesByTenantIdByCompanyId`. */
export function operationIdOf(method: string, path: string): string {
  const segments = path.split('/').filter((s) => s && s !== 'v3');
  const words = segments.filter((s) => !s.startsWith(':')).map(pascal);
  const params = segments.filter((s) => s.startsWith(':')).map((s) => `By${pascal(s.slice(1))}`);
  return method + [...words, ...params].join('');
}

/** Parameters stored once by content under components/parameters (`tenantId` alone is on most operations). */
class SharedParameters {
  readonly parameters: Record<string, Json> = {};
  private readonly byContent = new Map<string, string>();

  ref(p: { name: string; in: string; required: boolean; schema: unknown }): { $ref: string } {
    const text = JSON.stringify(p);
    let name = this.byContent.get(text);
    if (!name) {
      const base = `${pascal(p.name)}${pascal(p.in)}`;
      name = base;
      for (let i = 2; this.parameters[name]; i++) name = `${base}${i}`;
      this.parameters[name] = p;
      this.byContent.set(text, name);
    }
    return { $ref: `#/components/parameters/${name}` };
  }
}

export function buildOpenApi(routes: RegisteredRoute[], config: Pick<Config, 'baseUrl'>) {
  const components = new SchemaComponents();
  const sharedParameters = new SharedParameters();
  const paths: Record<string, Record<string, unknown>> = {};
  const taken = new Set<string>();
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z0-9_]+)\+?/g, '{$1}');
    const base = operationIdOf(r.method, r.path.replace(/\+/g, ''));
    let operationId = base;
    for (let i = 2; taken.has(operationId); i++) operationId = `${base}${i}`;
    taken.add(operationId);
    const where = (part: string) => `${part} of ${r.method.toUpperCase()} ${r.path}`;
    const input = (s: RegisteredRoute['spec']['params'], part: string, share = false) =>
      s ? components.convert(s, 'input', `${operationId}${pascal(part)}`, where(part), share) : undefined;
    const params = input(r.spec.params, 'params') as { properties?: Json } | undefined;
    const query = input(r.spec.query, 'query') as { properties?: Json; required?: string[] } | undefined;
    const pathNames = [...r.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
    const parameters = [
      ...pathNames.map((name) =>
        sharedParameters.ref({
          name,
          in: 'path',
          required: true,
          schema: params?.properties?.[name] ?? { type: 'string' },
        }),
      ),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) =>
        sharedParameters.ref({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema }),
      ),
    ];
    const body = input(r.spec.body, 'body', true);
    const reply = r.spec.response
      ? components.convert(r.spec.response, 'output', `${operationId}Reply`, where('response'))
      : {};
    const auth = r.spec.auth ?? 'user';
    paths[path] ??= {};
    paths[path][r.method] = {
      operationId,
      summary: r.spec.summary ?? `${r.method.toUpperCase()} ${path}`,
      tags: r.spec.tags ?? [r.owner],
      parameters,
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: reply } } },
        400: replyRef('BadRequest'),
        401: replyRef('Unauthorized'),
        ...(auth !== 'public' ? { 403: replyRef('Forbidden') } : {}),
        ...(pathNames.length ? { 404: replyRef('NotFound') } : {}),
        503: replyRef('Unavailable'),
        default: replyRef('Error'),
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
      responses: ERROR_REPLIES,
      parameters: sharedParameters.parameters,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
      schemas: {
        ...components.schemas,
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
                  items: {
                    type: 'object',
                    properties: { path: { type: 'string' }, message: { type: 'string' } },
                    required: ['path', 'message'],
                  },
                },
              },
              required: ['status', 'code', 'message'],
            },
          },
          required: ['error'],
        },
      },
    },
  };
}
