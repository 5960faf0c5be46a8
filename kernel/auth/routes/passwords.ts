/**
 * Password reset and change (platform.md 2.3, 4.1, 5, 7.2: passwordReset,
 * confirmPasswordReset, passwordChange). No user enumeration: forgot answers
 * the same for any e-mail; confirm answers an unknown user like a wrong code.
 *
 *   POST /v3/manager/identity/password/forgot  {username}                 -> {status:'SENT'}      (public)
 *   POST /v3/manager/identity/password/confirm {username, code, password} -> {status:'SUCCESS'}   (public)
 *     400 CodeMismatchException | ExpiredCodeException | InvalidPasswordException (names the rule), 429 LimitExceededException
 *   POST /v3/manager/identity/password/change  {oldPassword, newPassword} -> {status:'SUCCESS'}   (signed in: app key + bearer)
 *     400 NotAuthorizedException 'Incorrect username or password.' | InvalidPasswordException, 401 without a valid token
 *
 * A reset ends every session and refresh token of the user, refuses every
 * access token issued before it (token-cutoffs.ts) and clears the sign-in
 * lockout of the e-mail; a change ends the other sessions and refuses their
 * access tokens at once (the session whose cookie comes with the call stays,
 * with its refresh token and access tokens, and so does the call's own token:
 * the user goes on where they made the change; caller-session.ts). Every outcome is audited.
 *
 * The routes run in the system scope (users, verification codes and provider
 * sessions are global). /change is therefore declared 'public' for the route
 * table and checks the app key and the bearer token itself (no database
 * lookup outside its transaction). Failures are committed replies, not thrown
 * errors, so wrong-try counts and audit entries are kept.
 *
 * A user whose home membership forces single sign-on (force_sso_flag) cannot
 * reset or change a password: forgot still answers SENT (no enumeration) but
 * mails the SSO message instead of a code; confirm (after a right code only) and
 * change (after the right old password) answer 400 NotAuthorizedException with
 * it. Audited as identity.password.reset_refused / change_failed (sso_required).
 */
