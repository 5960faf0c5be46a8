/**
 * The Koa application: health, identity, the /v1 and /v3 API built from the
 * route table, storage links, OpenAPI and the workspace. Each API request
 * passes: API key -> bearer token -> caller -> tenant -> access -> maintenance
 * -> validation -> one transaction (tenant, public or system scope) -> handler
 * -> JSON (rerouted to storage when large).
 */
import crypto from 'node:crypto';
import Router from '@koa/router';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { Trx } from '../db/database';
import type { Kernel } from '../kernel';
import type { Maintenance } from '../maintenance';
import type { Caller } from '../types';
import { proxyConfigWarning, trustedProxyMiddleware } from './client-address';
import {
  RETRY_AFTER_SECONDS,
  databaseUnavailable,
  fromDatabaseError,
  isDatabaseUnavailable,
  outageReporter,
} from './db-errors';
import { HttpError, badRequest, forbidden, unauthorized } from './errors';
import {
  MSG_LCI_ADMIN,
  MSG_NO_TENANT,
  MSG_TENANT_ADMIN,
  checkCaller,
  checkModule,
  checkMaintenance,
  guardWrite,
  type GuardTarget,
} from './guard-pipeline';
import { buildOpenApi } from './openapi';
import { checkReadiness, readinessMessage } from './readiness';
import { responseMismatch, responseMismatchError } from './response-check';
import { Reply, type RegisteredRoute } from './route-spec';
import { securityHeaders } from './security-headers';
import { parsePart, stripCacheBuster } from './validate';
import { MSG_NOT_AUTHORIZED, MSG_TOKEN_EXPIRED } from '../../common/texts';

import { regionCors, regionOrigins } from './region-cors';

const API_KEY_HEADER = 'x-api-key';

interface AppOptions {
  k: Kernel;
  maintenance: Maintenance;
  serveWorkspace?: (app: Koa) => void;
}

export function createApp({ k, maintenance, serveWorkspace }: AppOptions): Koa {
  const app = new Koa();
  app.silent = true;
  // HSTS on https; nosniff and no-store on API answers; /oidc never framed (security-headers.ts).
  app.use(securityHeaders(k.config.baseUrl));
  // Forwarded headers only from LCI_TRUSTED_PROXIES; ctx.ip is the client address everywhere (client-address.ts).
  app.use(trustedProxyMiddleware(app, k.config.trustedProxies));
  const proxyWarning = proxyConfigWarning(k.config);
  if (proxyWarning) k.log.warn(proxyWarning);

  // Calls from the workspaces of the other regions' deployments (LCI_REGION_URLS; region-cors.ts).
  app.use(regionCors(regionOrigins(k.config.regionUrls, k.config.baseUrl)));

  const reportOutage = outageReporter(k.log);
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (e) {
      const unavailable = !(e instanceof HttpError) && isDatabaseUnavailable(e);
      if (unavailable) reportOutage(e);
      const mapped =
        e instanceof HttpError
          ? e
          : (fromDatabaseError(e) ?? (unavailable ? databaseUnavailable() : null) ?? bodyParserError(e));
      if (mapped) {
        ctx.status = mapped.status;
        // 503: a dependency is down or maintenance is on; the client retries after a few seconds.
        if (mapped.status === 503) ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
        ctx.body = mapped.toJSON();
        return;
      }
      const id = crypto.randomUUID();
      k.log.error({ err: e, errorId: id, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = new HttpError(500, `Something went wrong on our side (error ${id})`).toJSON();
    }
  });

  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path === '/readyz') {
      const r = await checkReadiness(k);
      ctx.set('Cache-Control', 'no-store');
      if (!r.ready) {
        ctx.status = 503;
        ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
        ctx.body = {
          status: 'unavailable',
          message: readinessMessage(r.failed),
          failed: r.failed,
          checks: r.checks,
          engine: k.db.engine,
        };
        return;
      }
      ctx.body = { status: 'ready', engine: k.db.engine, checks: r.checks, plugins: k.plugins.map((p) => p.id) };
      return;
    }
    await next();
  });

  const router = new Router();
  const bodyParser = koaBody({
    jsonLimit: '10mb',
    formLimit: '1mb',
    textLimit: '1mb',
    multipart: false,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as never,
  });
  // Built once, on the first request (the route table does not change after start).
  let openApi: ReturnType<typeof buildOpenApi> | undefined;
  router.get('/v3/openapi.json', (ctx) => {
    ctx.body = openApi ??= buildOpenApi(k.routes.routes, k.config);
  });
  router.get('/v3/storage/*key', async (ctx) => serveStorage(ctx, k));
  router.put('/v3/storage/*key', async (ctx) => receiveUpload(ctx, k));
  for (const route of k.routes.routes) {
    const handle = (ctx: Koa.Context) => runRoute(ctx, route, k, maintenance);
    if (route.method === 'get') router.get(route.path, handle);
    else router[route.method](route.path, route.spec.rawBody ? rawBodyReader : bodyParser, handle);
  }
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));

  app.use(async (ctx, next) => {
    if (/^\/(v1|v3)\//.test(ctx.path) && ctx.status === 404 && ctx.body === undefined) {
      // A known path with another method: 405 in the one error shape (allowedMethods leaves a set 405 alone).
      const allowed = [...new Set(router.match(ctx.path, ctx.method).path.flatMap((l) => l.methods))].filter(
        (m) => m !== 'HEAD',
      );
      if (allowed.length) {
        ctx.set('Allow', allowed.join(', '));
        ctx.status = 405;
        ctx.body = new HttpError(
          405,
          `${ctx.method} is not allowed on ${ctx.path} (allowed: ${allowed.join(', ')})`,
          'method_not_allowed',
        ).toJSON();
        return;
      }
      ctx.status = 404;
      ctx.body = new HttpError(404, `No route ${ctx.method} ${ctx.path}`).toJSON();
      return;
    }
    await next();
  });
  // After the API so API calls do not pass through the provider's middleware.
  k.identity.mount(app);
  serveWorkspace?.(app);
  return app;
}

