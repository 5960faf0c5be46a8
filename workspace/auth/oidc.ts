/**
 * The workspace side of sign-in (authorization code + PKCE against oidc-provider at /oidc).
 * The PKCE verifier and state live in sessionStorage between /signIn and /authed.
 */
import type { PublicConfig, Tokens } from '../types';

const PKCE_KEY = 'lci.pkce';

export interface PkceRecord {
  verifier: string;
  state: string;
  path: string | null;
  createdAt: number;
}

function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
export function randomString(bytes = 32): string {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return base64url(a);
}
export async function challengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export const redirectUri = () => `${window.location.origin}/authed`;
/** Where the provider sends the browser after sign-out: /signIn (internal users) or /clients/signin (both registered in kernel/auth/provider.ts). */
export const postLogoutUri = (path = '/signIn') => `${window.location.origin}${path}`;

/** Builds the authorization request and stores the verifier. */
export async function authorizationUrl(
  cfg: PublicConfig,
  opts: { loginHint?: string | null; path?: string | null } = {},
): Promise<string> {
  const verifier = randomString(48);
  const state = randomString(16);
  const rec: PkceRecord = { verifier, state, path: opts.path ?? null, createdAt: Date.now() };
  sessionStorage.setItem(PKCE_KEY, JSON.stringify(rec));
  const q = new URLSearchParams({
    client_id: cfg.oidc.clientId,
    response_type: 'code',
    scope: cfg.oidc.scope,
    redirect_uri: redirectUri(),
    code_challenge: await challengeFor(verifier),
    code_challenge_method: 'S256',
    state,
    resource: cfg.oidc.resource,
  });
  if (opts.loginHint) q.set('login_hint', opts.loginHint);
  return `/oidc/auth?${q.toString()}`;
}

export function takePkce(): PkceRecord | null {
  const raw = sessionStorage.getItem(PKCE_KEY);
  sessionStorage.removeItem(PKCE_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PkceRecord;
  } catch {
    return null;
  }
}

/** Expiry of a JWT in ms (from exp), or null. */
export function jwtExpiry(token: string): number | null {
  try {
    const part = token.split('.')[1];
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

async function tokenRequest(form: Record<string, string>, previous?: Tokens): Promise<Tokens> {
  const res = await fetch('/oidc/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
  });
  const body = (await res.json().catch(() => ({}))) as TokenResponse;
  if (!res.ok || !body.access_token)
    throw new Error(body.error_description ?? body.error ?? `Token request failed (${res.status})`);
  const expiresAt = jwtExpiry(body.access_token) ?? Date.now() + (body.expires_in ?? 3600) * 1000;
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? previous?.refreshToken ?? null,
    idToken: body.id_token ?? previous?.idToken ?? null,
    expiresAt,
  };
}

export function exchangeCode(cfg: PublicConfig, code: string, verifier: string): Promise<Tokens> {
  return tokenRequest({
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    client_id: cfg.oidc.clientId,
    redirect_uri: redirectUri(),
    resource: cfg.oidc.resource,
  });
}

export function refreshTokens(cfg: PublicConfig, tokens: Tokens): Promise<Tokens> {
  if (!tokens.refreshToken) return Promise.reject(new Error('No refresh token'));
  return tokenRequest(
    {
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
      client_id: cfg.oidc.clientId,
      resource: cfg.oidc.resource,
    },
    tokens,
  );
}

export async function revokeRefreshToken(cfg: PublicConfig, tokens: Tokens | null): Promise<void> {
  if (!tokens?.refreshToken) return;
  await fetch('/oidc/token/revocation', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token: tokens.refreshToken,
      token_type_hint: 'refresh_token',
      client_id: cfg.oidc.clientId,
    }).toString(),
  }).catch(() => undefined);
}

export function endSessionUrl(cfg: PublicConfig, idToken: string | null, after = '/signIn'): string {
  const q = new URLSearchParams({ post_logout_redirect_uri: postLogoutUri(after), client_id: cfg.oidc.clientId });
  if (idToken) q.set('id_token_hint', idToken);
  return `/oidc/session/end?${q.toString()}`;
}