import { z } from 'zod';
import { afterCommit } from '../../access/scope';
import type { Trx } from '../../db/database';
import { HttpError } from '../../http/errors';
import { reply, type RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import { CODE_TTL_MS, codeFailure, tooManyAttempts, type VerificationCodes } from '../codes';
import type { Deliveries } from '../deliveries';
import type { Throttles } from '../login/password';
import { FailureThrottle } from '../login/throttle';
import { normalizeEmail } from '../login/users';
import { MSG_SAME_PASSWORD } from '../login/new-password';
import { SSO_REQUIRED } from '../login/password';
import { ssoRequired } from '../sso-required';
import { checkNewPassword, INVALID_PASSWORD, storePassword } from '../password-policy';
import { verifyPassword } from '../passwords';
import { callerKeeps } from '../caller-session';
import { dropCachedAccess, endUserAccess } from '../user-access';
import { MSG_NOT_AUTHORIZED } from '../../../common/texts';
import { VALIDATION } from '../../../common/email';

const MSG_WRONG_PASSWORD = 'Incorrect username or password.';
const RESET_MAIL_SUBJECT = 'Your Lifecycle password reset code';

/**
 * In-process, 15-minute windows (as the sign-in throttle):
 *   forgot:  5 codes per e-mail, 30 requests per address
 *   confirm: 10 wrong codes per e-mail, 100 per address
 *   change:  10 wrong current passwords per user
 */
interface PasswordThrottles {
  forgotByEmail: FailureThrottle;
  forgotByAddress: FailureThrottle;
  confirmByEmail: FailureThrottle;
  confirmByAddress: FailureThrottle;
  changeByUser: FailureThrottle;
}
function createPasswordThrottles(): PasswordThrottles {
  return {
    forgotByEmail: new FailureThrottle(5),
    forgotByAddress: new FailureThrottle(30),
    confirmByEmail: new FailureThrottle(10),
    confirmByAddress: new FailureThrottle(100),
    changeByUser: new FailureThrottle(10),
  };
}

const username = z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(80, VALIDATION.max80);
// Length and character rules are checked in the handler, so the answer names the rule.
const password = z.string({ error: VALIDATION.required }).min(1, VALIDATION.required).max(1000, 'Max 1000 characters');
const forgotBody = z.object({ username });
const confirmBody = z.object({
  username,
  code: z.string({ error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(20, 'Max 20 characters'),
  password,
});
const changeBody = z.object({ oldPassword: password, newPassword: password });
const statusAnswer = (status: string) => z.object({ status: z.literal(status) });

const fail = (status: number, code: string, message: string, extra?: Record<string, unknown>) =>
  reply(status, new HttpError(status, message, code, undefined, extra).toJSON());
const tooMany = tooManyAttempts;

interface UserRow {
  user_id: number | string;
  username: string;
  email: string;
  active_flag: boolean;
  confirmed_flag: boolean;
  id_provider_name: string;
  password_hash: string | null;
  current_tenant_id: number | string | null;
}
const USER_COLUMNS = [
  'user_id',
  'username',
  'email',
  'active_flag',
  'confirmed_flag',
  'id_provider_name',
  'password_hash',
  'current_tenant_id',
];

const tenantOf = (u: UserRow | undefined) => (u?.current_tenant_id == null ? undefined : Number(u.current_tenant_id));
/** Only active, confirmed users who sign in with a Lifecycle password can reset it. */
const canReset = (u: UserRow | undefined): u is UserRow =>
  !!u && u.active_flag && u.confirmed_flag && u.id_provider_name === 'lifecycle';

async function sendResetCode(
  k: Kernel,
  codes: VerificationCodes,
  db: Trx,
  user: { user_id: number | string; email: string },
): Promise<void> {
  const code = await codes.issue(db, Number(user.user_id), 'password_reset');
  const link = `${k.config.baseUrl}/confirmPasswordReset?${new URLSearchParams({ username: user.email }).toString()}`;
  await k.mail.send(db, {
    to: user.email,
    subject: RESET_MAIL_SUBJECT,
    text: [
      `Your password reset code is ${code}`,
      '',
      `Enter it at ${link} to choose a new password. It expires in ${CODE_TTL_MS / 60_000} minutes and works once.`,
      '',
      'If you did not ask to reset your password, you can ignore this message: your password has not changed.',
    ].join('\n'),
  });
}

/** The signed-in user of /change (the pipeline checked the API key and the token), if still active. */
async function signedInUser(db: Trx, userId: number): Promise<UserRow> {
  const user = (await db('users').where({ user_id: userId }).first(USER_COLUMNS)) as UserRow | undefined;
  if (!user || !user.active_flag) throw new HttpError(401, MSG_NOT_AUTHORIZED, 'unauthorized');
  return user;
}

/** Once committed, every process drops the user's cached callers: tokens issued before the change are refused. */
function refuseOldTokens(k: Kernel, db: Trx, userId: number): void {
  afterCommit(db, () => void dropCachedAccess(k, userId).catch(() => undefined));
}

export function registerPasswordRoutes(
  r: RouteRegistrar,
  k: Kernel,
  throttles: PasswordThrottles = createPasswordThrottles(),
): void {
  const identity = () =>
    k.identity as unknown as { codes: VerificationCodes; throttles?: Throttles; deliveries: Deliveries };

  r.post(
    '/v3/manager/identity/password/forgot',
    {
      auth: 'public',
      scope: 'system',
      tags: ['identity'],
      body: forgotBody,
      response: statusAnswer('SENT'),
      summary: 'Sends a password reset code by mail (answers the same whether or not the e-mail is known)',
    },
    async ({ db, body, koa }) => {
      const email = normalizeEmail(body.username);
      if (throttles.forgotByEmail.blocked([email]) || throttles.forgotByAddress.blocked([koa.ip])) throw tooMany();
      throttles.forgotByEmail.fail([email]);
      throttles.forgotByAddress.fail([koa.ip]);
      // The lookup and the mail run after the answer: the same time for known and unknown e-mails.
      const ip = koa.ip;
      identity().deliveries.afterRequest(db, 'password reset code', () =>
        k.db.withSystem(async (trx) => {
          const user = (await trx('users').where({ username: email }).first(USER_COLUMNS)) as UserRow | undefined;
          if (!canReset(user)) return;
          if (await ssoRequired(trx, Number(user.user_id))) {
            await k.mail.send(trx, {
              to: user.email,
              subject: RESET_MAIL_SUBJECT,
              text: `${SSO_REQUIRED.message} Your password cannot be reset: sign in with your organisation's single sign-on (Microsoft or Google) at ${k.config.baseUrl}/signIn?sso=1.`,
            });
            await k.audit.write(trx, {
              tenantId: tenantOf(user),
              actorUserId: null,
              action: 'identity.password.reset_refused',
              target: email,
              details: { reason: 'sso_required', ip },
            });
            return;
          }
          await sendResetCode(k, identity().codes, trx, user);
          await k.audit.write(trx, {
            tenantId: tenantOf(user),
            actorUserId: null,
            action: 'identity.password.reset_code_sent',
            target: email,
            details: { ip },
          });
        }),
      );
      return { status: 'SENT' };
    },
  );

  r.post(
    '/v3/manager/identity/password/confirm',
    {
      auth: 'public',
      scope: 'system',
      tags: ['identity'],
      body: confirmBody,
      response: statusAnswer('SUCCESS'),
      summary: 'Sets a new password with the reset code sent by mail (unknown users answer like a wrong code)',
    },
    async ({ db, body, koa }) => {
      const email = normalizeEmail(body.username);
      if (throttles.confirmByEmail.blocked([email]) || throttles.confirmByAddress.blocked([koa.ip])) throw tooMany();
      // The rules first: a weak password does not use up the code.
      const weak = checkNewPassword(body.password);
      if (weak) return fail(weak.status, weak.code, weak.message, { rule: weak.rule });
      const user = (await db('users').where({ username: email }).first(USER_COLUMNS)) as UserRow | undefined;
      const result = canReset(user)
        ? await identity().codes.consume(db, Number(user.user_id), 'password_reset', body.code)
        : 'mismatch';
      if (result === 'ok' && (await ssoRequired(db, Number(user!.user_id)))) {
        // Told only with a right code (no enumeration); the code is used up, the password is not changed.
        await k.audit.write(db, {
          tenantId: tenantOf(user),
          actorUserId: Number(user!.user_id),
          action: 'identity.password.reset_refused',
          target: email,
          details: { reason: 'sso_required', ip: koa.ip },
        });
        return fail(400, SSO_REQUIRED.code, SSO_REQUIRED.message);
      }
      if (result === 'ok') {
        const userId = Number(user!.user_id);
        await storePassword(db, userId, body.password);
        const ended = await endUserAccess(db, userId);
        refuseOldTokens(k, db, userId);
        throttles.confirmByEmail.clear(email);
        await identity().throttles?.byEmail.clear(email, db); // a successful reset lifts the sign-in lockout of the e-mail
        await k.audit.write(db, {
          tenantId: tenantOf(user),
          actorUserId: userId,
          action: 'identity.password.reset',
          target: email,
          details: { ip: koa.ip, ended },
        });
        return { status: 'SUCCESS' };
      }
      throttles.confirmByEmail.fail([email]);
      throttles.confirmByAddress.fail([koa.ip]);
      await k.audit.write(db, {
        tenantId: tenantOf(user),
        actorUserId: null,
        action: 'identity.password.reset_failed',
        target: email,
        details: { reason: result, ip: koa.ip },
      });
      const f = codeFailure(result);
      return fail(f.status, f.code, f.message);
    },
  );

  r.post(
    '/v3/manager/identity/password/change',
    {
      auth: 'user',
      scope: 'system',
      tags: ['identity'],
      body: changeBody,
      response: statusAnswer('SUCCESS'),
      summary: "Changes the signed-in user's password; ends their other sessions",
    },
    async ({ db, body, koa, caller }) => {
      const user = await signedInUser(db, caller!.userId);
      const userId = Number(user.user_id);
      const key = String(userId);
      if (throttles.changeByUser.blocked([key])) throw tooMany();
      const right = !!user.password_hash && (await verifyPassword(user.password_hash, body.oldPassword));
      if (!right) {
        throttles.changeByUser.fail([key]);
        await k.audit.write(db, {
          tenantId: tenantOf(user),
          actorUserId: userId,
          action: 'identity.password.change_failed',
          target: user.username,
          details: { reason: 'wrong_password', ip: koa.ip },
        });
        return fail(400, 'NotAuthorizedException', MSG_WRONG_PASSWORD);
      }
      if (await ssoRequired(db, userId)) {
        await k.audit.write(db, {
          tenantId: tenantOf(user),
          actorUserId: userId,
          action: 'identity.password.change_failed',
          target: user.username,
          details: { reason: 'sso_required', ip: koa.ip },
        });
        return fail(400, SSO_REQUIRED.code, SSO_REQUIRED.message);
      }
      const weak = checkNewPassword(body.newPassword);
      if (weak) return fail(weak.status, weak.code, weak.message, { rule: weak.rule });
      if (body.newPassword === body.oldPassword) return fail(400, INVALID_PASSWORD, MSG_SAME_PASSWORD);
      throttles.changeByUser.clear(key);
      await storePassword(db, userId, body.newPassword);
      const ended = await endUserAccess(db, userId, await callerKeeps(k, koa));
      refuseOldTokens(k, db, userId);
      await k.audit.write(db, {
        tenantId: tenantOf(user),
        actorUserId: userId,
        action: 'identity.password.changed',
        target: user.username,
        details: { reason: 'change', ip: koa.ip, ended },
      });
      return { status: 'SUCCESS' };
    },
  );
}
