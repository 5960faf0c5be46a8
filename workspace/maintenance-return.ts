/**
 * Where a user goes back to when maintenance ends (issue 28 part 1; departs from platform.md 2.3's "leaves to
 * /signOut": a signed-in user keeps their session and returns to the page maintenance took them from).
 *
 * The guard's redirect to /maintenance remembers the page it came from in sessionStorage (it survives a reload of
 * /maintenance, and is per tab); the maintenance screen takes it when maintenance ends. Public and sign-in pages are
 * never remembered, so a return never leads to a sign-out.
 */
export const MAINTENANCE_RETURN_KEY = 'lci.maintenanceReturn';
/** Where a user goes when nothing was remembered: the home page (the guard then picks their first page). */
export const MAINTENANCE_RETURN_DEFAULT = '/';

const NEVER = ['/maintenance', '/signIn', '/signOut', '/authed', '/clients/signin', '/signUp'];

/** A path (with its query) worth returning to: same-origin, not a sign-in, sign-out or maintenance page. */
export function returnable(pathAndSearch: string): boolean {
  if (!pathAndSearch.startsWith('/') || pathAndSearch.startsWith('//')) return false;
  const path = pathAndSearch.split(/[?#]/)[0].toLowerCase();
  return !NEVER.some((p) => path === p.toLowerCase() || path.startsWith(`${p.toLowerCase()}/`));
}

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
const storage = (): KeyValueStore | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

/** Remembers the page the guard is sending to /maintenance (the first one: later hops keep it). */
export function rememberMaintenanceReturn(pathAndSearch: string, s: KeyValueStore | null = storage()): void {
  if (!s || !returnable(pathAndSearch)) return;
  try {
    s.setItem(MAINTENANCE_RETURN_KEY, pathAndSearch);
  } catch {
    // Storage full or refused: the user returns to the home page.
  }
}

/** The page to go back to when maintenance ends (and forgets it). */
export function takeMaintenanceReturn(s: KeyValueStore | null = storage()): string {
  if (!s) return MAINTENANCE_RETURN_DEFAULT;
  try {
    const v = s.getItem(MAINTENANCE_RETURN_KEY);
    s.removeItem(MAINTENANCE_RETURN_KEY);
    return v && returnable(v) ? v : MAINTENANCE_RETURN_DEFAULT;
  } catch {
    return MAINTENANCE_RETURN_DEFAULT;
  }
}
