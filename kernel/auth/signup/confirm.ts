/**
 * Sign-up confirmation (platform.md 2.3 "Confirm sign up", 4.1): public, no user enumeration.
 *
 *   POST /v3/manager/identity/signup/confirm {username, code} -> {status:'SUCCESS'}
 *     wrong code (and unknown or already confirmed user): 400 CodeMismatchException
 *     no open code (never sent, used, expired, burnt): 400 ExpiredCodeException
 *   POST /v3/manager/identity/signup/resend {username} -> {status:'SENT'} always;
 *     mails a confirm_signup code only when the user exists and is unconfirmed.
 *
 * Failures are answered with a committed reply (not a thrown error) so the
 * code's wrong-try count and the audit entry are kept.
 */
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { reply, type RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import type { Trx } from '../../db/database';
import { CODE_TTL_MS, codeFailure, tooManyAttempts, VerificationCodes } from '../codes';
import type { Deliveries } from '../deliveries';
import { normalizeEmail } from '../login/users';
import { username } from './rules';
import type { SignupThrottles } from './throttles';

const confirmBody = z.object({
  username,
  code: z.string({ error: 'Required.' }).trim().min(1, 'Required.').max(20, 'Max 20 characters'),
});
const resendBody = z.object({ username });
const statusAnswer = (status: string) => z.object({ status: z.literal(status) });

const fail = (status: number, code: string, message: string) =>
  reply(status, new HttpError(status, message, code).toJSON());
const tooMany = tooManyAttempts;

interface UserRow {
  user_id: number | string;
  email: string;
  confirmed_flag: boolean;
  current_tenant_id: number | string | null;
}

async function findUser(db: Trx, name: string): Promise<UserRow | undefined> {
  return db('users')
    .where({ username: normalizeEmail(name) })
    .first('user_id', 'email', 'confirmed_flag', 'current_tenant_id');
}
const tenantOf = (u: UserRow | undefined) => (u?.current_tenant_id == null ? undefined : Number(u.current_tenant_id));

/** The identity's one-time codes (kernel/auth/index.ts IdentityService). */
const codesOf = (k: Kernel): VerificationCodes => (k.identity as unknown as { codes: VerificationCodes }).codes;

/**
 * Mails a fresh sign-up confirmation code to an unconfirmed user (the caller decides whether to); it retires the
 * user's earlier codes. Also used by the wizard's identity sign-up (billing), through kernel/index.ts.
 */
export async function sendSignupCode(
  k: Kernel,
  db: Trx,
  user: { user_id: number | string; email: string },
): Promise<void> {
  const code = await codesOf(k).issue(db, Number(user.user_id), 'confirm_signup');
  const link = `${k.config.baseUrl}/confirmSignUp?${new URLSearchParams({ username: user.email }).toString()}`;
  await k.mail.send(db, {
    to: user.email,
    subject: 'Your Lifecycle confirmation code',
    text: [
      `Your confirmation code is ${code}`,
      '',
      `Enter it at ${link} to confirm your e-mail address. It expires in ${CODE_TTL_MS / 60_000} minutes.`,
      '',
      'If you did not sign up for Lifecycle, you can ignore this message.',
    ].join('\n'),
  });
}

export function registerConfirmRoutes(r: RouteRegistrar, k: Kernel, throttles: SignupThrottles): void {
  const codes = () => codesOf(k);

  r.post(
    '/v3/manager/identity/signup/confirm',
    {
      auth: 'public',
      scope: 'system',
      tags: ['identity'],
      body: confirmBody,
      response: statusAnswer('SUCCESS'),
      summary: 'Confirms a sign-up with the code sent by mail (unknown users answer like a wrong code)',
    },
    async ({ db, body, koa }) => {
      const email = normalizeEmail(body.username);
      if (throttles.confirmByEmail.blocked([email]) || throttles.confirmByAddress.blocked([koa.ip])) throw tooMany();
      const user = await findUser(db, email);
      const result =
        user && !user.confirmed_flag
          ? await codes().consume(db, Number(user.user_id), 'confirm_signup', body.code)
          : 'mismatch';
      if (result === 'ok') {
        await db('users').where({ user_id: user!.user_id }).update({ confirmed_flag: true });
        throttles.confirmByEmail.clear(email);
        await k.audit.write(db, {
          tenantId: tenantOf(user),
          actorUserId: Number(user!.user_id),
          action: 'identity.signup.confirmed',
          target: email,
        });
        return { status: 'SUCCESS' };
      }
      throttles.confirmByEmail.fail([email]);
      throttles.confirmByAddress.fail([koa.ip]);
      await k.audit.write(db, {
        tenantId: tenantOf(user),
        actorUserId: null,
        action: 'identity.signup.confirm_failed',
        target: email,
        details: { reason: result, ip: koa.ip },
      });
      const f = codeFailure(result);
      return fail(f.status, f.code, f.message);
    },
  );

  r.post(
    '/v3/manager/identity/signup/resend',
    {
      auth: 'public',
      scope: 'system',
      tags: ['identity'],
      body: resendBody,
      response: statusAnswer('SENT'),
      summary: 'Sends a new sign-up confirmation code (answers the same whether or not the e-mail is known)',
    },
    async ({ db, body, koa }) => {
      const email = normalizeEmail(body.username);
      if (throttles.resendByEmail.blocked([email]) || throttles.resendByAddress.blocked([koa.ip])) throw tooMany();
      throttles.resendByEmail.fail([email]);
      throttles.resendByAddress.fail([koa.ip]);
      // The lookup and the mail run after the answer: the same time for known and unknown e-mails.
      const ip = koa.ip;
      (k.identity as unknown as { deliveries: Deliveries }).deliveries.afterRequest(db, 'sign-up code', () =>
        k.db.withSystem(async (trx) => {
          const user = await findUser(trx, email);
          if (!user || user.confirmed_flag) return;
          await sendSignupCode(k, trx, user);
          await k.audit.write(trx, {
            tenantId: tenantOf(user),
            actorUserId: null,
            action: 'identity.signup.code_sent',
            target: email,
            details: { ip },
          });
        }),
      );
      return { status: 'SENT' };
    },
  );
}
