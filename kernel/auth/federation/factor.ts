/**
 * The social sign-in primary factor: the upstream provider vouched for an e-mail (verified ID token);
 * the Lifecycle user with that e-mail signs in. No account is created and an unverified e-mail is not
 * trusted; every refusal answers 'Login failed.' (no hint whether the e-mail is known).
 */
import { LOGIN_FAILED, USER_DISABLED } from '../login/password';
import type { PrimaryResult } from '../login/types';
import { normalizeEmail, type UserStore } from '../login/users';
import type { VerifiedIdentity } from './upstream';

export type FederatedRefusal = 'email_missing' | 'email_not_verified' | 'unknown_email' | 'user_disabled';

export async function federatedFactor(users: UserStore, identity: VerifiedIdentity): Promise<PrimaryResult & { reason?: FederatedRefusal }> {
  if (!identity.email) return { ok: false, failure: LOGIN_FAILED, reason: 'email_missing' };
  if (!identity.emailVerified) return { ok: false, failure: LOGIN_FAILED, reason: 'email_not_verified' };
  const found = await users.byEmail(normalizeEmail(identity.email));
  if (!found) return { ok: false, failure: LOGIN_FAILED, reason: 'unknown_email' };
  if (!found.user.active) return { ok: false, failure: USER_DISABLED, reason: 'user_disabled' };
  return { ok: true, user: found.user, amr: ['fed'] };
}
