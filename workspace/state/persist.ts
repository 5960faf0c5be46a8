/**
 * Local state persisted to localStorage with a 1-day expiry (platform.md section 9).
 * Values are stored as { v, exp } under a prefixed key; expired entries are removed on read.
 */
import { LOCAL_STATE_TTL_MS } from '../constants';

export const STORAGE_PREFIX = 'lci.';

export interface KeyValueStorage {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
}
interface Entry<T> {
  v: T;
  exp: number;
}

export function saveState<T>(
  storage: KeyValueStorage,
  key: string,
  value: T,
  now = Date.now(),
  ttlMs = LOCAL_STATE_TTL_MS,
): void {
  const entry: Entry<T> = { v: value, exp: now + ttlMs };
  try {
    storage.setItem(STORAGE_PREFIX + key, JSON.stringify(entry));
  } catch {
    /* quota or private mode: state stays in memory */
  }
}

export function loadState<T>(storage: KeyValueStorage, key: string, now = Date.now()): T | undefined {
  let raw: string | null = null;
  try {
    raw = storage.getItem(STORAGE_PREFIX + key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    const entry = JSON.parse(raw) as Entry<T>;
    if (typeof entry !== 'object' || entry === null || typeof entry.exp !== 'number' || !('v' in entry))
      throw new Error('bad entry');
    if (entry.exp <= now) {
      storage.removeItem(STORAGE_PREFIX + key);
      return undefined;
    }
    return entry.v;
  } catch {
    storage.removeItem(STORAGE_PREFIX + key);
    return undefined;
  }
}

export function removeState(storage: KeyValueStorage, key: string): void {
  try {
    storage.removeItem(STORAGE_PREFIX + key);
  } catch {
    /* ignore */
  }
}

/** Removes every workspace key (sign-out clears all stores). */
export function clearAllState(storage: KeyValueStorage & { length: number; key(i: number): string | null }): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k?.startsWith(STORAGE_PREFIX)) keys.push(k);
  }
  for (const k of keys) storage.removeItem(k);
}
