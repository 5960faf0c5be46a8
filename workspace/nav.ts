/**
 * Navigation controller: every navigation (links, navigate(), back/forward, first load and
 * state changes) passes the guard of guard.ts before the location is committed. wouter reads
 * the committed location through useNavLocation / useNavSearch.
 */
import { useSyncExternalStore } from 'react';
import { firstAccessiblePath, runGuard, type GuardResult, type RouteMeta } from './guard';
import { inMaintenance, readTokenFlags } from './auth/token-claims';
import { CONSENT_RETURN_ROUTE, isConsentReturn } from './consent-return';
import { findRoute, guardSteps, setEnabledPlugins } from './registry';
import { isSignedIn, refreshAccessIfStale } from './runtime';
import {
  companiesAtom,
  currentModuleViewAtom,
  dirtyPagesAtom,
  guardAlertAtom,
  invalidLoginAtom,
  isDirtyAtom,
  leavePromptAtom,
  maintenanceHintAtom,
  moduleViewTextAtom,
  navAtom,
  sessionAtom,
  sessionDataAtom,
  store,
  tokensAtom,
  trackedPathsAtom,
} from './state/atoms';
import { NAV_MAX_LEVEL } from './constants';
import { rememberMaintenanceReturn } from './maintenance-return';
import { AnchorKeeper } from './anchor-keeper';

interface Loc {
  path: string;
  search: string;
}
let committed: Loc | null = null;
const anchors = new AnchorKeeper();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

function subscribe(cb: () => void) {
  listeners.add(cb);
  return () => {
    listeners.delete(cb);
  };
}
export const getPath = () => committed?.path ?? '';
export const getSearch = () => (committed?.search ?? '').replace(/^\?/, '');
export const isReady = () => committed !== null;

export function routeMetaFor(path: string, search = ''): RouteMeta {
  const found = findRoute(path) ?? (isConsentReturn(path, search) ? { route: CONSENT_RETURN_ROUTE } : null);
  const meta: RouteMeta = found
    ? { ...found.route, title: found.route.title }
    : { title: 'Page not found', page: false };
  const item = store.get(navAtom)?.navItems.find((i) => trim(i.url).toLowerCase() === trim(path).toLowerCase());
  if (item) {
    meta.requiresAdmin = meta.requiresAdmin || item.requiresAdmin;
    meta.internalOnly = meta.internalOnly || item.internalOnly;
    meta.neverHide = meta.neverHide || item.neverHide;
  }
  return meta;
}

export function evaluate(path: string, search: string, from: string | null, leaveConfirmed: boolean): GuardResult {
  const session = store.get(sessionAtom);
  const tokenFlags = readTokenFlags(store.get(tokensAtom)?.accessToken);
  setEnabledPlugins(session ? session.plugins : null);
  const nav = store.get(navAtom);
  const navUrls = (nav?.navItems ?? [])
    .filter((i) => i.level <= NAV_MAX_LEVEL)
    .sort((a, b) => a.sort - b.sort)
    .map((i) => i.url);
  return runGuard(
    {
      path,
      search,
      from,
      route: routeMetaFor(path, search),
      signedIn: isSignedIn(),
      session,
      // 4.1: the maintenance and invalid-login flags come from the token (the loaded session's live maintenance state wins).
      invalidLogin: store.get(invalidLoginAtom) || tokenFlags.invalidLogin,
      inMaintenance: inMaintenance(session, tokenFlags, store.get(maintenanceHintAtom)),
      tokenWithoutTenant: tokenFlags.hasTenant === false,
      dirty: store.get(isDirtyAtom),
      leaveConfirmed,
      firstAccessiblePath: firstAccessiblePath(
        navUrls,
        session?.userAccessPages ?? [],
        session?.user.isLciAdmin ?? false,
        session?.user.isTenantAdmin ?? false,
      ),
      companies: store.get(companiesAtom),
      moduleView: store.get(currentModuleViewAtom),
      extra: store.get(sessionDataAtom),
    },
    guardSteps(),
  );
}

function askLeave(message: string): Promise<boolean> {
  return new Promise((resolve) =>
    store.set(leavePromptAtom, {
      message,
      resolve: (ok) => {
        store.set(leavePromptAtom, null);
        resolve(ok);
      },
    }),
  );
}

function commit(loc: Loc, mode: 'push' | 'replace', r: GuardResult): void {
  const url = loc.path + loc.search;
  const shown = window.location.pathname + window.location.search;
  const same = shown === url;
  // The anchor of a deep link (/cs/company/detail#stackAlignment) survives the hops before its page; a navigation to
  // the location already shown keeps the anchor shown.
  const anchor = anchors.anchorFor(url, { at: shown, hash: window.location.hash });
  const anchorChanged = window.location.hash !== anchor;
  if (!same || mode === 'push' || anchorChanged) {
    const oldURL = window.location.href;
    const target = url + anchor;
    if (mode === 'push') window.history.pushState(null, '', target);
    else window.history.replaceState(null, '', target);
    // history.replaceState fires no hashchange: a page already shown learns of a restored anchor as from a link.
    if (same && anchorChanged && anchor)
      window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: window.location.href }));
  }
  committed = loc;
  if (r.title) document.title = `${r.title} | Lifecycle`;
  if (r.track) store.set(trackedPathsAtom, (p) => [...p.slice(-19), r.track!]);
  emit();
}

