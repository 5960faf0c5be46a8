/**
 * The server side of the password rules (platform.md sections 5 and 9): the same
 * pure rules the workspace forms show (workspace/auth/password-rules.ts), and
 * storing a new password (argon2id) for a user.
 */
import type { Knex } from 'knex';
import { firstUnmetRule, NEW_PASSWORD_POLICY, type PasswordPolicy } from '../../common/password-rules';
import { MSG_COMMON_PASSWORD } from '../../common/texts';
import { COMMON_PASSWORD_RULE, isCommonPassword } from './common-passwords';
import type { LoginFailure } from './login/types';
import { hashPassword } from './passwords';

export const INVALID_PASSWORD = 'InvalidPasswordException';
const MSG_PASSWORD_REQUIRED = 'Password is required.';

/** 400 InvalidPasswordException naming the first rule the password breaks, then `common` (common-passwords.ts); null when it passes. */
export function checkNewPassword(
  password: unknown,
  policy: PasswordPolicy = NEW_PASSWORD_POLICY,
): (LoginFailure & { rule?: string }) | null {
  if (typeof password !== 'string' || password.length === 0)
    return { status: 400, code: INVALID_PASSWORD, message: MSG_PASSWORD_REQUIRED };
  const rule = firstUnmetRule(password, policy);
  if (rule) return { status: 400, code: INVALID_PASSWORD, message: rule.message, rule: rule.id };
  return isCommonPassword(password)
    ? { status: 400, code: INVALID_PASSWORD, message: MSG_COMMON_PASSWORD, rule: COMMON_PASSWORD_RULE }
    : null;
}

/** Stores the argon2id hash of a (checked) password and clears a forced change. Runs in a system-scope transaction. */
export async function storePassword(db: Knex, userId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db('users').where({ user_id: userId }).update({ password_hash: passwordHash, force_new_password: false });
}
