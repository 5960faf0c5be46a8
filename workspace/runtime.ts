/**
 * Services shared by the screens: public config, api client, token refresh timer (section 4.2),
 * session initialisation (/initializer), realtime client and sign-out.
 */
import { createApiClient } from './api';
import { exchangeCode as exchange, refreshTokens, revokeRefreshToken, endSessionUrl } from './auth/oidc';
import { nextTokenStep } from './auth/token-schedule';
import { createTokenTimer } from './auth/token-timer';
import { readTokenFlags, signOutDestination } from './auth/token-claims';
import { navigate } from './nav';
import { RealtimeClient } from './realtime';
import {
  companiesAtom,
  configAtom,
  errorsAtom,
  maintenanceHintAtom,
  messagesAtom,
  moduleViewsAtom,
  navAtom,
  realtimeStatusAtom,
  reconnectingAtom,
  resetAllAtoms,
  serverBannersAtom,
  sessionAtom,
  store,
  storeTargetsAtom,
  tokensAtom,
} from './state/atoms';
import { clearAllState } from './state/persist';
import { clearSessionData, loadSessionData } from './session-data';
import type { Company, ModuleView, NavData, PublicConfig, ServerMessage, Session, Tokens } from './types';
import { MSG_NO_TENANT, MSG_UNDER_MAINTENANCE } from '../common/texts';
import { addToMessageList, routeServerMessage, type ServerBannerState } from './server-messages';
import { addError, dismissError, errorStateFor } from './errors';
import { apiRegion, callRegion, regionApiBase } from './auth/region';

const DEFAULT_PUBLIC_KEY = 'lci-public-key';

/** The public key comes from the page (the server writes it into index.html); a build-time or default value otherwise. */
function bootPublicKey(): string {
  const meta =
    typeof document !== 'undefined'
      ? document.querySelector('meta[name="lci-public-api-key"]')?.getAttribute('content')
      : null;
  if (meta && !meta.startsWith('%')) return meta;
  return (import.meta.env?.VITE_LCI_PUBLIC_API_KEY as string | undefined) ?? DEFAULT_PUBLIC_KEY;
}

export const api = createApiClient({
  apiKey: () => store.get(configAtom)?.apiKey ?? '',
  publicApiKey: () => store.get(configAtom)?.publicApiKey ?? bootPublicKey(),
  token: () => store.get(tokensAtom)?.accessToken ?? null,
  onTokenExpired: () => refreshNow(),
  onMaintenance: (m) => store.set(maintenanceHintAtom, m || MSG_UNDER_MAINTENANCE),
  onReconnecting: (on) => store.set(reconnectingAtom, on),
  onError: (e, request) => reportError(e, request),
  base: () => apiBase(),
});

/** The origin of the tenant's region's API and workspace ('' here): region.ts. */
export function apiBase(): string {
  const cfg = store.get(configAtom);
  if (!cfg || typeof window === 'undefined') return '';
  const region = callRegion(store.get(sessionAtom)?.tenant?.regionCode, apiRegion(''), cfg.region);
  return regionApiBase(cfg, region, window.location.origin);
}

let errorSeq = 0;
/** Puts a failed call into the shared error state (errors.ts); 401/403 are only logged (api.ts). */
export function reportError(
  e: { status: number; message: string; body?: unknown },
  request: { method: string; path: string },
): void {
  const entry = errorStateFor(e, request, Date.now(), `e${Date.now().toString(36)}${(errorSeq++).toString(36)}`);
  if (entry) store.set(errorsAtom, (list) => addError(list, entry));
}
/** Marks an error of the shared state dismissed. */
export function dismissWorkspaceError(id: string): void {
  store.set(errorsAtom, (list) => dismissError(list, id));
}

let configPromise: Promise<PublicConfig> | null = null;
export function loadConfig(): Promise<PublicConfig> {
  const have = store.get(configAtom);
  if (have) return Promise.resolve(have);
  configPromise ??= api.get<PublicConfig>('/v3/public/config', { public: true }).then(
    (c) => {
      store.set(configAtom, c);
      return c;
    },
    (e) => {
      configPromise = null;
      throw e;
    },
  );
  return configPromise;
}

/** Tokens present and not past the sign-out limit of section 4.2. */
export function isSignedIn(now = Date.now()): boolean {
  const t = store.get(tokensAtom);
  return !!t && nextTokenStep(now, t.expiresAt).action !== 'signOut';
}

export async function exchangeCode(code: string, verifier: string): Promise<Tokens> {
  const cfg = await loadConfig();
  const tokens = await exchange(cfg, code, verifier);
  store.set(tokensAtom, tokens);
  return tokens;
}

