/** The e-mail + password primary factor. Unknown e-mail and wrong password look the same, in text and in time. */
import { burnVerify, verifyPassword } from '../passwords';
import type { FailureThrottle } from './throttle';
import type { LoginFailure, PrimaryResult } from './types';
import { normalizeEmail, type UserStore } from './users';

export const MSG_LOGIN_FAILED = 'Login failed.';
export const LOGIN_FAILED: LoginFailure = { status: 401, code: 'NotAuthorizedException', message: MSG_LOGIN_FAILED };
export const USER_DISABLED: LoginFailure = { status: 401, code: 'NotAuthorizedException', message: 'User is disabled.' };
export const TOO_MANY: LoginFailure = { status: 429, code: 'LimitExceededException', message: 'Password attempts exceeded. Please wait a few minutes and try again.' };

export interface Throttles { byEmail: FailureThrottle; byAddress: FailureThrottle }

export async function passwordFactor(users: UserStore, throttles: Throttles, input: { email: string; password: string; ip: string }): Promise<PrimaryResult> {
  const email = normalizeEmail(input.email);
  if (throttles.byEmail.blocked([email]) || throttles.byAddress.blocked([input.ip])) return { ok: false, failure: TOO_MANY };
  const found = await users.byEmail(email);
  const ok = found?.passwordHash ? await verifyPassword(found.passwordHash, input.password) : await burnVerify(input.password);
  if (!found || !ok) {
    throttles.byEmail.fail([email]);
    throttles.byAddress.fail([input.ip]);
    return { ok: false, failure: LOGIN_FAILED };
  }
  throttles.byEmail.clear(email);
  if (!found.user.active) return { ok: false, failure: USER_DISABLED };
  return { ok: true, user: found.user, amr: ['pwd'] };
}
