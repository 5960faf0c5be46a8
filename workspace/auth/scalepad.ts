/**
 * The workspace side of the ScalePad partner sign-in (platform.md 2.3 "Partner landing", 4.3):
 * 1. no code: the browser goes to the partner's authorization endpoint (client id, redirect_uri
 *    <origin>/signUp/sp, a random state kept in sessionStorage);
 * 2. back with code and state: our own authorization request (PKCE, prompt=login) is started in the
 *    background to get a provider interaction; POST /v3/manager/preauth/scalepad {code, interaction}
 *    exchanges the partner code and answers the partner user and a single-use grant;
 *    POST /oidc/interaction/:uid/partner {grant} finishes the interaction: { redirectTo } (-> /authed ->
 *    /initializer) or a challenge (second step) like the password sign-in.
 */
import { api } from '../runtime';
import type { PublicConfig } from '../types';
import { authorizationUrl, randomString } from './oidc';

export const SCALEPAD_LANDING_PATH = '/signUp/sp';
const STATE_KEY = 'lci.scalepad';
/** A partner that answers a code without our state gets one more round trip, not a loop. */
const RESTART_GUARD_MS = 60_000;

export interface PublicScalePad {
  enabled: boolean;
  authorizeUrl?: string;
  clientId?: string;
  scope?: string;
}
export interface PartnerUserInfo {
  Tenant: { CompanyName: string };
  Subject: { FirstName: string; LastName: string; Email: string };
}
export interface PreauthAnswer {
  userInfo: PartnerUserInfo;
  subscriptionInfo: unknown;
  grant: string;
  expiresIn: number;
}
export type FinishAnswer = { redirectTo?: string; challenge?: string } & Record<string, unknown>;

interface Pending {
  state: string;
  registrationKey: string | null;
  createdAt: number;
  restartedAt?: number;
  debug?: boolean;
}

export function scalePadConfig(cfg: PublicConfig): PublicScalePad {
  return (cfg as PublicConfig & { scalepad?: PublicScalePad }).scalepad ?? { enabled: false };
}

export const partnerRedirectUri = () => `${window.location.origin}${SCALEPAD_LANDING_PATH}`;

function readPending(): Pending | null {
  try {
    const raw = sessionStorage.getItem(STATE_KEY);
    return raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    return null;
  }
}

/** The partner's authorization URL; the state is kept for the return. */
export function partnerAuthorizeUrl(sp: PublicScalePad, registrationKey: string | null, debug = false): string {
  if (!sp.enabled || !sp.authorizeUrl || !sp.clientId)
    throw new Error('ScalePad sign-in is not configured on this server.');
  const previous = readPending();
  const pending: Pending = {
    state: randomString(16),
    registrationKey,
    createdAt: Date.now(),
    debug,
    ...(previous?.restartedAt ? { restartedAt: previous.restartedAt } : {}),
  };
  sessionStorage.setItem(STATE_KEY, JSON.stringify(pending));
  const u = new URL(sp.authorizeUrl);
  u.searchParams.set('client_id', sp.clientId);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('redirect_uri', partnerRedirectUri());
  u.searchParams.set('state', pending.state);
  if (sp.scope) u.searchParams.set('scope', sp.scope);
  return u.toString();
}

/** Debug mode survives the partner round trip. */
export function pendingDebug(): boolean {
  return !!readPending()?.debug;
}

/**
 * Whether the returning state is ours ('ok'), or the code came without it and one more partner round
 * trip may fetch a code with our state ('restart'), or that was already tried ('invalid').
 */
export function checkReturnState(state: string | null): 'ok' | 'restart' | 'invalid' {
  const p = readPending();
  if (p && state && p.state === state) {
    sessionStorage.removeItem(STATE_KEY);
    return 'ok';
  }
  if (p?.restartedAt && Date.now() - p.restartedAt < RESTART_GUARD_MS) return 'invalid';
  sessionStorage.setItem(
    STATE_KEY,
    JSON.stringify({ ...(p ?? { state: '', registrationKey: null, createdAt: Date.now() }), restartedAt: Date.now() }),
  );
  return 'restart';
}

/** Starts our authorization request (PKCE verifier kept for /authed) and returns its interaction uid. */
export async function startInteraction(cfg: PublicConfig): Promise<string> {
  const url = `${await authorizationUrl(cfg, { path: null })}&prompt=login`;
  const res = await fetch(url, {
    headers: { accept: 'application/json', 'x-api-key': cfg.publicApiKey },
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => null)) as { uid?: string } | null;
  if (!res.ok || !body?.uid) throw new Error('Sign-in could not start. Please try again.');
  return body.uid;
}

export function preauthScalePad(code: string, interaction: string): Promise<PreauthAnswer> {
  return api.post<PreauthAnswer>('/v3/manager/preauth/scalepad', { code, interaction }, { public: true });
}

export function finishPartnerSignIn(uid: string, grant: string): Promise<FinishAnswer> {
  return api.post<FinishAnswer>(`/oidc/interaction/${encodeURIComponent(uid)}/partner`, { grant }, { public: true });
}

/** Removes the partner's code (and state) from the address bar without a navigation. */
export function clearCodeFromAddress(): void {
  const u = new URL(window.location.href);
  u.searchParams.delete('code');
  u.searchParams.delete('state');
  window.history.replaceState(window.history.state, '', `${u.pathname}${u.search}${u.hash}`);
}

/** The error text the landing shows: the server's message (the spec's texts), or the failure's. */
export function partnerErrorText(e: unknown): string {
  const ex = e as { message?: string; status?: number; body?: unknown };
  return ex.message || 'ScalePad sign-in failed. Please try again.';
}
