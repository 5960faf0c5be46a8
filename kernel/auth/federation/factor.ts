/**
 * The social sign-in primary factor: the upstream provider vouched for an e-mail (verified ID token);
 * the Lifecycle user with that e-mail signs in. No account is created and an unverified e-mail is not
 * trusted; every refusal answers 'Login failed.' (no hint whether the e-mail is known). Once a provider has
 * signed the user in, only that upstream account (issuer + subject, links.ts) may do so again.
 */
import type { SocialProviderId } from '../../../config';
import { LOGIN_FAILED, USER_DISABLED } from '../login/password';
import type { LoginFailure, PrimaryResult } from '../login/types';
import { normalizeEmail, type UserStore } from '../login/users';
import type { FederatedLinks } from './links';
import { SOCIAL_PROVIDER_NAMES } from './providers';
import type { VerifiedIdentity } from './upstream';

type FederatedRefusal =
  | 'email_missing'
  | 'email_not_verified'
  | 'unknown_email'
  | 'user_disabled'
  | 'subject_mismatch'
  | 'subject_linked_elsewhere';

/** Another upstream account than the linked one, with the user's e-mail. */
const accountMismatch = (provider: SocialProviderId): LoginFailure => ({
  status: 401,
  code: 'NotAuthorizedException',
  message: `This ${SOCIAL_PROVIDER_NAMES[provider]} account is not the one linked to your Lifecycle account. Sign in with the ${SOCIAL_PROVIDER_NAMES[provider]} account you used before, or ask your administrator to reset the link.`,
});

export async function federatedFactor(
  users: UserStore,
  identity: VerifiedIdentity,
  provider: SocialProviderId,
  links: FederatedLinks,
): Promise<PrimaryResult & { reason?: FederatedRefusal; linked?: boolean }> {
  if (!identity.email) return { ok: false, failure: LOGIN_FAILED, reason: 'email_missing' };
  if (!identity.emailVerified) return { ok: false, failure: LOGIN_FAILED, reason: 'email_not_verified' };
  const found = await users.byEmail(normalizeEmail(identity.email));
  if (!found) return { ok: false, failure: LOGIN_FAILED, reason: 'unknown_email' };
  if (!found.user.active) return { ok: false, failure: USER_DISABLED, reason: 'user_disabled' };
  const link = await links.check(found.user.userId, provider, identity.issuer, identity.subject);
  if (!link.ok) return { ok: false, failure: accountMismatch(provider), reason: link.reason };
  return { ok: true, user: found.user, amr: ['fed'], linked: link.linked };
}
