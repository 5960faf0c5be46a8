/**
 * Sign up by registration key (platform.md 2.3, 3 "Registration lookup response", 7.1):
 *
 *   POST /v3/manager/account/signup {operation:'userRegistration', payload:{registrationKey}}
 *     -> [{company, name_first, name_last, email, 'multicast-regionCode'}]; unknown, used or expired key: 404
 *   POST /v3/manager/identity/signup/registered {registrationKey, firstName, lastName, password}
 *     -> {status:'SUCCESS'}: sets the names and the password (argon2id), confirms the user, uses the key up.
 *
 * Keys are issued by kernel/tenancy/registration-keys.ts (issueRegistrationKey).
 * The other operations of account/signup in section 7.1 (insertUserAndTenant, dupTenantCheck,
 * dupUserCheck, checktenantforrecoveryurl) belong to the sign-up wizard, in the billing plugin
 * (plugins/billing/server/signup): they come through the extension point
 * kernel.accountSignupOperations (points.ts). The kernel keeps the path because
 * userRegistration, an identity step, lives on it too.
 */
import { z } from 'zod';
import type { Trx } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import { findRegistrationKey, useRegistrationKey, type OpenRegistrationKey } from '../../tenancy/registration-keys';
import { tooManyAttempts } from '../codes';
import { accountSignupOperationsPoint, type AccountSignupOperation } from '../../points';
import { personName, registrationKey, registrationPassword } from './rules';
import type { SignupThrottles } from './throttles';

const MSG_REGISTRATION_NOT_FOUND =
  'This registration link is not valid or has expired. Please ask your administrator for a new invitation.';

const userRegistration = z.object({ operation: z.literal('userRegistration'), payload: z.object({ registrationKey }) });

const registeredBody = z.object({
  registrationKey,
  firstName: personName,
  lastName: personName,
  password: registrationPassword,
});

const lookupAnswer = z.array(
  z.object({
    company: z.string(),
    name_first: z.string(),
    name_last: z.string(),
    email: z.string(),
    'multicast-regionCode': z.string().optional(),
  }),
);

/** The plugins' operations of account/signup by name (each name once; userRegistration is the kernel's). */
function contributedOperations(k: Kernel): Map<string, AccountSignupOperation> {
  const ops = new Map<string, AccountSignupOperation>();
  for (const { plugin, value } of k.points.contributions(accountSignupOperationsPoint)) {
    if (value.operation === 'userRegistration' || ops.has(value.operation))
      throw new Error(`${plugin}: account/signup operation "${value.operation}" is already declared`);
    ops.set(value.operation, value);
  }
  return ops;
}

export function registerRegistrationRoutes(r: RouteRegistrar, k: Kernel, throttles: SignupThrottles): void {
  const ops = contributedOperations(k);
  const bodies = [...ops.values()].map((o) => z.object({ operation: z.literal(o.operation), payload: o.payload }));
  const accountSignupBody = z.discriminatedUnion('operation', [userRegistration, ...bodies]);

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

  r.post(
    '/v3/manager/account/signup',
    {
      auth: 'public',
      scope: 'system',
      tags: ['identity'],
      body: accountSignupBody,
      response: z.union([lookupAnswer, ...[...ops.values()].map((o) => o.response)]),
      write: (b) => !!ops.get((b as { operation?: string }).operation ?? '')?.write,
      summary: `Account sign-up operations: ${['userRegistration (registration key lookup)', ...ops.keys()].join(', ')}`,
    },
    async ({ db, body, koa }) => {
      const op = body.operation === 'userRegistration' ? undefined : ops.get(body.operation);
      if (op) return op.run({ db, payload: body.payload, koa });
      const payload = body.payload as { registrationKey: string };
      const found = await openKey(db, payload.registrationKey, koa.ip);
      const user = await db('users').where({ user_id: found.userId }).first('email', 'name_first', 'name_last');
      const tenant = await db('tenants').where({ tenant_id: found.tenantId }).first('name', 'region_code');
      if (!user || !tenant) throw new HttpError(404, MSG_REGISTRATION_NOT_FOUND, 'UserNotFoundException');
      return [
        {
          company: tenant.name,
          name_first: user.name_first ?? '',
          name_last: user.name_last ?? '',
          email: user.email,
          'multicast-regionCode': tenant.region_code,
        },
      ];
    },
  );

  r.post(
    '/v3/manager/identity/signup/registered',
    {
      auth: 'public',
      scope: 'system',
      tags: ['identity'],
      body: registeredBody,
      response: z.object({ status: z.literal('SUCCESS') }),
      summary: 'Completes a sign-up by registration key: names and password; confirms the user',
    },
    async ({ db, body, koa }) => {
      const found = await openKey(db, body.registrationKey, koa.ip);
      const passwordHash = await k.identity.hashPassword(body.password);
      if (!(await useRegistrationKey(db, found)))
        throw new HttpError(404, MSG_REGISTRATION_NOT_FOUND, 'UserNotFoundException');
      const user = await db('users').where({ user_id: found.userId }).first('username');
      await db('users').where({ user_id: found.userId }).update({
        name_first: body.firstName,
        name_last: body.lastName,
        password_hash: passwordHash,
        confirmed_flag: true,
        force_new_password: false,
      });
      await k.audit.write(db, {
        tenantId: found.tenantId,
        actorUserId: found.userId,
        action: 'identity.signup.registered',
        target: user?.username,
        details: { ip: koa.ip },
      });
      return { status: 'SUCCESS' };
    },
  );
}
