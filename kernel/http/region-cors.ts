/**
 * Cross-region calls (platform.md 9, docs/regions.md): a workspace served by one region's deployment sends the calls
 * of a tenant (or a sign-up) of another region to that region's API (LCI_REGION_URLS). Those browser calls are
 * cross-origin, so the API answers CORS for the origins of the other regions' deployments, and only those, on /v1 and
 * /v3 (no cookies: the workspace's calls carry the API key and the bearer token in headers).
 */
import type Koa from 'koa';

const CORS_ALLOW_HEADERS = 'accept, authorization, content-type, x-api-key';
const CORS_ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE';

/** The origins of the other regions' deployments. */
export function regionOrigins(regionUrls: Record<string, string | undefined>, baseUrl: string): Set<string> {
  const own = new URL(baseUrl).origin;
  return new Set(
    Object.values(regionUrls)
      .filter((u): u is string => !!u)
      .map((u) => new URL(u).origin)
      .filter((o) => o !== own),
  );
}

export function regionCors(origins: ReadonlySet<string>): Koa.Middleware {
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    if (!origin || !origins.has(origin) || !/^\/v[13]\//.test(ctx.path)) return next();
    ctx.vary('Origin');
    ctx.set('Access-Control-Allow-Origin', origin);
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      ctx.set('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
      ctx.set('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    ctx.set('Access-Control-Expose-Headers', 'retry-after');
    return next();
  };
}
