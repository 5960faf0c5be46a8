/**
 * /profile (issue 15 A4): the signed-in user's own attributes and second factor. Users are global identities,
 * so these routes run in the system scope on the caller's own row only (auth user; no tenant needed).
 *
 *   GET  /v3/manager/profile                    -> profile
 *   PUT  /v3/manager/profile                    {firstName, lastName, phoneNumber} -> profile
 *   POST /v3/manager/profile/mfa/totp/start     {password? | code?} -> {secretCode, otpauthUri, qrCodeDataUrl}
 *   POST /v3/manager/profile/mfa/totp/confirm   {code} -> profile (authenticator app enrolled)
 *   POST /v3/manager/profile/mfa/sms/start      {phoneNumber, password? | code?} -> {destination} (code texted there)
 *   POST /v3/manager/profile/mfa/sms/confirm    {code} -> profile (SMS codes to the verified number)
 *   POST /v3/manager/profile/mfa/code           -> {status:'SENT', destination}: a code to the current SMS number (proof)
 *   POST /v3/manager/profile/mfa/remove         {password? | code?} -> profile (refused while MFA is required)
 *
 * Starting a set-up and removing a factor need proof (proof.ts). Refusals are committed replies (400 naming the
 * field) so wrong-try counts and audit entries are kept. Audit (tenant: the home tenant; actor and target the
 * user): profile.updated, auth.mfa.enrolled / auth.mfa.reset / auth.mfa.code-sent with `via: 'profile'`,
 * auth.profile.proof_failed. The session is reloaded at once (cached callers dropped after the commit).
 */
