/**
 * A loopback stand-in for the ScalePad partner platform, speaking OAuth 2.0
 * (authorization code): GET /authorize redirects back to redirect_uri with a
 * code and the state; POST /token (client id and secret by HTTP Basic or in
 * the form) exchanges a code once for tokens; GET /userinfo answers the
 * partner user info (platform.md 3). What the next sign-in does is chosen by
 * the test: a partner user, 'No subscriptions to create', or another failure.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PartnerProfile {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
}
export type PartnerOutcome =
  { user: PartnerProfile } | { error: 'no-subscriptions' | 'server-error' | 'invalid-grant' };

export interface ScalePadStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  /** LCI_SCALEPAD_ variables pointing at the stand-in. */
  env: Record<string, string>;
  /** What the next /authorize hands out. */
  next(outcome: PartnerOutcome): void;
  /** A code issued directly (as if /authorize had run for redirectUri). */
  code(outcome: PartnerOutcome, redirectUri: string): string;
  /** Requests the stand-in received, newest last. */
  calls: { path: string; query: Record<string, string>; form?: Record<string, string> }[];
  stop(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

export async function startScalePadStandIn(): Promise<ScalePadStandIn> {
  const clientId = 'lifecycle-test-client';
  const clientSecret = crypto.randomBytes(12).toString('hex');
  const codes = new Map<string, { outcome: PartnerOutcome; redirectUri: string }>();
  const tokens = new Map<string, PartnerProfile>();
  const calls: ScalePadStandIn['calls'] = [];
  let nextOutcome: PartnerOutcome = {
    user: { email: 'partner@example.com', firstName: 'Pat', lastName: 'Partner', company: 'Partner MSP' },
  };
  const issue = (outcome: PartnerOutcome, redirectUri: string) => {
    const code = crypto.randomBytes(16).toString('base64url');
    codes.set(code, { outcome, redirectUri });
    return code;
  };

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(u.searchParams);
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const form = req.method === 'POST' ? Object.fromEntries(new URLSearchParams(raw)) : undefined;
      calls.push({ path: u.pathname, query, form });
      if (u.pathname === '/authorize') {
        if (query.client_id !== clientId || query.response_type !== 'code' || !query.redirect_uri)
          return json(res, 400, { error: 'invalid_request' });
        const back = new URL(query.redirect_uri);
        back.searchParams.set('code', issue(nextOutcome, query.redirect_uri));
        if (query.state) back.searchParams.set('state', query.state);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (u.pathname === '/token' && req.method === 'POST') {
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const [id, secret] = basic
          ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
          : [form?.client_id, form?.client_secret];
        if (id !== clientId || secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
        const entry = form?.code ? codes.get(form.code) : undefined;
        if (form?.code) codes.delete(form.code);
        if (form?.grant_type !== 'authorization_code' || !entry || entry.redirectUri !== form.redirect_uri)
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'The authorization code is invalid or has expired.',
          });
        const o = entry.outcome;
        if ('error' in o) {
          if (o.error === 'no-subscriptions') return json(res, 400, { error: 'No subscriptions to create' });
          if (o.error === 'server-error')
            return json(res, 500, { message: 'Partner platform is down for maintenance' });
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'The authorization code is invalid or has expired.',
          });
        }
        const access = crypto.randomBytes(16).toString('hex');
        tokens.set(access, o.user);
        return json(res, 200, {
          access_token: access,
          refresh_token: crypto.randomBytes(16).toString('hex'),
          token_type: 'Bearer',
          expires_in: 3600,
        });
      }
      if (u.pathname === '/userinfo') {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const p = token ? tokens.get(token) : undefined;
        if (!p) return json(res, 401, { error: 'invalid_token' });
        return json(res, 200, {
          userInfo: {
            Tenant: { CompanyName: p.company },
            Subject: { FirstName: p.firstName, LastName: p.lastName, Email: p.email },
          },
          subscriptionInfo: { subscriptions: [{ product: 'Lifecycle', status: 'active' }] },
        });
      }
      json(res, 404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    calls,
    env: {
      LCI_SCALEPAD_AUTHORIZE_URL: `${url}/authorize`,
      LCI_SCALEPAD_TOKEN_URL: `${url}/token`,
      LCI_SCALEPAD_USERINFO_URL: `${url}/userinfo`,
      LCI_SCALEPAD_CLIENT_ID: clientId,
      LCI_SCALEPAD_CLIENT_SECRET: clientSecret,
    },
    next(o) {
      nextOutcome = o;
    },
    code: issue,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
