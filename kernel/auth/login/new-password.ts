/**
 * NEW_PASSWORD_REQUIRED responder (platform.md 4.1): the user signed in with a
 * password an administrator wants replaced. Answer { newPassword } meeting the
 * rules of section 5 (8 to 99, number, upper, lower, special) and different from
 * the current one; the argon2id hash is stored, users.force_new_password is
 * cleared (so the rules move on), the user's other sessions end and their access
 * tokens are refused at once (user-access.ts endUserAccess), and it is audited.
 */
import type { Database } from '../../db/database';
import type { Logger } from '../../log';
import type { Audit } from '../../types';
import { checkNewPassword, INVALID_PASSWORD, storePassword } from '../password-policy';
import { verifyPassword } from '../passwords';
import { endUserAccess } from '../user-access';
import type { LoginMachine } from './machine';
import type { ChallengeResponder, LoginFailure } from './types';

export const MSG_SAME_PASSWORD = 'The new password must be different from the current password.';
const SAME_PASSWORD: LoginFailure = { status: 400, code: INVALID_PASSWORD, message: MSG_SAME_PASSWORD };

interface NewPasswordDeps {
  db: Database;
  audit: Audit;
  log: Logger;
  /** Drops the user's cached callers in every process once the change is committed (user-access.ts dropCachedAccess). */
  dropCachedAccess?: (userId: number) => Promise<void>;
}

function newPasswordResponder({ db, audit, log, dropCachedAccess }: NewPasswordDeps): ChallengeResponder {
  return {
    challenge: 'NEW_PASSWORD_REQUIRED',
    async respond(user, answer) {
      const weak = checkNewPassword(answer.newPassword);
      if (weak) return { status: weak.status, code: weak.code, message: weak.message };
      const newPassword = answer.newPassword as string;
      const row = await db.withSystem((trx) =>
        trx('users').where({ user_id: user.userId }).first('password_hash', 'current_tenant_id'),
      );
      if (row?.password_hash && (await verifyPassword(row.password_hash, newPassword))) return SAME_PASSWORD;
      await db.withSystem(async (trx) => {
        await storePassword(trx, user.userId, newPassword);
        const ended = await endUserAccess(trx, user.userId);
        await audit.write(trx, {
          tenantId: row?.current_tenant_id == null ? undefined : Number(row.current_tenant_id),
          actorUserId: user.userId,
          action: 'identity.password.changed',
          target: user.username,
          details: { reason: 'NEW_PASSWORD_REQUIRED', ended },
        });
      });
      await dropCachedAccess?.(user.userId).catch(() => undefined);
      log.info({ userId: user.userId }, 'new password set at sign-in');
      return null;
    },
  };
}

export function registerNewPasswordResponder(machine: LoginMachine, deps: NewPasswordDeps): void {
  machine.registerResponder(newPasswordResponder(deps));
}
