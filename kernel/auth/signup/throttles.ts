/**
 * Throttles of the public sign-up endpoints, per e-mail and per client
 * address, in the same shape as the sign-in throttle (login/throttle.ts;
 * in-process, 15-minute window):
 *   confirm: 10 wrong codes per e-mail, 100 per address
 *   resend:  5 codes sent per e-mail, 30 requests per address
 *   registration key: 30 unknown keys per address
 *   identity sign-up: 5 per e-mail, 20 per address
 *   insertUserAndTenant: 10 per address
 *   dupUserCheck, dupTenantCheck: 30 each per address
 *   checktenantforrecoveryurl: 60 per address
 *   geo lookup: 30 per address
 * Every request counts (not only failures) for the wizard's operations.
 */
import { FailureThrottle } from '../login/throttle';

export interface SignupThrottles {
  confirmByEmail: FailureThrottle; confirmByAddress: FailureThrottle;
  resendByEmail: FailureThrottle; resendByAddress: FailureThrottle;
  keyByAddress: FailureThrottle;
  identityByEmail: FailureThrottle; identityByAddress: FailureThrottle;
  tenantByAddress: FailureThrottle;
  dupUserByAddress: FailureThrottle; dupTenantByAddress: FailureThrottle;
  recoveryByAddress: FailureThrottle;
  geoByAddress: FailureThrottle;
}

export function createSignupThrottles(): SignupThrottles {
  return {
    confirmByEmail: new FailureThrottle(10), confirmByAddress: new FailureThrottle(100),
    resendByEmail: new FailureThrottle(5), resendByAddress: new FailureThrottle(30),
    keyByAddress: new FailureThrottle(30),
    identityByEmail: new FailureThrottle(5), identityByAddress: new FailureThrottle(20),
    tenantByAddress: new FailureThrottle(10),
    dupUserByAddress: new FailureThrottle(30), dupTenantByAddress: new FailureThrottle(30),
    recoveryByAddress: new FailureThrottle(60),
    geoByAddress: new FailureThrottle(30),
  };
}

/** Counts one request against each key; true when one of them was already at its limit. */
export function overLimit(keys: [FailureThrottle, string][]): boolean {
  if (keys.some(([t, key]) => t.blocked([key]))) return true;
  for (const [t, key] of keys) t.fail([key]);
  return false;
}

export { MSG_TOO_MANY_ATTEMPTS } from '../codes';
