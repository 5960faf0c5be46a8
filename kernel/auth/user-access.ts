/**
 * Ending a user's access at once (a disabled user, a deactivated membership,
 * `lci user sessions --revoke`, a password change or reset, an MFA reset):
 * their provider sessions, grants and refresh tokens are deleted (sessions.ts),
 * the access tokens they hold are cut off where the user stays active
 * (token-cutoffs.ts), and their cached callers are dropped in every server
 * process (kernel/access invalidation over the realtime bus and the database),
 * so the next API call with an access token they still hold is resolved afresh
 * and refused (users.active_flag false: 401; no active membership: no tenant;
 * issued before the cutoff: 401 'The incoming token has expired').
 * The token cache in tokens.ts only remembers signatures, never access.
 *
 * Also lists a user's server sessions and refresh tokens (oidc_payloads) for
 * `lci user sessions`, without printing token values (a short fingerprint).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { ACCESS_CHANNEL } from '../access/service';
import type { Kernel } from '../kernel';
import { endUserSessions, sessionGrants, type EndedSessions } from './sessions';
import { cutUserTokens } from './token-cutoffs';
export { endUserSessions } from './sessions';

/**
 * Ends the user's sessions, grants and refresh tokens but those of `keepSessionId` (the caller's own session,
 * when it is the user's), and refuses every access token of the user issued until now except that session's and
 * the token `keepTokenId` (the call's own: caller-session.ts). In the caller's system-scope transaction; call
 * dropCachedAccess once it has committed.
 */
export async function endUserAccess(
  db: Knex,
  userId: number,
  opts: { keepSessionId?: string | null; keepTokenId?: string | null } = {},
): Promise<EndedSessions> {
  const kept = await sessionGrants(db, userId, opts.keepSessionId);
  const ended = await endUserSessions(db, userId, { keepSessionId: kept?.sessionId ?? null });
  await cutUserTokens(db, userId, { keepGrantIds: kept?.grantIds ?? [], keepTokenId: opts.keepTokenId });
  return ended;
}

interface ServerSession {
  kind: 'session' | 'refresh_token';
  /** sha256 of the id, 12 hex characters: enough to tell rows apart, useless as a token. */
  ref: string;
  clientId: string | null;
  createdAt: string | null;
  expiresAt: string | null;
}

const iso = (v: unknown): string | null =>
  v == null ? null : new Date(typeof v === 'number' ? v * 1000 : (v as string)).toISOString();
const parse = (v: unknown): Record<string, any> =>
  (typeof v === 'string' ? JSON.parse(v) : (v as Record<string, any>)) ?? {};

/** Open sessions and usable (not rotated, not expired) refresh tokens of the user. Owner connection or system scope. */
export async function listUserSessions(db: Knex, userId: number): Promise<ServerSession[]> {
  const rows = await db('oidc_payloads')
    .whereIn('model', ['Session', 'RefreshToken'])
    .whereRaw(`payload->>'accountId' = ?`, [String(userId)])
    .whereNull('consumed_at')
    .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', new Date()))
    .orderBy([{ column: 'model' }, { column: 'expires_at' }])
    .select('model', 'id', 'payload', 'expires_at');
  return rows.map((r: { model: string; id: string; payload: unknown; expires_at: unknown }) => {
    const p = parse(r.payload);
    return {
      kind: r.model === 'Session' ? 'session' : 'refresh_token',
      ref: crypto.createHash('sha256').update(r.id).digest('hex').slice(0, 12),
      clientId: typeof p.clientId === 'string' ? p.clientId : null,
      createdAt: iso(p.iat ?? p.loginTs ?? null),
      expiresAt: iso(r.expires_at),
    };
  });
}

/**
 * Drops the user's cached callers here and in every other process. Call it
 * after the change is committed (a caller loaded before the commit would be
 * cached again with the old state). Awaits the bus message, so a short-lived
 * process (the CLI) does not stop before it is sent.
 */
export async function dropCachedAccess(k: Kernel, userId: number): Promise<void> {
  const access = k.access as { invalidateUser?: (id: number) => void };
  access.invalidateUser?.(userId);
  await k.realtime?.publishInternal(ACCESS_CHANNEL, { origin: 'user-access', userId }).catch(() => undefined);
}
