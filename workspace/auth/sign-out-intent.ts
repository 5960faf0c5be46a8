/**
 * Whether /signOut may sign out at once. The workspace reaches it by its own navigation (the Sign out button,
 * Logout on /maintenance, declining the terms...), so the page that loaded the document was another one. A
 * document loaded straight at /signOut came from a link or redirect (possibly on another site): then only a
 * same-origin referrer lets it go on, otherwise the user is asked. A GET from elsewhere never signs anyone out.
 */
export interface SignOutLanding {
  /** Path of the URL the document was loaded at (the navigation entry), or null when unknown. */
  loadedPath: string | null;
  /** document.referrer ('' when none; the workspace's Referrer-Policy sends it only within the origin). */
  referrer: string;
  origin: string;
}

export function signOutWithoutAsking(l: SignOutLanding): boolean {
  if (l.loadedPath !== null && l.loadedPath.toLowerCase() !== '/signout') return true;
  if (!l.referrer) return false;
  try {
    return new URL(l.referrer).origin === l.origin;
  } catch {
    return false;
  }
}

/** The landing of the current document, read from the browser. */
export function currentLanding(): SignOutLanding {
  const entry = typeof performance !== 'undefined' ? performance.getEntriesByType?.('navigation')[0] : undefined;
  let loadedPath: string | null = null;
  try {
    loadedPath = new URL(entry?.name ?? window.location.href).pathname;
  } catch {
    /* unknown */
  }
  return { loadedPath, referrer: document.referrer, origin: window.location.origin };
}