const RAW_BODY_LIMIT = 1024 * 1024;

/** For routes declared with rawBody: keeps the exact request body as text (ctx.state.rawBody). */
async function rawBodyReader(ctx: Koa.Context, next: Koa.Next): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > RAW_BODY_LIMIT) throw new HttpError(413, `Request body larger than ${RAW_BODY_LIMIT} bytes`);
    chunks.push(chunk);
  }
  ctx.state.rawBody = Buffer.concat(chunks).toString('utf8');
  await next();
}

function bodyParserError(e: unknown): HttpError | null {
  const err = e as { status?: number; message?: string; type?: string };
  if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
    return new HttpError(
      err.status,
      err.status === 400 ? `Invalid request body: ${err.message}` : (err.message ?? 'Bad request'),
    );
  }
  return null;
}

function bearer(ctx: Koa.Context): string | null {
  const h = ctx.get('authorization');
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1].trim() : null;
}

async function authenticate(ctx: Koa.Context, k: Kernel): Promise<Caller> {
  const token = bearer(ctx);
  if (!token) throw unauthorized(MSG_NOT_AUTHORIZED);
  let claims;
  try {
    claims = await k.identity.verify(token);
  } catch (e) {
    const expired = (e as { code?: string }).code === 'ERR_JWT_EXPIRED';
    throw unauthorized(expired ? MSG_TOKEN_EXPIRED : MSG_NOT_AUTHORIZED);
  }
  return k.access.resolve(claims);
}

function isWrite(route: RegisteredRoute, body: unknown): boolean {
  const w = route.spec.write;
  if (typeof w === 'function') return w(body);
  if (typeof w === 'boolean') return w;
  return route.method !== 'get';
}

/** What the checks of guard-pipeline.ts see of a route: its own access, or that of what it dispatches to. */
function routeTarget(route: RegisteredRoute, params: unknown, body: unknown): GuardTarget {
  const spec = route.spec;
  if (spec.dispatch) return spec.dispatch({ params, body });
  return {
    owner: route.owner,
    method: route.method.toUpperCase(),
    path: route.path,
    auth: spec.auth,
    page: spec.page,
    module: spec.module,
    write: isWrite(route, body),
    duringMaintenance: spec.duringMaintenance,
  };
}

