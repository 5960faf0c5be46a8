/**
 * Throttles of the identity's public sign-up endpoints, per e-mail and per client
 * address, in the same shape as the sign-in throttle (login/throttle.ts;
 * in-process, 15-minute window):
 *   confirm: 10 wrong codes per e-mail, 100 per address
 *   resend:  5 codes sent per e-mail, 30 requests per address
 *   registration key: 30 unknown keys per address
 * The sign-up wizard's own throttles are billing's (plugins/billing/server/signup/throttles.ts).
 */
import { FailureThrottle } from '../login/throttle';

export interface SignupThrottles {
  confirmByEmail: FailureThrottle;
  confirmByAddress: FailureThrottle;
  resendByEmail: FailureThrottle;
  resendByAddress: FailureThrottle;
  keyByAddress: FailureThrottle;
}

export function createSignupThrottles(): SignupThrottles {
  return {
    confirmByEmail: new FailureThrottle(10),
    confirmByAddress: new FailureThrottle(100),
    resendByEmail: new FailureThrottle(5),
    resendByAddress: new FailureThrottle(30),
    keyByAddress: new FailureThrottle(30),
  };
}
