/** The e-mail + password primary factor. Unknown e-mail and wrong password look the same, in text and in time. */
import { burnVerify, verifyPassword } from '../passwords';
import type { SignInLockout } from './lockout';
import type { LoginFailure, PrimaryResult } from './types';
import { normalizeEmail, type UserStore } from './users';

const MSG_LOGIN_FAILED = 'Login failed.';
export const LOGIN_FAILED: LoginFailure = { status: 401, code: 'NotAuthorizedException', message: MSG_LOGIN_FAILED };
export const USER_DISABLED: LoginFailure = {
  status: 401,
  code: 'NotAuthorizedException',
  message: 'User is disabled.',
};
/** force_sso_flag: only said after the right password, so it tells nothing about unknown e-mails. */
export const SSO_REQUIRED: LoginFailure = {
  status: 401,
  code: 'NotAuthorizedException',
  message: 'Your administrator requires single sign-on for this account.',
};
const TOO_MANY: LoginFailure = {
  status: 429,
  code: 'LimitExceededException',
  message: 'Password attempts exceeded. Please wait a few minutes and try again.',
};

/** The sign-in lockout (database-backed, see lockout.ts): 10 failures per e-mail, 200 per address in 15 minutes. */
export interface Throttles {
  byEmail: Pick<SignInLockout, 'blocked' | 'fail' | 'clear'>;
  byAddress: Pick<SignInLockout, 'blocked' | 'fail' | 'clear'>;
}

export async function passwordFactor(
  users: UserStore,
  throttles: Throttles,
  input: { email: string; password: string; ip: string },
): Promise<PrimaryResult> {
  const email = normalizeEmail(input.email);
  if ((await throttles.byEmail.blocked([email])) || (await throttles.byAddress.blocked([input.ip])))
    return { ok: false, failure: TOO_MANY };
  const found = await users.byEmail(email);
  const ok = found?.passwordHash
    ? await verifyPassword(found.passwordHash, input.password)
    : await burnVerify(input.password);
  if (!found || !ok) {
    await throttles.byEmail.fail([email]);
    await throttles.byAddress.fail([input.ip]);
    return { ok: false, failure: LOGIN_FAILED };
  }
  await throttles.byEmail.clear(email);
  if (!found.user.active) return { ok: false, failure: USER_DISABLED };
  if (await users.requiresSso(found.user.userId)) return { ok: false, failure: SSO_REQUIRED };
  return { ok: true, user: found.user, amr: ['pwd'] };
}