async function runRoute(ctx: Koa.Context, route: RegisteredRoute, k: Kernel, maintenance: Maintenance): Promise<void> {
  const spec = route.spec;
  const auth = spec.auth ?? 'user';
  const key = ctx.get(API_KEY_HEADER);
  if (auth === 'public') {
    if (spec.apiKey !== false && key !== k.config.publicApiKey && key !== k.config.apiKey)
      throw new HttpError(401, 'A valid API key header is required', 'invalid_api_key');
  } else if (key !== k.config.apiKey) {
    throw new HttpError(401, 'A valid API key header is required', 'invalid_api_key');
  }

  const caller = auth === 'public' ? null : await authenticate(ctx, k);
  if (caller) {
    if (auth === 'internal' && !caller.isLciAdmin) throw forbidden(MSG_LCI_ADMIN);
    if (auth === 'tenantAdmin' && !(caller.isTenantAdmin || caller.isLciAdmin)) throw forbidden(MSG_TENANT_ADMIN);
  }

  // Tenant in the path: numeric and the caller's current tenant.
  const rawTenant = ctx.params?.tenantId as string | undefined;
  if (rawTenant !== undefined) {
    if (!/^\d+$/.test(rawTenant))
      throw badRequest('tenantId must be numeric', [{ path: 'params.tenantId', message: 'must be numeric' }]);
    if (caller && caller.tenantId === null) throw forbidden(MSG_NO_TENANT);
    if (caller && Number(rawTenant) !== caller.tenantId)
      throw forbidden(`Tenant ${rawTenant} is not your current tenant`);
  }

  // The area's modules before its input: a tenant without them is refused whatever it sends (a dispatching route's
  // target is known only from its input; its checks run below).
  if (!spec.dispatch) checkModule(caller, spec.module);

  const params = parsePart('params', spec.params, ctx.params ?? {});
  const query = parsePart('query', spec.query, stripCacheBuster(ctx.query as Record<string, unknown>));
  const rawBody = spec.rawBody ? String(ctx.state.rawBody ?? '') : undefined;
  const parsedBody = spec.rawBody ? undefined : (ctx.request as unknown as { body?: unknown }).body;
  const body = parsePart('body', spec.body, parsedBody ?? {}, spec.nulAllowed);
  // The one pipeline of checks (guard-pipeline.ts), shared with realtime functions over the socket.
  const target = routeTarget(route, params, body);
  const writes = target.write;
  checkCaller(k, caller, target);
  await checkMaintenance(maintenance, caller, target);

  const scope = spec.scope ?? (auth === 'public' ? 'public' : 'tenant');
  // A signed-in user's route may run in the system scope only when the kernel owns it (identity work on the global users table).
  if (scope === 'system' && auth !== 'public' && auth !== 'internal' && !route.owner.startsWith('kernel:'))
    throw new Error(`${route.path}: system scope needs auth internal or public`);
  if (scope === 'tenant' && (!caller || caller.tenantId === null)) throw forbidden(MSG_NO_TENANT);

  const run = async (trx: Trx, tenantId: number) => {
    const audit = async (action: string, details: Record<string, unknown> = {}, target?: string) => {
      await k.audit.write(trx, {
        tenantId: scope === 'tenant' ? tenantId : undefined,
        actorUserId: caller?.userId ?? null,
        impersonatorUserId: caller?.impersonation ? caller.userId : null,
        action,
        target,
        details: caller?.impersonation
          ? { ...details, impersonation: caller.impersonation, homeTenantId: caller.homeTenantId }
          : details,
      });
    };
    if (scope === 'tenant') await guardWrite(k, trx, tenantId, target, caller);
    const result = await route.handler({
      params,
      query,
      body,
      db: trx,
      caller,
      tenantId,
      koa: ctx,
      audit,
      rawBody,
    } as never);
    if (scope === 'system' && writes && caller) await audit(`system.${route.method}`, { path: ctx.path }, route.path);
    else if (caller?.impersonation && writes)
      await audit(`impersonated.${route.method}`, { path: ctx.path }, route.path);
    return result;
  };

  let result: unknown;
  // Reads run read-only: on PostgreSQL each statement then carries its scope in its own round trip (lean-pg.ts).
  const readOnly = !writes;
  if (scope === 'tenant')
    result = await k.db.withTenant(caller!.tenantId!, (trx) => run(trx, caller!.tenantId!), {
      userId: caller!.userId,
      readOnly,
    });
  else if (scope === 'system') result = await k.db.withSystem((trx) => run(trx, 0), { readOnly });
  else result = await k.db.withPublic((trx) => run(trx, 0), { readOnly });

  await respond(ctx, k, route, result, scope === 'tenant' ? caller!.tenantId! : null);
}

