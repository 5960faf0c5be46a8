/**
 * Ending a user's sign-ins on the server: provider sessions, grants, refresh
 * tokens and authorization codes of the account (oidc_payloads rows whose
 * payload names the account), and sign-ins in progress (LciLoginState). After
 * a password reset or change nothing issued before it can get a new access
 * token; the access tokens already issued are refused through the user's
 * cutoff (token-cutoffs.ts, user-access.ts endUserAccess).
 * Runs on the owner connection or a system-scope transaction.
 */
import type { Knex } from 'knex';

const TABLE = 'oidc_payloads';

export interface EndedSessions {
  sessions: number;
  grants: number;
  refreshTokens: number;
  other: number;
}

/** The grants held by the session `sessionId` when it is the user's (none otherwise). */
export async function sessionGrants(
  db: Knex,
  userId: number,
  sessionId: string | null | undefined,
): Promise<{ sessionId: string; grantIds: string[] } | null> {
  if (!sessionId) return null;
  const row = await db(TABLE).where({ model: 'Session', id: sessionId }).first('payload');
  const payload = row ? (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) : null;
  if (!payload || String(payload.accountId) !== String(userId)) return null;
  const grantIds: string[] = [];
  for (const a of Object.values((payload.authorizations ?? {}) as Record<string, { grantId?: string }>))
    if (a.grantId) grantIds.push(a.grantId);
  return { sessionId, grantIds };
}

/**
 * Ends every session of the user except `keepSessionId` (the caller's own
 * session, with the grants it holds), when given and it belongs to the user.
 */
export async function endUserSessions(
  db: Knex,
  userId: number,
  opts: { keepSessionId?: string | null } = {},
): Promise<EndedSessions> {
  const account = String(userId);
  const kept = await sessionGrants(db, userId, opts.keepSessionId);
  const keepGrants: string[] = kept?.grantIds ?? [];
  const keepSession: string | null = kept?.sessionId ?? null;
  const rows = await db(TABLE)
    .whereRaw(`payload->>'accountId' = ?`, [account])
    .orWhere((q) => q.where({ model: 'LciLoginState' }).whereRaw(`payload->>'userId' = ?`, [account]))
    .select('model', 'id', 'grant_id');
  const doomed = rows.filter((r) => {
    if (r.model === 'Session') return r.id !== keepSession;
    if (r.model === 'Grant') return !keepGrants.includes(r.id);
    return !(r.grant_id && keepGrants.includes(r.grant_id));
  });
  const ended: EndedSessions = { sessions: 0, grants: 0, refreshTokens: 0, other: 0 };
  const doomedGrants = doomed.filter((r) => r.model === 'Grant').map((r) => r.id as string);
  const byModel = new Map<string, string[]>();
  for (const r of doomed) byModel.set(r.model, [...(byModel.get(r.model) ?? []), r.id]);
  for (const [model, ids] of byModel) {
    const n = await db(TABLE).where({ model }).whereIn('id', ids).delete();
    if (model === 'Session') ended.sessions += n;
    else if (model === 'Grant') ended.grants += n;
    else if (model === 'RefreshToken') ended.refreshTokens += n;
    else ended.other += n;
  }
  // Anything else issued under an ended grant goes with it.
  if (doomedGrants.length) ended.other += await db(TABLE).whereIn('grant_id', doomedGrants).delete();
  return ended;
}