let running: Promise<boolean> = Promise.resolve(true);

interface GoOpts {
  replace?: boolean;
  popped?: boolean;
  recheck?: boolean;
}

async function go(to: string, opts: GoOpts): Promise<boolean> {
  // Access changed on the server (realtime lci.accessChanged): reload session and menu now; when they arrive the
  // guard runs again on the location (recheck), so a page no longer allowed is left. Not awaited: the page keeps its state.
  if (!opts.recheck) void refreshAccessIfStale();
  const from = committed?.path ?? null;
  let target = to;
  let confirmed = false;
  let redirected = false;
  for (let hop = 0; hop < 12; hop++) {
    const url = new URL(target, window.location.origin);
    const r = evaluate(url.pathname, url.search, opts.recheck ? url.pathname : from, confirmed);
    if (r.action === 'prompt') {
      if (!(await askLeave(r.message!))) {
        if (opts.popped) restoreUrl();
        return false;
      }
      confirmed = true;
      store.set(dirtyPagesAtom, {});
      continue;
    }
    if (r.action === 'block') {
      if (r.alert) store.set(guardAlertAtom, r.alert);
      if (opts.popped) restoreUrl();
      if (committed === null && target !== '/dashboard') {
        target = '/dashboard';
        redirected = true;
        continue;
      }
      return false;
    }
    // An absolute URL (e.g. a payment provider's checkout to resume) leaves the workspace.
    if (r.action === 'redirect' && /^https?:\/\//i.test(r.to!)) {
      window.location.assign(r.to!);
      return false;
    }
    if (r.action === 'redirect') {
      if (r.to === '/maintenance') rememberMaintenanceReturn(url.pathname + url.search);
      target = r.to!;
      redirected = true;
      continue;
    }
    const sameAsCommitted = committed && committed.path === url.pathname && committed.search === url.search;
    if (opts.recheck && sameAsCommitted) return true;
    const mode = opts.popped || opts.replace || committed === null || (opts.recheck && redirected) ? 'replace' : 'push';
    commit({ path: url.pathname, search: url.search }, sameAsCommitted ? 'replace' : mode, r);
    return true;
  }
  console.error('navigation: too many redirects from', to);
  return false;
}

function restoreUrl(): void {
  if (committed) window.history.pushState(null, '', committed.path + committed.search);
}

/** Serialised navigation (a prompt waits for the user before the next one runs). */
function enqueue(to: string, opts: GoOpts): Promise<boolean> {
  running = running.then(
    () => go(to, opts),
    () => go(to, opts),
  );
  return running;
}

export function navigate(to: string, opts: { replace?: boolean } = {}): Promise<boolean> {
  const url = new URL(to, window.location.origin);
  if (url.hash) anchors.ask(url.pathname + url.search, url.hash);
  return enqueue(url.pathname + url.search, { replace: opts.replace });
}

/** The location the browser shows, its anchor remembered for the commit. */
function askShown(): string {
  const at = window.location.pathname + window.location.search;
  anchors.ask(at, window.location.hash);
  return at;
}

let recheckQueued = false;
/** Re-runs the guard on the current location after a state change (session, tokens, maintenance...). */
export function recheck(): void {
  if (recheckQueued || !committed) return;
  recheckQueued = true;
  queueMicrotask(() => {
    recheckQueued = false;
    if (committed) void enqueue(committed.path + committed.search, { recheck: true });
  });
}

let started = false;
export function startNavigation(): void {
  if (started) return;
  started = true;
  window.addEventListener('popstate', () => {
    void enqueue(askShown(), { popped: true });
  });
  for (const a of [
    sessionAtom,
    tokensAtom,
    maintenanceHintAtom,
    companiesAtom,
    sessionDataAtom,
    moduleViewTextAtom,
    navAtom,
    invalidLoginAtom,
  ])
    store.sub(a, recheck);
  window.addEventListener('beforeunload', (e) => {
    if (store.get(isDirtyAtom)) {
      e.preventDefault();
      e.returnValue = '';
    }
  });
  void enqueue(askShown(), { replace: true });
}

// wouter hooks.
export function useNavLocation(): [string, (to: string, opts?: { replace?: boolean }) => void] {
  const path = useSyncExternalStore(subscribe, getPath);
  return [
    path,
    (to, opts) => {
      void navigate(to, opts);
    },
  ];
}
export function useNavSearch(): string {
  return useSyncExternalStore(subscribe, getSearch);
}
export function useNavReady(): boolean {
  return useSyncExternalStore(subscribe, isReady);
}
