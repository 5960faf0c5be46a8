/**
 * One-time verification codes (sign-up confirmation, password reset, SMS
 * sign-in step): 6 random digits, stored only as an HMAC keyed by the server
 * secret, valid 10 minutes, single use; a new code replaces the open ones of
 * the same purpose; 5 wrong tries burn the code. Compared in constant time.
 * Wrong codes also count per user across codes (code-lockout.ts): 10 of a
 * kind in 15 minutes lock it ('locked', 429) until the window passes or
 * `lci user unlock`.
 * Callers pass the transaction (system scope) they run in.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { HttpError } from '../http/errors';
import { type CodeLockKind, type CodeLockout, codesLocked } from './code-lockout';

/** sms_enrol: the code sent to a phone a signed-in user is adding for SMS codes (/profile). */
type CodePurpose = 'confirm_signup' | 'password_reset' | 'sms_mfa' | 'sms_enrol';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
const CODE_LENGTH = 6;

type CodeCheck = 'ok' | 'mismatch' | 'expired' | 'locked';

/** The lock a purpose counts against: the SMS code is the second sign-in step, as the authenticator app. */
const lockKindOf = (purpose: CodePurpose): CodeLockKind =>
  purpose === 'sms_mfa' || purpose === 'sms_enrol' ? 'mfa' : purpose;

/** The answers of every code flow (sign-up confirmation, password reset). */
const MSG_CODE_MISMATCH = 'Invalid verification code provided, please try again.';
const MSG_CODE_EXPIRED = 'Invalid code provided, please request a code again.';
const MSG_TOO_MANY_ATTEMPTS = 'Attempt limit exceeded, please try after some time.';
/** The error of a code that was not 'ok': wrong (or unknown user), none open, or too many wrong codes (locked). */
export const codeFailure = (result: Exclude<CodeCheck, 'ok'>) =>
  result === 'locked'
    ? codesLocked()
    : result === 'expired'
      ? new HttpError(400, MSG_CODE_EXPIRED, 'ExpiredCodeException')
      : new HttpError(400, MSG_CODE_MISMATCH, 'CodeMismatchException');
export const tooManyAttempts = () => new HttpError(429, MSG_TOO_MANY_ATTEMPTS, 'LimitExceededException');

export class VerificationCodes {
  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
    private readonly lockout?: CodeLockout,
  ) {}

  private hash(userId: number, purpose: CodePurpose, code: string): string {
    return crypto.createHmac('sha256', this.secret).update(`${userId}:${purpose}:${code}`).digest('hex');
  }

  /** Issues a fresh code (the open ones of this purpose stop working) and returns it in clear, to be sent. */
  async issue(db: Knex, userId: number, purpose: CodePurpose): Promise<string> {
    const code = String(crypto.randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
    await db('verification_codes')
      .where({ user_id: userId, purpose })
      .whereNull('used_at')
      .update({ used_at: new Date(this.now()) });
    await db('verification_codes').insert({
      user_id: userId,
      purpose,
      code_hash: this.hash(userId, purpose, code),
      expires_at: new Date(this.now() + CODE_TTL_MS),
    });
    return code;
  }

  /**
   * Checks a code and, when right, uses it up. 'expired' when no open code
   * exists (never issued, used, too old or burnt by wrong tries), 'mismatch'
   * when a code is open but this is not it; 'locked' (checked first, even for
   * the right code) after too many wrong codes of the kind across codes.
   */
  async consume(db: Knex, userId: number, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    const kind = lockKindOf(purpose);
    if (await this.lockout?.locked(db, userId, kind)) return 'locked';
    const open = await db('verification_codes')
      .where({ user_id: userId, purpose })
      .whereNull('used_at')
      .where('expires_at', '>', new Date(this.now()))
      .orderBy('verification_code_id', 'desc')
      .first();
    if (!open) return 'expired';
    const given = Buffer.from(this.hash(userId, purpose, String(code).trim()), 'hex');
    const stored = Buffer.from(String(open.code_hash), 'hex');
    const same = given.length === stored.length && crypto.timingSafeEqual(given, stored);
    if (same) {
      const n = await db('verification_codes')
        .where({ verification_code_id: open.verification_code_id })
        .whereNull('used_at')
        .update({ used_at: new Date(this.now()) });
      return n === 1 ? 'ok' : 'expired';
    }
    const attempts = Number(open.attempts) + 1;
    await db('verification_codes')
      .where({ verification_code_id: open.verification_code_id })
      .update(attempts >= CODE_MAX_ATTEMPTS ? { attempts, used_at: new Date(this.now()) } : { attempts });
    if (await this.lockout?.fail(db, userId, kind)) return 'locked';
    return 'mismatch';
  }
}
