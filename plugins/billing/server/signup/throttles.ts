/**
 * Throttles of the sign-up wizard's public endpoints, per e-mail and per client address, in the shape of the
 * identity's sign-in and confirmation throttles (kernel FailureThrottle: in-process, 15-minute window):
 *   identity sign-up: 5 per e-mail, 20 per address
 *   insertUserAndTenant: 10 per address
 *   dupUserCheck, dupTenantCheck: 30 each per address
 *   checktenantforrecoveryurl: 60 per address
 *   geo lookup: 30 per address
 * Every request counts (not only failures). One set per kernel (made where the routes and operations are).
 */
import { FailureThrottle } from '../../../../kernel/index';

export interface SignupThrottles {
  identityByEmail: FailureThrottle;
  identityByAddress: FailureThrottle;
  tenantByAddress: FailureThrottle;
  dupUserByAddress: FailureThrottle;
  dupTenantByAddress: FailureThrottle;
  recoveryByAddress: FailureThrottle;
  geoByAddress: FailureThrottle;
}

export function createSignupThrottles(): SignupThrottles {
  return {
    identityByEmail: new FailureThrottle(5),
    identityByAddress: new FailureThrottle(20),
    tenantByAddress: new FailureThrottle(10),
    dupUserByAddress: new FailureThrottle(30),
    dupTenantByAddress: new FailureThrottle(30),
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
