/**
 * The real sign-in flow over HTTP, as a browser and the workspace do it:
 * authorization request -> interaction -> e-mail/password -> redirects ->
 * code exchange with PKCE; refresh; sign-out (revocation + end session).
 * Uses fetch with a small cookie jar.
 */
import crypto from 'node:crypto';

const PUBLIC_KEY_HEADER = 'x-api-key';

interface Cookie {
  name: string;
  value: string;
  path: string;
  expires?: number;
}

/** A minimal cookie jar for one host: honours Path, Max-Age and Expires. */
export class CookieJar {
  private cookies: Cookie[] = [];

  store(res: Response, requestUrl: string): void {
    const defaultPath = new URL(requestUrl).pathname.replace(/\/[^/]*$/, '') || '/';
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const c: Cookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1), path: defaultPath };
      for (const a of attrs) {
        const [k, v = ''] = a.split('=');
        const key = k.toLowerCase();
        if (key === 'path') c.path = v || '/';
        else if (key === 'max-age') c.expires = Date.now() + Number(v) * 1000;
        else if (key === 'expires' && c.expires === undefined) c.expires = Date.parse(v);
      }
      this.cookies = this.cookies.filter((x) => !(x.name === c.name && x.path === c.path));
      if (c.expires === undefined || c.expires > Date.now()) this.cookies.push(c);
    }
  }

  header(url: string): string {
    const path = new URL(url).pathname;
    const now = Date.now();
    return this.cookies
      .filter(
        (c) =>
          (c.expires === undefined || c.expires > now) &&
          (path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
      )
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  names(): string[] {
    return this.cookies.map((c) => c.name);
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.header(url);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(res, url);
    return res;
  }
}

export interface PublicOidcConfig {
  issuer: string;
  clientId: string;
  scope: string;
  resource: string;
  publicApiKey: string;
  origin: string;
  redirectUri: string;
}

export async function oidcConfig(baseUrl: string, publicApiKey = 'lci-public-key'): Promise<PublicOidcConfig> {
  const res = await fetch(`${baseUrl}/v3/public/config`, { headers: { [PUBLIC_KEY_HEADER]: publicApiKey } });
  if (res.status !== 200) throw new Error(`GET /v3/public/config answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as {
    publicApiKey: string;
    oidc: Omit<PublicOidcConfig, 'publicApiKey' | 'origin' | 'redirectUri'>;
  };
  const origin = new URL(baseUrl).origin;
  return { ...body.oidc, publicApiKey: body.publicApiKey, origin, redirectUri: `${origin}/authed` };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

export class SignInError extends Error {
  constructor(
    message: string,
    public status: number,
    public body: any,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

export interface Authorization {
  code: string;
  verifier: string;
  jar: CookieJar;
  config: PublicOidcConfig;
  uid: string;
}

async function follow(jar: CookieJar, url: string, stopAt: string, maxHops = 10): Promise<string> {
  let next = url;
  for (let hop = 0; hop < maxHops; hop++) {
    if (next.startsWith(stopAt)) return next;
    const res = await jar.fetch(next, { headers: { accept: 'text/html' } });
    const location = res.headers.get('location');
    if (!location || res.status < 300 || res.status >= 400)
      throw new SignInError(`expected a redirect from ${next}, got ${res.status}`, res.status, await res.text());
    next = new URL(location, next).toString();
  }
  throw new Error(`too many redirects from ${url}`);
}

/** Starts an authorization request and returns the interaction uid the provider hands to /signIn. */
export async function startAuthorization(
  baseUrl: string,
  opts: { jar?: CookieJar; loginHint?: string; challenge?: string; state?: string } = {},
) {
  const config = await oidcConfig(baseUrl);
  const jar = opts.jar ?? new CookieJar();
  const pkce = pkcePair();
  const state = opts.state ?? crypto.randomBytes(8).toString('hex');
  const q = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'code',
    scope: config.scope,
    redirect_uri: config.redirectUri,
    code_challenge: opts.challenge ?? pkce.challenge,
    code_challenge_method: 'S256',
    state,
    resource: config.resource,
    ...(opts.loginHint ? { login_hint: opts.loginHint } : {}),
  });
  const signInUrl = await follow(jar, `${config.issuer}/auth?${q}`, `${config.origin}/signIn`);
  const uid = new URL(signInUrl).searchParams.get('interaction');
  if (!uid) throw new Error(`no interaction in ${signInUrl}`);
  return { config, jar, uid, verifier: pkce.verifier, state };
}

export async function interactionCall(
  baseUrl: string,
  jar: CookieJar,
  uid: string,
  action: '' | 'login' | 'challenge' | 'partner',
  body?: unknown,
  apiKey = 'lci-public-key',
) {
  const res = await jar.fetch(`${baseUrl}/oidc/interaction/${uid}${action ? `/${action}` : ''}`, {
    method: action ? 'POST' : 'GET',
    headers: {
      [PUBLIC_KEY_HEADER]: apiKey,
      accept: 'application/json',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

/** Authorization request, interaction and e-mail/password, redirects: returns the code at /authed. */
export async function authorize(
  baseUrl: string,
  email: string,
  password: string,
  opts: { jar?: CookieJar } = {},
): Promise<Authorization> {
  const { config, jar, uid, verifier, state } = await startAuthorization(baseUrl, opts);
  const details = await interactionCall(baseUrl, jar, uid, '');
  if (details.status !== 200)
    throw new SignInError(`interaction details answered ${details.status}`, details.status, details.body);
  const login = await interactionCall(baseUrl, jar, uid, 'login', { email, password });
  if (login.status !== 200 || !login.body?.redirectTo)
    throw new SignInError(`login answered ${login.status}: ${JSON.stringify(login.body)}`, login.status, login.body);
  const authed = new URL(await follow(jar, login.body.redirectTo, config.redirectUri));
  if (authed.searchParams.get('error'))
    throw new SignInError(
      `authorization failed: ${authed.searchParams.get('error_description') ?? authed.searchParams.get('error')}`,
      400,
      Object.fromEntries(authed.searchParams),
    );
  if (authed.searchParams.get('state') !== state) throw new Error('state mismatch');
  return { code: authed.searchParams.get('code')!, verifier, jar, config, uid };
}

export async function tokenRequest(baseUrl: string, form: Record<string, string | undefined>) {
  const body = new URLSearchParams(Object.entries(form).filter(([, v]) => v !== undefined) as [string, string][]);
  const res = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The code exchange; pass verifier undefined to leave code_verifier out. */
export async function exchangeCode(
  baseUrl: string,
  a: Pick<Authorization, 'code' | 'config'>,
  verifier: string | undefined,
) {
  return tokenRequest(baseUrl, {
    grant_type: 'authorization_code',
    code: a.code,
    code_verifier: verifier,
    client_id: a.config.clientId,
    redirect_uri: a.config.redirectUri,
    resource: a.config.resource,
  });
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  expiresIn: number;
  jar: CookieJar;
}

/** The whole sign-in as the workspace does it. */
export async function signInThroughProvider(
  baseUrl: string,
  email: string,
  password: string,
  opts: { jar?: CookieJar } = {},
): Promise<SignedIn> {
  const a = await authorize(baseUrl, email, password, opts);
  const t = await exchangeCode(baseUrl, a, a.verifier);
  if (t.status !== 200)
    throw new SignInError(`token exchange answered ${t.status}: ${JSON.stringify(t.body)}`, t.status, t.body);
  return {
    accessToken: t.body.access_token,
    refreshToken: t.body.refresh_token,
    idToken: t.body.id_token,
    expiresIn: t.body.expires_in,
    jar: a.jar,
  };
}

/** Refresh-token grant: { status, body } (body.access_token and body.refresh_token on success). */
export async function refresh(baseUrl: string, refreshToken: string) {
  const config = await oidcConfig(baseUrl);
  return tokenRequest(baseUrl, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: config.clientId,
    resource: config.resource,
  });
}

/** Sign-out as the workspace does it: revoke the refresh token, then end the session (no confirmation page). */
export async function signOut(
  baseUrl: string,
  s: Pick<SignedIn, 'refreshToken' | 'idToken' | 'jar'>,
): Promise<{ revokeStatus: number; redirectTo: string }> {
  const config = await oidcConfig(baseUrl);
  const revoke = await fetch(`${config.issuer}/token/revocation`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: s.refreshToken, token_type_hint: 'refresh_token', client_id: config.clientId }),
  });
  const q = new URLSearchParams({
    id_token_hint: s.idToken,
    post_logout_redirect_uri: `${config.origin}/signIn`,
    client_id: config.clientId,
  });
  const page = await s.jar.fetch(`${config.issuer}/session/end?${q}`, { headers: { accept: 'text/html' } });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`end session answered ${page.status}: ${html.slice(0, 300)}`);
  // The page submits its form by itself in a browser; do what the script does.
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  const inputs = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
    (m) => [m[1], m[2]] as [string, string],
  );
  if (!action) throw new Error(`no sign-out form in ${html.slice(0, 300)}`);
  const confirm = await s.jar.fetch(new URL(action.replace(/&amp;/g, '&'), config.issuer).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(inputs),
  });
  return { revokeStatus: revoke.status, redirectTo: confirm.headers.get('location') ?? '' };
}
