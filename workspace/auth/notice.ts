/**
 * A one-time notice for the sign-in screen (e.g. after a password reset), kept in
 * sessionStorage because /signIn first leaves for the provider and comes back.
 */
const KEY = 'lci.signInNotice';

export function setSignInNotice(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    /* storage unavailable: no notice */
  }
}

let taken: string | null | undefined;

/** Reads and forgets the notice (the same answer for the rest of this page load, so a re-render shows it too). */
export function takeSignInNotice(): string | null {
  if (taken !== undefined) return taken;
  try {
    taken = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    taken = null;
  }
  return taken;
}
