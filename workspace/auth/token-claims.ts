/**
 * What the workspace reads from the access token (platform.md 4.1 "Maintenance flag and
 * invalid-login flag are read from the token") and where sign-out goes (2.3 "Sign out", 6).
 *
 * Claims (set by the server at issue time, kernel/auth/token-claims.ts):
 *   lci_maintenance   maintenance mode was on
 *   lci_invalid_login the user may not use the workspace with this sign-in: their membership of
 *                     the token's tenant is deactivated, or the tenant forces single sign-on
 *                     (force_sso_flag) and they signed in with a password
 *   lci_internal      an internal user or LCI admin (sign-out goes to /signIn, others to /clients/signin)
 *   tid               the user's current tenant, null for none (/authed sends a user without one to /signUp)
 * The token is a snapshot: once the session is loaded, its live maintenance state wins.
 */
import type { Session } from '../types';

export interface TokenFlags {
  maintenance: boolean;
  invalidLogin: boolean;
  internal: boolean | null;
  /** The token's `tid`: whether the user has a current tenant (null: the token does not say). */
  hasTenant: boolean | null;
}

const NONE: TokenFlags = { maintenance: false, invalidLogin: false, internal: null, hasTenant: null };

export function readTokenFlags(token: string | null | undefined): TokenFlags {
  if (!token) return NONE;
  try {
    const part = token.split('.')[1];
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))) as Record<string, unknown>;
    return {
      maintenance: json.lci_maintenance === true,
      invalidLogin: json.lci_invalid_login === true,
      internal: typeof json.lci_internal === 'boolean' ? json.lci_internal : null,
      hasTenant: json.tid === null ? false : typeof json.tid === 'number' ? true : null,
    };
  } catch {
    return NONE;
  }
}

export const SIGN_OUT_INTERNAL = '/signIn';
export const SIGN_OUT_CLIENT = '/clients/signin';

/** Internal users (isInternal or isLciAdmin) go to /signIn, others to /clients/signin; unknown: /signIn. */
export function signOutDestination(session: Session | null, flags: TokenFlags): string {
  const internal = session ? session.user.isInternal || session.user.isLciAdmin : flags.internal;
  return internal === false ? SIGN_OUT_CLIENT : SIGN_OUT_INTERNAL;
}

/** Maintenance for the guard: the session's live state once loaded, else the token's snapshot, or a 503 hint. */
export function inMaintenance(session: Session | null, flags: TokenFlags, hint: string | null): boolean {
  return (session ? session.inMaintenance : flags.maintenance) || hint !== null;
}
