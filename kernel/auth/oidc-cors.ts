/**
 * CORS on the provider's endpoints (/oidc): oidc-provider answers a preflight for any origin (and sets
 * Access-Control-Allow-Origin on the open endpoints' answers whatever the origin), so this limits it to the browsers
 * that may call them: the workspace's origins (the base URL's and LCI_ALLOWED_ORIGINS) and the other regions'
 * deployments (LCI_REGION_URLS). Another origin's preflight is answered 204 without any CORS header (the browser
 * then refuses the call) and its calls' answers lose their Access-Control-* headers; calls without Origin (servers,
 * same-origin navigations) are not concerned.
 */
import type Koa from 'koa';
import type { Config } from '../../config';
import { regionOrigins } from '../http/region-cors';

/** The origins whose browsers may call /oidc. */
export function oidcCorsOrigins(config: Pick<Config, 'baseUrl' | 'allowedOrigins' | 'regionUrls'>): Set<string> {
  return new Set([
    new URL(config.baseUrl).origin,
    ...config.allowedOrigins,
    ...regionOrigins(config.regionUrls, config.baseUrl),
  ]);
}

export function oidcCors(origins: ReadonlySet<string>): Koa.Middleware {
  return async (ctx, next) => {
    const origin = ctx.get('origin');
    if (!origin || origins.has(origin)) return next();
    ctx.vary('Origin');
    if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
      ctx.status = 204;
      return;
    }
    await next();
    for (const name of Object.keys(ctx.response.headers))
      if (name.toLowerCase().startsWith('access-control-')) ctx.remove(name);
  };
}
