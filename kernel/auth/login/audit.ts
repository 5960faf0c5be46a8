/**
 * Audit entries of the sign-in itself (platform tenant 0, like the MFA ones):
 * every completed sign-in and every refused one, with the reason code and the
 * client address. Written on their own system-scope transaction (the
 * interaction endpoints run outside the route table's request transaction).
 */
import type { Database } from '../../db/database';
import type { Audit } from '../../types';

export const SIGNIN_AUDIT = {
  succeeded: 'auth.signin.succeeded',
  failed: 'auth.signin.failed',
  unlocked: 'auth.signin.unlocked',
  sessionsListed: 'auth.sessions.listed',
  sessionsRevoked: 'auth.sessions.revoked',
  userDisabled: 'auth.user.disabled',
  userEnabled: 'auth.user.enabled',
} as const;

export interface SignInAudit {
  succeeded(e: { userId: number; username: string; amr: string[]; ip: string; uid: string }): Promise<void>;
  failed(e: { email?: string; userId?: number; code: string; message: string; ip: string; uid: string }): Promise<void>;
}

export function signInAudit(db: Database, audit: Audit): SignInAudit {
  const write = async (
    action: string,
    actorUserId: number | null,
    target: string | undefined,
    details: Record<string, unknown>,
  ) => {
    // Fails closed: a sign-in whose audit entry cannot be written answers 500 rather than going unrecorded.
    await db.withSystem((trx) => audit.write(trx, { action, actorUserId, target, details }));
  };
  return {
    succeeded: (e) => write(SIGNIN_AUDIT.succeeded, e.userId, e.username, { amr: e.amr, ip: e.ip, uid: e.uid }),
    failed: (e) =>
      write(SIGNIN_AUDIT.failed, e.userId ?? null, e.email?.trim().toLowerCase(), {
        reason: e.code,
        message: e.message,
        ip: e.ip,
        uid: e.uid,
      }),
  };
}
