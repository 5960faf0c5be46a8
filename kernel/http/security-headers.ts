/**
 * Security headers. Every answer: HSTS when the base URL is https. API answers (/v1, /v3, health): nosniff and
 * `Cache-Control: no-store` (a route may still set its own). The identity pages (/oidc): never framed
 * (CSP frame-ancestors 'none' and X-Frame-Options DENY). The workspace HTML: a Content-Security-Policy built by
 * workspaceCsp (kernel/http/workspace.ts sends it).
 */
import crypto from 'node:crypto';
import type Koa from 'koa';

export const HSTS = 'max-age=31536000';
const API_PATH = /^\/(v1|v3|healthz|readyz)(\/|$)/;
const OIDC_PATH = /^\/oidc(\/|$)/;
export const OIDC_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

export function securityHeaders(baseUrl: string): Koa.Middleware {
  const https = new URL(baseUrl).protocol === 'https:';
  return async (ctx, next) => {
    if (https) ctx.set('Strict-Transport-Security', HSTS);
    if (API_PATH.test(ctx.path)) {
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Cache-Control', 'no-store');
    } else if (OIDC_PATH.test(ctx.path)) {
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('X-Frame-Options', 'DENY');
      ctx.set('Content-Security-Policy', OIDC_CSP);
    }
    await next();
  };
}

/** 'sha256-...' sources for the inline <script> elements of a page (a Vite build has none; a hash keeps one working). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

interface WorkspaceCspOptions {
  /** The public base URL: the socket (ws/wss of it) and the API are reached there. */
  baseUrl?: string;
  scriptHashes?: string[];
  /** Vite dev server: its inline React-refresh preamble, eval'd modules and HMR socket need a relaxed policy. */
  dev?: boolean;
}

/**
 * The workspace's policy: scripts only from the server (plus the hashes of inline ones), styles from the server and
 * inline (Blueprint and its popovers position elements with style attributes), images from the server and data:,
 * calls to the server and its socket, no plugins, never framed, <base> and form targets only the server.
 */
export function workspaceCsp(opts: WorkspaceCspOptions = {}): string {
  const connect = ["'self'"];
  if (opts.baseUrl) {
    const u = new URL(opts.baseUrl);
    connect.push(u.origin, `${u.protocol === 'https:' ? 'wss' : 'ws'}://${u.host}`);
  }
  if (opts.dev) connect.push('ws:', 'wss:');
  const script = opts.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", ...(opts.scriptHashes ?? [])];
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