async function respond(
  ctx: Koa.Context,
  k: Kernel,
  route: RegisteredRoute,
  result: unknown,
  tenantId: number | null,
): Promise<void> {
  let status = 200;
  let body = result;
  if (result instanceof Reply) {
    status = result.status;
    body = result.body;
    for (const [h, v] of Object.entries(result.headers)) ctx.set(h, v);
  }
  if (body === undefined) {
    ctx.status = status === 200 ? 204 : status;
    return;
  }
  if (Buffer.isBuffer(body) || typeof body === 'string') {
    ctx.status = status;
    ctx.body = body;
    return;
  }
  const json = JSON.stringify(body);
  if (k.config.checkResponses) {
    // Tests: the reply, as the client parses it, must match the route's response schema (response-check.ts).
    const mismatch = responseMismatch(route, status, JSON.parse(json));
    if (mismatch) {
      k.log.error({ route: mismatch.route, issues: mismatch.issues }, 'reply does not match its response schema');
      throw responseMismatchError(mismatch);
    }
  }
  // A UTF-16 code unit takes at most 3 bytes in UTF-8: most answers need no byte count.
  if (
    route.spec.reroute !== false &&
    json.length * 3 > k.config.rerouteBytes &&
    Buffer.byteLength(json) > k.config.rerouteBytes
  ) {
    const key = `${tenantId ? `tenants/${tenantId}` : 'public'}/reroute/${new Date().toISOString().slice(0, 10)}/${crypto.randomUUID()}.json`;
    await k.storage.put(key, json, 'application/json');
    ctx.status = status;
    ctx.body = { reroute_to_s3: true, key, url: k.storage.signedUrl(key, 600) };
    return;
  }
  ctx.status = status;
  ctx.set('Content-Type', 'application/json; charset=utf-8');
  ctx.body = json;
}

/**
 * PUT /v3/storage/<key>?expires&contentType&maxBytes&signature: stores the raw body under key through a signed upload
 * link (Storage.signedUploadUrl); the request's Content-Type must be the signed one and the body at most maxBytes.
 */
async function receiveUpload(ctx: Koa.Context, k: Kernel): Promise<void> {
  const key = String(ctx.params.key);
  const q = ctx.query as Record<string, string | undefined>;
  const limits = { contentType: q.contentType ?? '', maxBytes: Number(q.maxBytes) };
  if (!q.signature || !k.storage.verifyUpload(key, limits, Number(q.expires), q.signature))
    throw new HttpError(403, 'This link has expired or is not valid', 'link_expired');
  const sent = (ctx.get('Content-Type') || '').split(';')[0]!.trim().toLowerCase();
  if (sent !== limits.contentType.toLowerCase())
    throw new HttpError(415, `This link accepts ${limits.contentType} only`, 'unsupported_media_type');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limits.maxBytes) throw new HttpError(413, `The file is larger than ${limits.maxBytes} bytes`);
    chunks.push(chunk);
  }
  await k.storage.put(key, Buffer.concat(chunks), limits.contentType);
  ctx.status = 200;
  ctx.body = { key, bytes: size };
}

/** GET /v3/storage/<key>: by a signed link, or by a signed-in caller for their tenant's keys. */
async function serveStorage(ctx: Koa.Context, k: Kernel): Promise<void> {
  const key = String(ctx.params.key);
  const { expires, signature, name } = ctx.query as Record<string, string | undefined>;
  let allowed = false;
  if (signature) {
    allowed = k.storage.verify(key, Number(expires), signature, undefined, name);
    if (!allowed) throw new HttpError(403, 'This link has expired or is not valid', 'link_expired');
  } else {
    if (ctx.get(API_KEY_HEADER) !== k.config.apiKey)
      throw new HttpError(401, 'A valid API key header is required', 'invalid_api_key');
    const caller = await authenticate(ctx, k);
    allowed = caller.tenantId !== null && key.startsWith(`tenants/${caller.tenantId}/`);
    if (!allowed) throw forbidden('This file belongs to another tenant');
  }
  // Streamed: a large file (a tenant export) is never held in memory.
  const obj = await k.storage.getStream(key);
  if (!obj) throw new HttpError(404, 'File not found');
  // A named link downloads as an attachment under its (signed) name: a report, not the storage key.
  if (signature && typeof name === 'string' && name) ctx.attachment(name);
  ctx.type = obj.contentType;
  ctx.body = obj.body;
}
