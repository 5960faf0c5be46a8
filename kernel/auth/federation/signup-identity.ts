/**
 * Sign-in through Microsoft or Google by someone Lifecycle has no tenant for (platform.md 2.3 "If the identity
 * provider is not the main identity service but a username exists, goes to /signup"; issue 15 B9). Before,
 * an unknown e-mail answered 'Login failed.'. Now a verified e-mail that no user has becomes an external
 * identity: a confirmed user without a password or tenant, `id_provider_name` the provider (ms | google), its
 * upstream account linked (links.ts), so the sign-up wizard's insertUserAndTenant finds it and later sign-ins
 * through that provider are pinned to it. No session is given: the sign-in screen sends the browser to the
 * wizard with the identity prefilled (autofillSSOData). An external identity that still has no tenant (a
 * sign-up left unfinished) goes there again. Lifecycle users (id_provider_name 'lifecycle') are never sent there.
 */
import type { SocialProviderId } from '../../../config';
import type { Database } from '../../db/database';
import { normalizeEmail, type UserStore } from '../login/users';
import type { FederatedLinks } from './links';
import type { VerifiedIdentity } from './upstream';

interface SignUpIdentity {
  email: string;
  firstName: string;
  lastName: string;
  provider: SocialProviderId;
}

const claim = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 79) : '');

/** The names the provider gave (given_name / family_name, else the full name split once). */
function namesOf(identity: VerifiedIdentity): { firstName: string; lastName: string } {
  const c = identity.claims as Record<string, unknown>;
  let firstName = claim(c.given_name);
  let lastName = claim(c.family_name);
  if (!firstName && !lastName) {
    const [first, ...rest] = claim(c.name).split(/\s+/);
    firstName = first ?? '';
    lastName = rest.join(' ');
  }
  return { firstName, lastName };
}

/**
 * The identity to sign up with, creating it when no user has the e-mail; null when the sign-in should go on
 * as before (a user with a tenant, a Lifecycle user, an e-mail the provider does not vouch for, a refused link).
 */
export async function signUpIdentity(
  db: Database,
  users: UserStore,
  links: FederatedLinks,
  identity: VerifiedIdentity,
  provider: SocialProviderId,
): Promise<(SignUpIdentity & { created: boolean }) | null> {
  if (!identity.email || !identity.emailVerified) return null;
  const email = identity.email.trim();
  const found = await users.byEmail(normalizeEmail(email));
  const names = namesOf(identity);
  let userId: number;
  let created = false;
  if (found) {
    const user = await users.byId(found.user.userId);
    if (!user || !user.active || user.currentTenantId !== null || user.idProviderName === 'lifecycle') return null;
    userId = user.userId;
  } else {
    const row = await db.withSystem((trx) =>
      trx('users')
        .insert({
          username: normalizeEmail(email),
          email,
          name_first: names.firstName,
          name_last: names.lastName,
          password_hash: null,
          confirmed_flag: true,
          id_provider_name: provider,
          current_tenant_id: null,
        })
        .onConflict('username')
        .ignore()
        .returning('user_id'),
    );
    if (!row.length) return signUpIdentity(db, users, links, identity, provider); // made meanwhile: look again
    userId = Number(row[0].user_id);
    created = true;
  }
  const link = await links.check(userId, provider, identity.issuer, identity.subject);
  if (!link.ok) return null;
  return { email, ...names, provider, created };
}