let refreshing: Promise<boolean> | null = null;
/** Re-initialises the user's tokens (refresh grant); single flight. */
export function refreshNow(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const cfg = await loadConfig();
      const t = store.get(tokensAtom);
      if (!t) return false;
      store.set(tokensAtom, await refreshTokens(cfg, t));
      return true;
    } catch (e) {
      console.warn('token refresh failed', e);
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

// Token timer (section 4.2): the rules live in auth/token-timer.ts; here are the real clock, tokens and actions.
const tokenTimer = createTokenTimer({
  now: () => Date.now(),
  expiresAt: () => store.get(tokensAtom)?.expiresAt ?? null,
  refresh: () => refreshNow(),
  // Re-initialise the session quietly: access, maintenance and flags may have changed.
  onRefreshed: () => {
    if (store.get(sessionAtom)) void reloadSession().catch(() => undefined);
  },
  signOut: () => {
    signOutLocal();
    window.location.assign('/signIn');
  },
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
});
export function scheduleTokenCheck(): void {
  tokenTimer.check();
}
let tokenSubStarted = false;
export function startTokenTimer(): void {
  if (tokenSubStarted) return;
  tokenSubStarted = true;
  store.sub(tokensAtom, scheduleTokenCheck);
  scheduleTokenCheck();
}

// Session (/initializer).
async function securityManager<T>(s: Session, operation: string, payload: Record<string, unknown> = {}): Promise<T> {
  return api.post<T>(`/v3/tenant/${s.tenant!.tenantId}/securitymanager`, {
    userId: s.user.authenticatedUserId,
    operation,
    payload,
  });
}

async function loadNav(s: Session): Promise<void> {
  try {
    let nav: NavData;
    if (s.impersonation?.securityGroupId)
      nav = await securityManager<NavData>(s, 'get_nav_items_as_impersonated_user', {
        security_group_id: s.impersonation.securityGroupId,
      });
    else if (s.user.isLciAdmin) nav = await securityManager<NavData>(s, 'get_nav_items_as_lci_admin');
    else nav = await securityManager<NavData>(s, 'get_nav_items');
    store.set(navAtom, nav);
  } catch (e) {
    store.set(navAtom, { navItems: [], headerNav: [], includedModules: [] });
    pushMessage({ msg_type: 'error', msg: `The navigation could not be loaded: ${(e as Error).message}` });
  }
}

async function loadModules(s: Session): Promise<void> {
  try {
    const r = await securityManager<{ moduleViews: ModuleView[] }>(s, 'get_modules');
    store.set(moduleViewsAtom, r.moduleViews ?? []);
  } catch (e) {
    store.set(moduleViewsAtom, []);
    pushMessage({ msg_type: 'error', msg: `The module views could not be loaded: ${(e as Error).message}` });
  }
}

export async function loadCompanies(s: Session | null = store.get(sessionAtom)): Promise<void> {
  if (!s?.tenant) {
    store.set(companiesAtom, []);
    return;
  }
  try {
    const r = await api.get<{ companies: Company[] }>(`/v3/tenant/${s.tenant.tenantId}/companies`);
    store.set(companiesAtom, r.companies ?? []);
  } catch (e) {
    // Companies plugin switched off or failing: the selector shows its empty state; guard step 16 does not decide.
    store.set(companiesAtom, null);
    if ((e as { status?: number }).status !== 404)
      pushMessage({ msg_type: 'error', msg: `Companies could not be loaded: ${(e as Error).message}` });
  }
}

/** Realtime store target the server sends when the user's access changed (security group, rights, membership). */
export const ACCESS_CHANGED_TARGET = 'lci.accessChanged';
let accessStale = false;
/**
 * Called before each navigation: when the server said the access changed, the session (access list,
 * rights) and the navigation are loaded again first, so the change shows at the next navigation.
 */
export async function refreshAccessIfStale(): Promise<void> {
  const s = store.get(sessionAtom);
  if (!accessStale || !s) return;
  accessStale = false;
  try {
    const fresh = await reloadSession();
    if (fresh.tenant) await loadNav(fresh);
  } catch {
    accessStale = true;
  }
}

export async function reloadSession(): Promise<Session> {
  const s = await api.get<Session>('/v3/manager/session');
  store.set(sessionAtom, s);
  if (!s.inMaintenance) store.set(maintenanceHintAtom, null);
  return s;
}

export async function initializeSession(): Promise<Session> {
  await loadConfig();
  const s = await api.get<Session>('/v3/manager/session');
  if (s.tenant) await Promise.all([loadNav(s), loadModules(s), loadCompanies(s), loadSessionData(s)]);
  else {
    store.set(navAtom, { navItems: [], headerNav: [], includedModules: [] });
    store.set(moduleViewsAtom, []);
    store.set(companiesAtom, []);
    clearSessionData();
  }
  if (!s.inMaintenance) store.set(maintenanceHintAtom, null);
  store.set(sessionAtom, s);
  startTokenTimer();
  startRealtime();
  return s;
}

// Messages (toasts).
export function pushMessage(m: ServerMessage): void {
  const id = m.id ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  store.set(messagesAtom, (list) => addToMessageList(list, { ...m, id, receivedAt: m.receivedAt ?? Date.now() }));
}

/** Starts the browser's download of a ready file (server message `download`). */
function startDownload(url: string): void {
  if (typeof document === 'undefined') return;
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** One message of the realtime channel, by the rule of server-messages.ts. */
export function handleServerMessage(m: ServerMessage): void {
  const action = routeServerMessage(m, store.get(serverBannersAtom));
  switch (action.kind) {
    case 'ignore':
      return;
    case 'log':
      console.error('server message', action.message.msg);
      return;
    case 'maintenance':
      onMaintenanceMessage(action.message);
      return;
    case 'banners':
      store.set(serverBannersAtom, action.banners);
      if (action.download) startDownload(action.download);
      if (action.toast) pushMessage(action.toast);
      return;
    case 'list':
      pushMessage(action.message);
  }
}
/** Closes one server-message banner. */
export function dismissServerBanner(kind: keyof ServerBannerState): void {
  store.set(serverBannersAtom, (b) => ({ ...b, [kind]: null }));
}
export function dismissMessage(id: string): void {
  store.set(messagesAtom, (list) => list.filter((m) => m.id !== id));
}

// Realtime.
/** On: the guard sends the user to /maintenance at once; off: the live session clears it (the maintenance screen then leaves). */
function onMaintenanceMessage(m: ServerMessage): void {
  if ((m as { on?: unknown }).on !== false) store.set(maintenanceHintAtom, m.msg || MSG_UNDER_MAINTENANCE);
  if (store.get(sessionAtom)) void reloadSession().catch(() => undefined);
}
let rt: RealtimeClient | null = null;
/** /ws of this origin, or of the tenant's region's deployment (region.ts). */
function socketUrl(): string {
  const base = apiBase() || window.location.origin;
  return `${base.replace(/^http/, 'ws')}/ws`;
}
export function startRealtime(): void {
  if (rt || typeof window === 'undefined') return;
  rt = new RealtimeClient({
    url: socketUrl(),
    getToken: () => store.get(tokensAtom)?.accessToken ?? null,
    getTenant: () => {
      const s = store.get(sessionAtom);
      return { tenantId: s?.tenant?.tenantId ?? null, impersonatedTenantId: s?.impersonation?.tenantId ?? null };
    },
    httpInvoke: async (tenantId, fn, payload) =>
      (await api.post<{ data: unknown }>(`/v3/tenant/${tenantId}/apiinvoke/${encodeURIComponent(fn)}`, { payload }))
        .data,
    fetchRerouted: async (u) => {
      if (u.url && /[?&]signature=/.test(u.url)) {
        const r = await fetch(u.url);
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.json();
      }
      return api.get(u.url ?? `/v3/storage/${u.key}`);
    },
    onStore: (target, data) => {
      if (target === ACCESS_CHANGED_TARGET) accessStale = true;
      store.set(storeTargetsAtom, (s) => ({ ...s, [target]: data }));
    },
    onMessage: (m) => handleServerMessage(m),
    onStatus: (st) => store.set(realtimeStatusAtom, st),
    onAuthRejected: () => {
      void refreshNow();
    },
  });
  rt.start();
  window.addEventListener('online', onlineAgain);
}
function onlineAgain() {
  rt?.retryNow();
}
export function stopRealtime(): void {
  rt?.stop();
  rt = null;
  if (typeof window !== 'undefined') window.removeEventListener('online', onlineAgain);
}

/** apiinvoke over the channel, HTTP when it is not open. */
export function invoke<T = unknown>(fn: string, payload: unknown = {}): Promise<T> {
  if (rt) return rt.invoke<T>(fn, payload);
  const s = store.get(sessionAtom);
  const tid = s?.impersonation?.tenantId ?? s?.tenant?.tenantId;
  if (tid == null) return Promise.reject(new Error(MSG_NO_TENANT));
  return api
    .post<{ data: T }>(`/v3/tenant/${tid}/apiinvoke/${encodeURIComponent(fn)}`, { payload })
    .then((r) => r.data);
}

/** Clears every store and the token time (section 4.1). */
export function signOutLocal(): void {
  stopRealtime();
  tokenTimer.stop();
  resetAllAtoms();
  clearSessionData();
  try {
    clearAllState(localStorage);
  } catch {
    /* ignore */
  }
}

/** Revokes the refresh token, clears local state and ends the provider session. Returns the URL to go to. */
export async function signOutEverywhere(to?: '/signIn'): Promise<string> {
  const tokens = store.get(tokensAtom);
  // Internal users back to /signIn, others to /clients/signin (decided before the stores are cleared);
  // a caller may ask for /signIn (declining the terms goes there, section 4.1).
  const after = to ?? signOutDestination(store.get(sessionAtom), readTokenFlags(tokens?.accessToken));
  let target = after;
  try {
    const cfg = await loadConfig();
    await revokeRefreshToken(cfg, tokens);
    if (tokens?.idToken) target = endSessionUrl(cfg, tokens.idToken, after);
  } catch {
    /* the local sign-out still happens */
  }
  signOutLocal();
  return target;
}

/** Forgets the loaded session and goes through /initializer again (optionally to a path). */
export function reinitialize(path: string | null): Promise<boolean> {
  store.set(sessionAtom, null);
  return navigate(`/initializer${path ? `?${new URLSearchParams({ path }).toString()}` : ''}`, { replace: true });
}
