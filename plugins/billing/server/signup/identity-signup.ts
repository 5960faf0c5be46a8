/**
 * The identity sign-up (platform.md 3 "Sign-up payload for the identity service",
 * 4.4 Finish, 5, 7.2 signUp):
 *
 *   POST /v3/manager/identity/signup {username, password, attributes:{name, email, custom:company_name, custom:phone_0}}
 *     -> {status:'SUCCESS', userConfirmed:false, codeDeliveryDetails:{deliveryMedium:'EMAIL', attributeName:'email', destination}}
 *
 * Creates the unconfirmed user (argon2id hash of a password meeting the wizard
 * rules) and mails a confirm_signup code. Idempotent for a sign-up in progress:
 * the same e-mail again, while the user is unconfirmed and has no tenant, keeps
 * the one user (names and password as given now) and mails a fresh code, which
 * retires the earlier ones; an unconfirmed user with a tenant is answered the
 * same only with the right password. A confirmed user, or a wrong password once
 * the tenant exists, is refused: 400 UsernameExistsException, nothing changed.
 *
 * The path is the spec's, under identity/; the route is billing's because only the sign-up wizard creates
 * identities this way, with the wizard's rules. The confirmation code and its mail are the identity's
 * (kernel sendSignupCode; confirm and resend stay in kernel/auth/signup).
 */
import {
  createUser,
  findUser,
  HttpError,
  normalizeEmail,
  passwordMatches,
  reply,
  sendSignupCode,
  tooManyAttempts,
  updateUserProfile,
  userMemberships,
  type Kernel,
  type RouteRegistrar,
  type Trx,
} from '../../../../kernel/index';
import { identitySignupAnswer } from '../../shared/api';
import { identitySignupBody } from './schemas';
import type { SignupThrottles } from './throttles';

const MSG_USERNAME_EXISTS = 'An account with the given email already exists.';

/** a***@e***.com: enough for the user to recognise the address, not to read it. */
function maskEmail(email: string): string {
  const [local, domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

/** The identity's name attribute split into first and last name (the tenant sign-up sets both exactly). */
function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

interface ExistingUser {
  userId: number;
  email: string;
  confirmed: boolean;
  hasTenant: boolean;
}

/** The user of this username (its row locked: two tries for one user run one after the other), or undefined. */
async function findExisting(db: Trx, username: string): Promise<ExistingUser | undefined> {
  const user = await findUser(db, { username }, { lock: true });
  if (!user) return undefined;
  const hasTenant = user.currentTenantId !== null || (await userMemberships(db, user.userId)).length > 0;
  return { userId: user.userId, email: user.email, confirmed: user.confirmed, hasTenant };
}

export function registerIdentitySignupRoute(r: RouteRegistrar, k: Kernel, throttles: SignupThrottles): void {
  r.post(
    '/v3/manager/identity/signup',
    {
      auth: 'public',
      scope: 'system',
      tags: ['identity'],
      body: identitySignupBody,
      response: identitySignupAnswer,
      summary:
        'Signs up a new identity (unconfirmed) and mails a confirmation code; a retry of a sign-up in progress keeps the one user',
    },
    async ({ db, body, koa }) => {
      const username = normalizeEmail(body.username);
      if (throttles.identityByEmail.blocked([username]) || throttles.identityByAddress.blocked([koa.ip]))
        throw tooManyAttempts();
      throttles.identityByEmail.fail([username]);
      throttles.identityByAddress.fail([koa.ip]);

      const a = body.attributes;
      const { first, last } = splitName(a.name);
      const profile = {
        nameFirst: first,
        nameLast: last,
        companyName: a['custom:company_name'],
        phoneNumber: a['custom:phone_0'] || null,
      };
      const existing = await findExisting(db, username);
      let userId: number;
      let mailTo = a.email.trim();
      let action: string;
      if (!existing) {
        const passwordHash = await k.identity.hashPassword(body.password);
        userId = await createUser(db, {
          username,
          email: a.email.trim(),
          passwordHash,
          confirmed: false,
          firstName: first,
          lastName: last,
          companyName: profile.companyName,
          phoneNumber: profile.phoneNumber ?? undefined,
        });
        action = 'identity.signup.created';
      } else {
        const samePassword = await passwordMatches(db, k.identity, existing.userId, body.password);
        const inProgress = !existing.confirmed && (!existing.hasTenant || samePassword);
        if (!inProgress) {
          await k.audit.write(db, {
            actorUserId: null,
            action: 'identity.signup.refused',
            target: username,
            details: { reason: existing.confirmed ? 'confirmed' : 'has_tenant', ip: koa.ip },
          });
          return reply(400, new HttpError(400, MSG_USERNAME_EXISTS, 'UsernameExistsException').toJSON());
        }
        userId = existing.userId;
        mailTo = existing.email;
        if (!existing.hasTenant) {
          // The same password keeps its hash; another one replaces it.
          const passwordHash = samePassword ? undefined : await k.identity.hashPassword(body.password);
          await updateUserProfile(db, userId, { ...profile, passwordHash });
        }
        action = 'identity.signup.retried';
      }
      await sendSignupCode(k, db, { user_id: userId, email: mailTo });
      await k.audit.write(db, { actorUserId: userId, action, target: username, details: { ip: koa.ip } });
      await k.audit.write(db, {
        actorUserId: null,
        action: 'identity.signup.code_sent',
        target: username,
        details: { ip: koa.ip },
      });
      return {
        status: 'SUCCESS',
        userConfirmed: false,
        codeDeliveryDetails: { deliveryMedium: 'EMAIL', attributeName: 'email', destination: maskEmail(mailTo) },
      };
    },
  );
}
