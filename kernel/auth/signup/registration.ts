/**
 * Sign up by registration key (platform.md 2.3, 3 "Registration lookup response", 7.1):
 *
 *   POST /v3/manager/account/signup {operation:'userRegistration', payload:{registrationKey}}
 *     -> [{company, name_first, name_last, email, 'multicast-regionCode'}]; unknown, used or expired key: 404
 *   POST /v3/manager/identity/signup/registered {registrationKey, firstName, lastName, password}
 *     -> {status:'SUCCESS'}: sets the names and the password (argon2id), confirms the user, uses the key up.
 *
 * Keys are issued by kernel/tenancy/registration-keys.ts (issueRegistrationKey).
 * The other sign-up operations of section 7.1 (insertUserAndTenant, dupTenantCheck,
 * dupUserCheck, checktenantforrecoveryurl) belong to the sign-up wizard
 * (account-operations.ts); they join ACCOUNT_SIGNUP_OPERATIONS below.
 */
import { z } from 'zod';
import type { Trx } from '../../db/database';
import { HttpError } from '../../http/errors';
import { reply, type RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import { findRegistrationKey, useRegistrationKey, type OpenRegistrationKey } from '../../tenancy/registration-keys';
import { tooManyAttempts } from '../codes';
import { checkTenantForRecoveryUrl, dupTenantCheck, dupUserCheck, insertUserAndTenant, WIZARD_OPERATIONS, wizardAnswers } from './account-operations';
import { personName, registrationKey, registrationPassword } from './rules';
import { overLimit, type SignupThrottles } from './throttles';

export const MSG_REGISTRATION_NOT_FOUND = 'This registration link is not valid or has expired. Please ask your administrator for a new invitation.';

const userRegistration = z.object({ operation: z.literal('userRegistration'), payload: z.object({ registrationKey }) });
/** Operations of POST /v3/manager/account/signup (discriminated by `operation`). */
export const ACCOUNT_SIGNUP_OPERATIONS = [userRegistration, ...WIZARD_OPERATIONS] as const;
const accountSignupBody = z.discriminatedUnion('operation', ACCOUNT_SIGNUP_OPERATIONS);

const registeredBody = z.object({ registrationKey, firstName: personName, lastName: personName, password: registrationPassword });

const lookupAnswer = z.array(z.object({ company: z.string(), name_first: z.string(), name_last: z.string(), email: z.string(), 'multicast-regionCode': z.string().optional() }));

export function registerRegistrationRoutes(r: RouteRegistrar, k: Kernel, throttles: SignupThrottles): void {
  /** The open key or a 404 (counted per address). */
  async function openKey(db: Trx, key: string, ip: string): Promise<OpenRegistrationKey> {
    if (throttles.keyByAddress.blocked([ip])) throw tooManyAttempts();
    const found = await findRegistrationKey(db, key);
    if (!found) {
      throttles.keyByAddress.fail([ip]);
      throw new HttpError(404, MSG_REGISTRATION_NOT_FOUND, 'UserNotFoundException');
    }
    return found;
  }

  r.post('/v3/manager/account/signup', {
    auth: 'public', scope: 'system', tags: ['identity'], body: accountSignupBody, response: z.union([lookupAnswer, ...wizardAnswers]),
    write: (b) => (b as { operation?: string }).operation === 'insertUserAndTenant',
    summary: 'Account sign-up operations: userRegistration (registration key lookup), insertUserAndTenant, dupTenantCheck, dupUserCheck, checktenantforrecoveryurl',
  }, async ({ db, body, koa }) => {
    switch (body.operation) {
      case 'insertUserAndTenant': {
        if (overLimit([[throttles.tenantByAddress, koa.ip]])) throw tooManyAttempts();
        let result;
        try {
          result = await insertUserAndTenant(db, body.payload);
        } catch (err) {
          // Refusals happen before anything is written: answer them committed, with the audit entry.
          if (!(err instanceof HttpError)) throw err;
          await k.audit.write(db, { actorUserId: null, action: 'signup.tenant.refused', target: body.payload.email.toLowerCase(), details: { reason: err.code, ip: koa.ip } });
          return reply(err.status, err.toJSON());
        }
        await k.audit.write(db, {
          tenantId: result.tenantId, actorUserId: result.userId, action: result.replayed ? 'signup.tenant.replayed' : 'signup.tenant.created',
          target: body.payload.email.toLowerCase(),
          details: { tenantName: body.payload.tenantName, emailDomain: body.payload.tenantEmailDomain, affiliate: body.payload.affiliate ?? null, signupSource: body.payload.signupSource ?? null, ip: koa.ip },
        });
        return { userId: result.userId, tenantId: result.tenantId };
      }
      case 'dupTenantCheck':
        if (overLimit([[throttles.dupTenantByAddress, koa.ip]])) throw tooManyAttempts();
        return dupTenantCheck(db, body.payload);
      case 'dupUserCheck':
        if (overLimit([[throttles.dupUserByAddress, koa.ip]])) throw tooManyAttempts();
        return dupUserCheck(k, db, body.payload);
      case 'checktenantforrecoveryurl':
        if (overLimit([[throttles.recoveryByAddress, koa.ip]])) throw tooManyAttempts();
        return checkTenantForRecoveryUrl(k, db, koa, body.payload);
      default:
        break;
    }
    const found = await openKey(db, body.payload.registrationKey, koa.ip);
    const user = await db('users').where({ user_id: found.userId }).first('email', 'name_first', 'name_last');
    const tenant = await db('tenants').where({ tenant_id: found.tenantId }).first('name', 'region_code');
    if (!user || !tenant) throw new HttpError(404, MSG_REGISTRATION_NOT_FOUND, 'UserNotFoundException');
    return [{ company: tenant.name, name_first: user.name_first ?? '', name_last: user.name_last ?? '', email: user.email, 'multicast-regionCode': tenant.region_code }];
  });

  r.post('/v3/manager/identity/signup/registered', {
    auth: 'public', scope: 'system', tags: ['identity'], body: registeredBody, response: z.object({ status: z.literal('SUCCESS') }),
    summary: 'Completes a sign-up by registration key: names and password; confirms the user',
  }, async ({ db, body, koa }) => {
    const found = await openKey(db, body.registrationKey, koa.ip);
    const passwordHash = await k.identity.hashPassword(body.password);
    if (!(await useRegistrationKey(db, found))) throw new HttpError(404, MSG_REGISTRATION_NOT_FOUND, 'UserNotFoundException');
    const user = await db('users').where({ user_id: found.userId }).first('username');
    await db('users').where({ user_id: found.userId }).update({
      name_first: body.firstName, name_last: body.lastName, password_hash: passwordHash, confirmed_flag: true, force_new_password: false,
    });
    await k.audit.write(db, { tenantId: found.tenantId, actorUserId: found.userId, action: 'identity.signup.registered', target: user?.username, details: { ip: koa.ip } });
    return { status: 'SUCCESS' };
  });
}
