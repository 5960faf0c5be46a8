/**
 * The second sign-in step: responders for SOFTWARE_TOKEN_MFA (authenticator
 * app, TOTP), SMS_MFA (code sent by text message when the challenge is issued)
 * and MFA_SETUP (enrol an authenticator app; the secret stays on the server).
 * Every pass, failure, enrolment and code sent is written to the audit log
 * (platform tenant). See kernel/auth/README.md "Multi-factor sign-in".
 */
import { toDataURL } from 'qrcode';
import type { Database } from '../../db/database';
import type { Logger } from '../../log';
import type { SmsTransport } from '../../mail/sms';
import type { Audit } from '../../types';
import { CODES_LOCKED, type CodeLockout } from '../code-lockout';
import type { VerificationCodes } from '../codes';
import { maskPhone } from '../login/challenges';
import type { LoginMachine } from '../login/machine';
import type { ChallengeName, ChallengeResponder, LoginFailure, LoginUser } from '../login/types';
import { MFA_AUDIT } from './audit-actions';
import type { SecretBox } from './secret-box';
import { checkTotp, newTotpSecret, otpauthUri } from './totp';
import { MSG_CODE_MISMATCH } from '../../../common/texts';

const CODE_MISMATCH: LoginFailure = {
  status: 400,
  code: 'CodeMismatchException',
  message: MSG_CODE_MISMATCH,
};
const CODE_EXPIRED: LoginFailure = {
  status: 400,
  code: 'ExpiredCodeException',
  message: 'Invalid code provided, please request a code again.',
};

interface MfaDeps {
  db: Database;
  codes: VerificationCodes;
  sms: SmsTransport;
  audit: Audit;
  box: SecretBox;
  log: Logger;
  lockout?: CodeLockout;
}

export function smsText(code: string): string {
  return `Your Lifecycle verification code is ${code}`;
}

export function registerMfaResponders(machine: LoginMachine, deps: MfaDeps): void {
  for (const responder of mfaResponders(deps)) machine.registerResponder(responder);
}

function mfaResponders(deps: MfaDeps): ChallengeResponder[] {
  const { db, codes, sms, box, log, lockout } = deps;

  const record = (user: LoginUser, action: string, details: Record<string, unknown>) =>
    db.withSystem((trx) => deps.audit.write(trx, { action, actorUserId: user.userId, target: user.username, details }));

  /** Audits the outcome and turns it into the machine's answer. */
  async function outcome(
    user: LoginUser,
    challenge: ChallengeName,
    failure: LoginFailure | null,
  ): Promise<LoginFailure | null> {
    if (failure) await record(user, MFA_AUDIT.failed, { challenge, reason: failure.code });
    else await record(user, MFA_AUDIT.passed, { challenge });
    return failure;
  }

  const isLocked = (user: LoginUser) =>
    lockout ? db.withSystem((trx) => lockout.locked(trx, user.userId, 'mfa')) : Promise.resolve(false);

  /** Authenticator-app codes: refused while the user's second step is locked; a wrong one counts towards the lock. */
  async function guarded(
    user: LoginUser,
    challenge: ChallengeName,
    check: () => Promise<LoginFailure | null>,
  ): Promise<LoginFailure | null> {
    if (await isLocked(user)) return outcome(user, challenge, CODES_LOCKED);
    let failure = await check();
    if (failure && lockout && (await db.withSystem((trx) => lockout.fail(trx, user.userId, 'mfa'))))
      failure = CODES_LOCKED;
    return outcome(user, challenge, failure);
  }

  const softwareToken: ChallengeResponder = {
    challenge: 'SOFTWARE_TOKEN_MFA',
    amr: 'otp',
    respond: (user, answer) =>
      guarded(user, 'SOFTWARE_TOKEN_MFA', async () => {
        const row = await db.withSystem((trx) =>
          trx('users').where({ user_id: user.userId }).first('mfa_secret', 'mfa_last_time_step'),
        );
        const secret = box.open(row?.mfa_secret);
        const last = row?.mfa_last_time_step == null ? null : Number(row.mfa_last_time_step);
        const step = secret ? await checkTotp(secret, answer.code, last) : null;
        // Remember the step atomically: two requests with the same code cannot both pass.
        const used =
          step !== null &&
          (await db.withSystem((trx) =>
            trx('users')
              .where({ user_id: user.userId })
              .andWhere((w) => w.whereNull('mfa_last_time_step').orWhere('mfa_last_time_step', '<', step))
              .update({ mfa_last_time_step: step }),
          )) === 1;
        return used ? null : CODE_MISMATCH;
      }),
  };

  const smsCode: ChallengeResponder = {
    challenge: 'SMS_MFA',
    amr: 'sms',
    async issue(user) {
      if (!user.phoneNumber) {
        log.warn({ userId: user.userId }, 'SMS_MFA without a phone number: no code sent');
        return {};
      }
      if (await isLocked(user)) return {}; // locked: no text message is sent; the answer says why
      const code = await db.withSystem((trx) => codes.issue(trx, user.userId, 'sms_mfa'));
      await sms.send(user.phoneNumber, smsText(code));
      await record(user, MFA_AUDIT.codeSent, { challenge: 'SMS_MFA', destination: maskPhone(user.phoneNumber) });
      return {};
    },
    async respond(user, answer) {
      const code = typeof answer.code === 'string' || typeof answer.code === 'number' ? String(answer.code).trim() : '';
      const check = /^\d{6}$/.test(code)
        ? await db.withSystem((trx) => codes.consume(trx, user.userId, 'sms_mfa', code))
        : 'mismatch';
      // consume() counts wrong codes towards the lock itself (codes.ts) and answers 'locked' while it holds.
      return outcome(
        user,
        'SMS_MFA',
        check === 'ok' ? null : check === 'locked' ? CODES_LOCKED : check === 'expired' ? CODE_EXPIRED : CODE_MISMATCH,
      );
    },
  };

  const setup: ChallengeResponder = {
    challenge: 'MFA_SETUP',
    amr: 'otp',
    async issue(user) {
      const secretCode = newTotpSecret();
      await db.withSystem((trx) =>
        trx('users')
          .where({ user_id: user.userId })
          .update({ mfa_setup_secret: box.seal(secretCode) }),
      );
      const uri = otpauthUri(secretCode, user.email);
      return {
        secretCode,
        otpauthUri: uri,
        qrCodeDataUrl: await toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 }),
      };
    },
    respond: (user, answer) =>
      guarded(user, 'MFA_SETUP', async () => {
        const row = await db.withSystem((trx) =>
          trx('users').where({ user_id: user.userId }).first('mfa_setup_secret'),
        );
        const sealed: string | null = row?.mfa_setup_secret ?? null;
        const secret = box.open(sealed);
        const step = secret ? await checkTotp(secret, answer.code, null) : null;
        if (step === null) return CODE_MISMATCH;
        // Enrol with the very secret offered (unless a newer sign-in replaced it meanwhile).
        const enrolled = await db.withSystem((trx) =>
          trx('users').where({ user_id: user.userId, mfa_setup_secret: sealed }).update({
            mfa_type: 'SOFTWARE_TOKEN_MFA',
            mfa_secret: sealed,
            mfa_setup_secret: null,
            mfa_last_time_step: step,
          }),
        );
        if (enrolled !== 1) return CODE_MISMATCH;
        await record(user, MFA_AUDIT.enrolled, { mfaType: 'SOFTWARE_TOKEN_MFA' });
        return null;
      }),
  };

  return [softwareToken, smsCode, setup];
}
