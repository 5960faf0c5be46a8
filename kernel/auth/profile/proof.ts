/**
 * Re-authentication before a signed-in user changes or removes a second factor (/profile): the current
 * password, or a current code of the enrolled factor (authenticator app, or an SMS code asked for with
 * POST /v3/manager/profile/mfa/code). A user with neither a password nor a factor (social or partner sign-in,
 * first factor) is trusted on the session. Wrong proofs count per user (10 in 15 minutes, then 429), and are
 * audited; wrong codes also count towards the one-time-code lock of codes.ts.
 */
import type { Knex } from 'knex';
import { PROFILE_TEXTS } from '../../../common/api/profile';
import { HttpError } from '../../http/errors';
import type { VerificationCodes } from '../codes';
import { FailureThrottle } from '../login/throttle';
import type { SecretBox } from '../mfa/secret-box';
import { checkTotp } from '../mfa/totp';
import { verifyPassword } from '../passwords';

export interface ProofUser {
  user_id: number | string;
  password_hash: string | null;
  mfa_type: string | null;
  mfa_secret: string | null;
  mfa_last_time_step: number | string | null;
}

interface ProofDeps {
  codes: VerificationCodes;
  box: SecretBox;
  throttle: FailureThrottle;
}

const fieldError = (path: string, message: string, code = 'NotAuthorizedException') =>
  new HttpError(400, message, code, [{ path, message }]);

/** A TOTP code of the enrolled app, newer than the last one accepted; remembers its step (no replay). */
async function checkCurrentTotp(db: Knex, box: SecretBox, user: ProofUser, code: string): Promise<boolean> {
  const secret = box.open(user.mfa_secret);
  const last = user.mfa_last_time_step == null ? null : Number(user.mfa_last_time_step);
  const step = secret ? await checkTotp(secret, code, last) : null;
  if (step === null) return false;
  const n = await db('users')
    .where({ user_id: user.user_id })
    .andWhere((w) => w.whereNull('mfa_last_time_step').orWhere('mfa_last_time_step', '<', step))
    .update({ mfa_last_time_step: step });
  return n === 1;
}

/** null when the caller proved it is them; the error to answer otherwise (counted). */
export async function checkProof(
  db: Knex,
  deps: ProofDeps,
  user: ProofUser,
  proof: { password?: string; code?: string },
): Promise<HttpError | null> {
  const key = String(user.user_id);
  if (deps.throttle.blocked([key])) return new HttpError(429, PROFILE_TEXTS.tooMany, 'LimitExceededException');
  const failed = (e: HttpError) => {
    deps.throttle.fail([key]);
    return e;
  };
  if (proof.password) {
    const ok = !!user.password_hash && (await verifyPassword(user.password_hash, proof.password));
    return ok ? null : failed(fieldError('body.password', PROFILE_TEXTS.wrongPassword));
  }
  if (proof.code) {
    let ok = false;
    if (user.mfa_type === 'SOFTWARE_TOKEN_MFA') ok = await checkCurrentTotp(db, deps.box, user, proof.code);
    else if (user.mfa_type === 'SMS_MFA') {
      const r = await deps.codes.consume(db, Number(user.user_id), 'sms_mfa', proof.code);
      if (r === 'locked') return failed(new HttpError(429, PROFILE_TEXTS.tooMany, 'LimitExceededException'));
      ok = r === 'ok';
    }
    return ok ? null : failed(fieldError('body.code', PROFILE_TEXTS.wrongCode, 'CodeMismatchException'));
  }
  if (!user.password_hash && !user.mfa_type) return null;
  return fieldError(
    user.password_hash ? 'body.password' : 'body.code',
    PROFILE_TEXTS.proofMissing,
    'validation_failed',
  );
}
