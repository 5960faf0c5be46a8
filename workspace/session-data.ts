/**
 * Session data of plugins: data a plugin loads when the session starts (section 4.1: "then subscriptions
 * are fetched") and again on demand, kept in one jotai atom by key. The navigation guard receives it as
 * GuardInput.extra[key] (plugin guard steps 13-16 decide on it). A key whose load failed, whose plugin is
 * off, or that is not loaded yet is absent: guard steps treat that as "no decision".
 */
import { sessionDataAtom, sessionAtom, store } from './state/atoms';
import type { Session } from './types';

export interface SessionDataDef {
  /** Key in GuardInput.extra and in the atom; unique across plugins (e.g. 'billing:subscriptions'). */
  key: string;
  /** Loads the data for the signed-in session (a rejection leaves the key absent). */
  load(session: Session): Promise<unknown>;
}

interface Registered {
  def: SessionDataDef;
  plugin?: string;
}
const defs = new Map<string, Registered>();
/** Generation per key: a result that arrives after a newer load (or a sign-out) started is dropped. */
const generation = new Map<string, number>();

export function registerSessionData(list: readonly SessionDataDef[], plugin?: string): void {
  for (const def of list) {
    const had = defs.get(def.key);
    if (had && had.plugin !== plugin)
      throw new Error(`session data "${def.key}" is registered by ${had.plugin ?? 'the shell'} already`);
    defs.set(def.key, { def, plugin });
  }
}

function setKey(key: string, value: unknown, present: boolean): void {
  store.set(sessionDataAtom, (all) => {
    if (!present && !(key in all)) return all;
    const next = { ...all };
    if (present) next[key] = value;
    else delete next[key];
    return next;
  });
}

async function loadOne(r: Registered, session: Session): Promise<unknown> {
  const key = r.def.key;
  const gen = (generation.get(key) ?? 0) + 1;
  generation.set(key, gen);
  if (!session.tenant || (r.plugin && !session.plugins.includes(r.plugin))) {
    setKey(key, undefined, false);
    return undefined;
  }
  try {
    const value = await r.def.load(session);
    if (generation.get(key) === gen) setKey(key, value, true);
    return value;
  } catch (e) {
    if (generation.get(key) === gen) setKey(key, undefined, false);
    console.warn(`session data "${key}" could not be loaded`, e);
    return undefined;
  }
}

/** Loads every registered key for a session (the initializer awaits it before the session is set). */
export async function loadSessionData(session: Session): Promise<void> {
  await Promise.all([...defs.values()].map((r) => loadOne(r, session)));
}

/**
 * Loads one key again for the current session (e.g. after a subscription change) and resolves with the new
 * value (undefined when it could not be loaded). The guard runs again on the current location when it lands.
 */
export async function reloadSessionData(key: string): Promise<unknown> {
  const r = defs.get(key);
  if (!r) throw new Error(`no session data "${key}" is registered`);
  const session = store.get(sessionAtom);
  if (!session) return undefined;
  return loadOne(r, session);
}

/** Forgets every key (sign-out); loads still in flight are dropped. */
export function clearSessionData(): void {
  for (const key of defs.keys()) generation.set(key, (generation.get(key) ?? 0) + 1);
  store.set(sessionDataAtom, {});
}

/** The current value of a key (undefined when absent). */
export function sessionData<T = unknown>(key: string): T | undefined {
  return store.get(sessionDataAtom)[key] as T | undefined;
}
