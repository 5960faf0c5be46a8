/**
 * The one place the client address is decided (LCI_TRUSTED_PROXIES). Forwarded
 * headers (X-Forwarded-For/-Proto/-Host/-Port, Forwarded) are believed only
 * from a trusted proxy: from any other peer they are removed before anything
 * reads them, so Koa (ctx.ip, ctx.protocol, ctx.secure), oidc-provider (mounted
 * at /oidc on the same context) and the sign-in throttles all see the same
 * address. X-Forwarded-For is walked from the right (proxy-addr, as Express
 * does): the first address not from a trusted proxy is the client.
 */
import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import proxyAddr from 'proxy-addr';

type TrustedProxies = number | string[];
type TrustFn = (addr: string, hop: number) => boolean;

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'forwarded'];

/** Hop count: the peer and the next hops-1 addresses are proxies; a list: those addresses/CIDRs are. */
export function compileTrust(trusted: TrustedProxies): TrustFn {
  if (typeof trusted === 'number') return (_addr, hop) => hop < trusted;
  if (trusted.length === 0) return () => false;
  return proxyAddr.compile(trusted);
}

export const trustsAnyProxy = (trusted: TrustedProxies): boolean =>
  typeof trusted === 'number' ? trusted > 0 : trusted.length > 0;

/** The client address of a request: the peer, or (behind trusted proxies) the first untrusted X-Forwarded-For entry. */
export function clientAddress(req: IncomingMessage, trust: TrustFn): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!peer) return '';
  return normalise(proxyAddr(req, trust));
}

/** IPv4 peers on a dual-stack socket arrive as ::ffff:a.b.c.d: one spelling for throttles and the audit. */
const normalise = (addr: string): string => addr.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/**
 * First middleware of the app: sets app.proxy as configured, drops forwarded headers an untrusted peer sent,
 * and fixes ctx.request.ip to the client address (Koa's own reading would take the leftmost, client-chosen entry).
 */
export function trustedProxyMiddleware(app: Koa, trusted: TrustedProxies): Koa.Middleware {
  const trust = compileTrust(trusted);
  app.proxy = trustsAnyProxy(trusted);
  return async (ctx, next) => {
    const peer = ctx.req.socket.remoteAddress ?? '';
    if (!peer || !trust(peer, 0)) for (const h of FORWARDED_HEADERS) delete ctx.req.headers[h];
    ctx.request.ip = clientAddress(ctx.req, trust);
    await next();
  };
}

/** A start-up warning: an https base URL with no trusted proxy cannot set the provider's Secure cookies over plain HTTP. */
export function proxyConfigWarning(config: { baseUrl: string; trustedProxies: TrustedProxies }): string | null {
  if (!config.baseUrl.startsWith('https:') || trustsAnyProxy(config.trustedProxies)) return null;
  return 'LCI_BASE_URL is https but LCI_TRUSTED_PROXIES is unset: X-Forwarded-Proto is ignored, so behind a TLS-terminating proxy sign-in fails; set LCI_TRUSTED_PROXIES to the proxy (hop count or addresses)';
}
