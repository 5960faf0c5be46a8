/** Workspace state (jotai). One store, shared by React and the api/realtime/token services. */
import { atom, createStore, type WritableAtom } from 'jotai';
import type { RealtimeStatus } from '../realtime';
import type { Company, ModuleView, NavData, PublicConfig, ServerMessage, Session, Tokens } from '../types';
import { loadState, removeState, saveState } from './persist';
import { NO_SERVER_BANNERS, type ServerBannerState } from '../server-messages';
import type { WorkspaceError } from '../errors';

export const store = createStore();

const ls = () => (typeof localStorage === 'undefined' ? null : localStorage);

/** An atom persisted to localStorage with the 1-day expiry; null removes the entry. */
export function persistedAtom<T>(key: string, initial: T): WritableAtom<T, [T | ((prev: T) => T)], void> {
  const s = ls();
  const base = atom<T>(s ? (loadState<T>(s, key) ?? initial) : initial);
  return atom(
    (get) => get(base),
    (get, set, update: T | ((prev: T) => T)) => {
      const next = typeof update === 'function' ? (update as (p: T) => T)(get(base)) : update;
      set(base, next);
      const st = ls();
      if (!st) return;
      if (next === null || next === undefined) removeState(st, key);
      else saveState(st, key, next);
    },
  );
}

export const configAtom = atom<PublicConfig | null>(null);
export const tokensAtom = persistedAtom<Tokens | null>('tokens', null);
/** Loaded by /initializer in this page; never persisted (a reload initialises again). */
export const sessionAtom = atom<Session | null>(null);
export const navAtom = atom<NavData | null>(null);
export const moduleViewsAtom = atom<ModuleView[]>([]);
export const moduleViewTextAtom = persistedAtom<string | null>('moduleView', null);
export const companiesAtom = atom<Company[] | null>(null);
/** Plugin session data by key (workspace/session-data.ts); reaches the guard as GuardInput.extra. */
export const sessionDataAtom = atom<Record<string, unknown>>({});
export const selectedCompanyIdAtom = persistedAtom<number | null>('company', null);
export const chartsShownAtom = persistedAtom<boolean>('chartsShown', true);
export const realtimeStatusAtom = atom<RealtimeStatus>('idle');
export const messagesAtom = atom<ServerMessage[]>([]);
/** The shared error state of the workspace's calls (errors.ts). */
export const errorsAtom = atom<WorkspaceError[]>([]);
/** Banners the server messages drive (download pending/ready, tenant migration, migration warning). */
export const serverBannersAtom = atom<ServerBannerState>(NO_SERVER_BANNERS);
/** Store-target updates of the realtime channel, by target. */
export const storeTargetsAtom = atom<Record<string, unknown>>({});
/** Dirty pages by page uuid (section 4.6). */
export const dirtyPagesAtom = atom<Record<string, { path: string }>>({});
/** Authentication status: state failed, variant error. */
export const authStatusAtom = atom<{ state: 'failed'; variant: 'error'; message: string } | null>(null);
export const invalidLoginAtom = atom(false);
/** Set when a write answered 503 maintenance before the session knew. */
export const maintenanceHintAtom = atom<string | null>(null);
/** The API is unreachable (503 outage, 502/504, network): the reconnecting bar shows while reads are retried. */
export const reconnectingAtom = atom(false);
/** Paths visited in this page (guard step 1). */
export const trackedPathsAtom = atom<string[]>([]);
/** Alert raised by the guard (admin pages). */
export const guardAlertAtom = atom<string | null>(null);
/** Pending dirty-page prompt. */
export const leavePromptAtom = atom<{ message: string; resolve: (ok: boolean) => void } | null>(null);

export const currentModuleViewAtom = atom((get) => {
  const views = get(moduleViewsAtom).filter((v) => !v.disabled);
  const text = get(moduleViewTextAtom);
  return views.find((v) => v.text === text) ?? views.find((v) => v.text === 'vCIO') ?? views[0] ?? null;
});

export const isDirtyAtom = atom((get) => Object.keys(get(dirtyPagesAtom)).length > 0);

/** Sign-out clears all stores. */
export function resetAllAtoms(): void {
  store.set(tokensAtom, null);
  store.set(sessionAtom, null);
  store.set(navAtom, null);
  store.set(moduleViewsAtom, []);
  store.set(moduleViewTextAtom, null);
  store.set(companiesAtom, null);
  store.set(sessionDataAtom, {});
  store.set(selectedCompanyIdAtom, null);
  store.set(messagesAtom, []);
  store.set(serverBannersAtom, NO_SERVER_BANNERS);
  store.set(errorsAtom, []);
  store.set(storeTargetsAtom, {});
  store.set(dirtyPagesAtom, {});
  store.set(maintenanceHintAtom, null);
  store.set(trackedPathsAtom, []);
}
