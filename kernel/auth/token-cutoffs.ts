/**
 * Ending a user's access tokens at once (issue 26 part 3). Access tokens are
 * JWTs checked locally; to end those already issued, a user gets a cutoff
 * (`access_token_cutoffs`): every access token of the user issued before it is
 * refused, except those of the kept grants and the kept token (the session
 * and the token that made a password change or removed their own factor keep
 * working). The cutoff is read with the
 * caller (kernel/access/resolve.ts) and checked on every call against the
 * token's issue time (`lci_iat_ms`, or `iat` for tokens without it) and its
 * grant (`lci_grant`). Written in the caller's system-scope transaction; drop
 * the user's cached callers after the commit (user-access.ts dropCachedAccess).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { TokenClaims } from '../types';

const TABLE = 'access_token_cutoffs';

const ref = (s: string) => crypto.createHash('sha256').update(s).digest('base64url').slice(0, 22);

/** What a token carries of its grant: a SHA-256 reference, never the grant id itself. */
export function grantRef(grantId: string): string {
  return ref(grantId);
}

/** How a cutoff names one kept access token (by its jti), beside the kept grants. */
function tokenRef(tokenId: string): string {
  return `jti:${ref(tokenId)}`;
}

export interface TokenCutoff {
  notBeforeMs: number;
  keptGrants: string[];
}

/** Refuses the user's access tokens issued before `atMs` (now), except those of `keepGrantIds` and the token `keepTokenId`. */
export async function cutUserTokens(
  db: Knex,
  userId: number,
  opts: { keepGrantIds?: string[]; keepTokenId?: string | null; atMs?: number } = {},
): Promise<void> {
  const row = {
    user_id: userId,
    not_before: new Date(opts.atMs ?? Date.now()),
    kept_grants: [
      ...(opts.keepGrantIds ?? []).map(grantRef),
      ...(opts.keepTokenId ? [tokenRef(opts.keepTokenId)] : []),
    ],
    created_at: new Date(),
  };
  await db(TABLE).insert(row).onConflict('user_id').merge(['not_before', 'kept_grants', 'created_at']);
}

/** The user's cutoff, if any (system scope). */
export async function readCutoff(db: Knex, userId: number): Promise<TokenCutoff | null> {
  const row = await db(TABLE).where({ user_id: userId }).first('not_before', 'kept_grants');
  if (!row) return null;
  const kept = row.kept_grants;
  return {
    notBeforeMs: new Date(row.not_before).getTime(),
    keptGrants: Array.isArray(kept) ? kept.map(String) : parsePgArray(kept),
  };
}

function parsePgArray(v: unknown): string[] {
  if (typeof v !== 'string' || v.length < 2) return [];
  const inner = v.slice(1, -1);
  return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : [];
}

/** When the token was issued, in ms: its `lci_iat_ms`, else its `iat` (whole seconds, so the earliest it can be). */
function issuedAtMs(claims: TokenClaims): number | null {
  if (typeof claims.issuedAtMs === 'number') return claims.issuedAtMs;
  return typeof claims.iat === 'number' ? claims.iat * 1000 : null;
}

/** True when the cutoff refuses the token (issued before it, or at an unknown time, and not of a kept grant). */
export function cutOff(claims: TokenClaims, cutoff: TokenCutoff | null): boolean {
  if (!cutoff) return false;
  const at = issuedAtMs(claims);
  if (at !== null && at >= cutoff.notBeforeMs) return false;
  if (claims.grantRef && cutoff.keptGrants.includes(claims.grantRef)) return false;
  return !(claims.tokenId && cutoff.keptGrants.includes(tokenRef(claims.tokenId)));
}