import { toDataURL } from 'qrcode';
import { z } from 'zod';
import {
  codeBody,
  PROFILE_TEXTS,
  profileAnswer,
  proofBody,
  sentAnswer,
  smsStartAnswer,
  smsStartBody,
  totpStartAnswer,
  normalizePhone,
  updateProfileBody,
  type ProfileAnswer,
} from '../../../common/api/profile';
import { afterCommit } from '../../access/scope';
import type { Trx } from '../../db/database';
import { HttpError } from '../../http/errors';
import { reply, type RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import { MSG_NOT_AUTHORIZED } from '../../../common/texts';
import type { VerificationCodes } from '../codes';
import { maskPhone } from '../login/challenges';
import { FailureThrottle } from '../login/throttle';
import { clearMfa, MFA_AUDIT } from '../mfa/audit-actions';
import { smsText } from '../mfa/responders';
import { SecretBox } from '../mfa/secret-box';
import { checkTotp, newTotpSecret, otpauthUri } from '../mfa/totp';
import { callerKeeps } from '../caller-session';
import { dropCachedAccess, endUserAccess } from '../user-access';
import { checkProof, type ProofUser } from './proof';

const PROFILE_AUDIT = {
  updated: 'profile.updated',
  proofFailed: 'auth.profile.proof_failed',
} as const;

const COLUMNS = [
  'user_id',
  'username',
  'email',
  'name_first',
  'name_last',
  'phone_number',
  'phone_number_verified',
  'password_hash',
  'mfa_type',
  'mfa_secret',
  'mfa_setup_secret',
  'mfa_last_time_step',
  'mfa_required',
  'mfa_pending_phone',
  'current_tenant_id',
  'active_flag',
];
type UserRow = ProofUser & Record<string, any>;

const fail = (e: HttpError) => reply(e.status, e.toJSON());
const fieldFail = (path: string, message: string, code = 'validation_failed') =>
  fail(new HttpError(400, message, code, [{ path, message }]));

export function registerProfileRoutes(r: RouteRegistrar, k: Kernel): void {
  const box = new SecretBox(k.config.secret, undefined, k.config.formerSecrets);
  const throttle = new FailureThrottle(10); // wrong proofs and codes per user, 15 minutes
  const smsSends = new FailureThrottle(5); // texts sent per user, 15 minutes
  const codes = () => (k.identity as unknown as { codes: VerificationCodes }).codes;
  const base = { auth: 'user' as const, scope: 'system' as const, tags: ['identity', 'profile'] };

  async function me(db: Trx, userId: number): Promise<UserRow> {
    const row = (await db('users')
      .where({ user_id: userId })
      .first([
        ...COLUMNS,
        db.raw(
          '(select t.require_mfa from tenants t where t.tenant_id = users.current_tenant_id) as tenant_require_mfa',
        ),
      ])) as UserRow | undefined;
    if (!row || !row.active_flag) throw new HttpError(401, MSG_NOT_AUTHORIZED, 'unauthorized');
    return row;
  }
  const answer = (u: UserRow): ProfileAnswer => ({
    email: u.email,
    firstName: u.name_first ?? '',
    lastName: u.name_last ?? '',
    phoneNumber: u.phone_number ?? null,
    phoneNumberVerified: !!u.phone_number_verified,
    mfaType: u.mfa_type === 'SMS_MFA' || u.mfa_type === 'SOFTWARE_TOKEN_MFA' ? u.mfa_type : null,
    mfaRequired: !!u.mfa_required || !!u.tenant_require_mfa,
    mfaRequiredByTenant: !!u.tenant_require_mfa,
    hasPassword: !!u.password_hash,
    pendingPhone: u.mfa_pending_phone ? maskPhone(u.mfa_pending_phone) : null,
  });
  const audit = (db: Trx, u: UserRow, action: string, details: Record<string, unknown>) =>
    k.audit.write(db, {
      tenantId: u.current_tenant_id == null ? undefined : Number(u.current_tenant_id),
      actorUserId: Number(u.user_id),
      action,
      target: u.username,
      details,
    });
  /** The session shows the change at the next call (after the commit). */
  const refreshSession = (db: Trx, userId: number) =>
    afterCommit(db, () => void dropCachedAccess(k, userId).catch(() => undefined));
  async function proven(db: Trx, u: UserRow, proof: { password?: string; code?: string }, purpose: string) {
    const refusal = await checkProof(db, { codes: codes(), box, throttle }, u, proof);
    if (refusal && refusal.status !== 400) return refusal;
    if (refusal && refusal.code !== 'validation_failed')
      await audit(db, u, PROFILE_AUDIT.proofFailed, { purpose, reason: refusal.code });
    return refusal;
  }

  r.get(
    '/v3/manager/profile',
    { ...base, response: profileAnswer, summary: "The signed-in user's profile" },
    async ({ db, caller }) => answer(await me(db, caller!.userId)),
  );

  r.put(
    '/v3/manager/profile',
    { ...base, body: updateProfileBody, response: profileAnswer, summary: 'Updates own first and last name and phone' },
    async ({ db, caller, body }) => {
      const u = await me(db, caller!.userId);
      const phone = body.phoneNumber.trim() ? normalizePhone(body.phoneNumber) : null;
      const phoneChanged = phone !== (u.phone_number ?? null);
      if (phoneChanged && u.mfa_type === 'SMS_MFA') return fieldFail('body.phoneNumber', PROFILE_TEXTS.phoneIsFactor);
      const changes = {
        name_first: body.firstName.trim(),
        name_last: body.lastName.trim(),
        phone_number: phone,
        ...(phoneChanged ? { phone_number_verified: false } : {}),
      };
      await db('users').where({ user_id: u.user_id }).update(changes);
      const fields = [
        changes.name_first !== u.name_first && 'firstName',
        changes.name_last !== u.name_last && 'lastName',
        phoneChanged && 'phoneNumber',
      ].filter(Boolean);
      if (fields.length) await audit(db, u, PROFILE_AUDIT.updated, { fields });
      refreshSession(db, Number(u.user_id));
      return answer(await me(db, Number(u.user_id)));
    },
  );

  r.post(
    '/v3/manager/profile/mfa/totp/start',
    {
      ...base,
      body: proofBody,
      response: totpStartAnswer,
      summary: 'Starts setting up an authenticator app (needs proof)',
    },
    async ({ db, caller, body }) => {
      const u = await me(db, caller!.userId);
      const refusal = await proven(db, u, body, 'totp');
      if (refusal) return fail(refusal);
      const secretCode = newTotpSecret();
      await db('users')
        .where({ user_id: u.user_id })
        .update({ mfa_setup_secret: box.seal(secretCode) });
      const uri = otpauthUri(secretCode, u.email);
      return {
        secretCode,
        otpauthUri: uri,
        qrCodeDataUrl: await toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 }),
      };
    },
  );

  r.post(
    '/v3/manager/profile/mfa/totp/confirm',
    { ...base, body: codeBody, response: profileAnswer, summary: 'Enrols the authenticator app with a code it shows' },
    async ({ db, caller, body }) => {
      const u = await me(db, caller!.userId);
      const key = String(u.user_id);
      if (throttle.blocked([key])) return fail(new HttpError(429, PROFILE_TEXTS.tooMany, 'LimitExceededException'));
      const sealed: string | null = u.mfa_setup_secret ?? null;
      const secret = box.open(sealed);
      if (!secret) return fieldFail('body.code', PROFILE_TEXTS.noSetup, 'ExpiredCodeException');
      const step = await checkTotp(secret, body.code, null);
      if (step === null) {
        throttle.fail([key]);
        await audit(db, u, MFA_AUDIT.failed, {
          challenge: 'MFA_SETUP',
          via: 'profile',
          reason: 'CodeMismatchException',
        });
        return fieldFail('body.code', PROFILE_TEXTS.wrongCode, 'CodeMismatchException');
      }
      await db('users').where({ user_id: u.user_id }).update({
        mfa_type: 'SOFTWARE_TOKEN_MFA',
        mfa_secret: sealed,
        mfa_setup_secret: null,
        mfa_last_time_step: step,
        mfa_pending_phone: null,
      });
      throttle.clear(key);
      await audit(db, u, MFA_AUDIT.enrolled, { mfaType: 'SOFTWARE_TOKEN_MFA', via: 'profile', replaced: u.mfa_type });
      refreshSession(db, Number(u.user_id));
      return answer(await me(db, Number(u.user_id)));
    },
  );

  r.post(
    '/v3/manager/profile/mfa/sms/start',
    {
      ...base,
      body: smsStartBody,
      response: smsStartAnswer,
      summary: 'Texts a code to a new number for SMS codes (needs proof)',
    },
    async ({ db, caller, body, koa }) => {
      const u = await me(db, caller!.userId);
      const key = String(u.user_id);
      if (smsSends.blocked([key])) return fail(new HttpError(429, PROFILE_TEXTS.tooMany, 'LimitExceededException'));
      const refusal = await proven(db, u, body, 'sms');
      if (refusal) return fail(refusal);
      smsSends.fail([key]);
      const phone = normalizePhone(body.phoneNumber);
      await db('users').where({ user_id: u.user_id }).update({ mfa_pending_phone: phone });
      const code = await codes().issue(db, Number(u.user_id), 'sms_enrol');
      await k.mail.sms(db, { to: phone, text: smsText(code) });
      const destination = maskPhone(phone) ?? '';
      await audit(db, u, MFA_AUDIT.codeSent, { challenge: 'SMS_SETUP', via: 'profile', destination, ip: koa.ip });
      return { destination };
    },
  );

  r.post(
    '/v3/manager/profile/mfa/sms/confirm',
    {
      ...base,
      body: codeBody,
      response: profileAnswer,
      summary: 'Verifies the new number with the texted code and enrols it',
    },
    async ({ db, caller, body }) => {
      const u = await me(db, caller!.userId);
      if (!u.mfa_pending_phone) return fieldFail('body.code', PROFILE_TEXTS.noSetup, 'ExpiredCodeException');
      const result = await codes().consume(db, Number(u.user_id), 'sms_enrol', body.code);
      if (result === 'locked') return fail(new HttpError(429, PROFILE_TEXTS.tooMany, 'LimitExceededException'));
      if (result === 'expired') return fieldFail('body.code', PROFILE_TEXTS.noSetup, 'ExpiredCodeException');
      if (result === 'mismatch') {
        await audit(db, u, MFA_AUDIT.failed, {
          challenge: 'SMS_SETUP',
          via: 'profile',
          reason: 'CodeMismatchException',
        });
        return fieldFail('body.code', PROFILE_TEXTS.wrongCode, 'CodeMismatchException');
      }
      await db('users').where({ user_id: u.user_id }).update({
        phone_number: u.mfa_pending_phone,
        phone_number_verified: true,
        mfa_type: 'SMS_MFA',
        mfa_secret: null,
        mfa_setup_secret: null,
        mfa_last_time_step: null,
        mfa_pending_phone: null,
      });
      await audit(db, u, MFA_AUDIT.enrolled, { mfaType: 'SMS_MFA', via: 'profile', replaced: u.mfa_type });
      refreshSession(db, Number(u.user_id));
      return answer(await me(db, Number(u.user_id)));
    },
  );

  r.post(
    '/v3/manager/profile/mfa/code',
    {
      ...base,
      body: z.object({}),
      response: sentAnswer,
      summary: 'Texts a code to the current SMS number (to prove it is you)',
    },
    async ({ db, caller }) => {
      const u = await me(db, caller!.userId);
      if (u.mfa_type !== 'SMS_MFA' || !u.phone_number)
        return fail(new HttpError(400, PROFILE_TEXTS.noSmsFactor, 'InvalidParameterException'));
      const key = String(u.user_id);
      if (smsSends.blocked([key])) return fail(new HttpError(429, PROFILE_TEXTS.tooMany, 'LimitExceededException'));
      smsSends.fail([key]);
      const code = await codes().issue(db, Number(u.user_id), 'sms_mfa');
      await k.mail.sms(db, { to: u.phone_number, text: smsText(code) });
      const destination = maskPhone(u.phone_number) ?? '';
      await audit(db, u, MFA_AUDIT.codeSent, { challenge: 'SMS_MFA', via: 'profile', destination });
      return { status: 'SENT' as const, destination };
    },
  );

  r.post(
    '/v3/manager/profile/mfa/remove',
    {
      ...base,
      body: proofBody,
      response: profileAnswer,
      summary: 'Removes own second factor (needs proof; not while MFA is required)',
    },
    async ({ db, caller, body, koa }) => {
      const u = await me(db, caller!.userId);
      if (!u.mfa_type) return fail(new HttpError(400, PROFILE_TEXTS.noFactor, 'InvalidParameterException'));
      if (u.mfa_required || u.tenant_require_mfa)
        return fail(new HttpError(400, PROFILE_TEXTS.requiredByTenant, 'InvalidParameterException'));
      const refusal = await proven(db, u, body, 'remove');
      if (refusal) return fail(refusal);
      await clearMfa(db, Number(u.user_id));
      await db('users').where({ user_id: u.user_id }).update({ mfa_pending_phone: null });
      // As a password change: the other sessions end and their access tokens are refused; this session stays.
      const ended = await endUserAccess(db, Number(u.user_id), await callerKeeps(k, koa));
      await audit(db, u, MFA_AUDIT.reset, { via: 'profile', mfaType: u.mfa_type, ended });
      refreshSession(db, Number(u.user_id));
      return answer(await me(db, Number(u.user_id)));
    },
  );
}
