/** Audit actions of multi-factor sign-in, and clearing a factor (kept light: the CLI imports this). */
import type { Knex } from 'knex';

export const MFA_AUDIT = {
  passed: 'auth.mfa.passed',
  failed: 'auth.mfa.failed',
  enrolled: 'auth.mfa.enrolled',
  reset: 'auth.mfa.reset',
  required: 'auth.mfa.required',
  codeSent: 'auth.mfa.code-sent',
} as const;

/** Clears a user's second factor (they enrol again at the next sign-in when MFA is required); the caller's system-scope transaction audits it. */
export async function clearMfa(trx: Knex, userId: number): Promise<void> {
  await trx('users')
    .where({ user_id: userId })
    .update({ mfa_type: null, mfa_secret: null, mfa_setup_secret: null, mfa_last_time_step: null });
}
