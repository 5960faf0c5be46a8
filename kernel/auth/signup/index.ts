/** Public sign-up routes: confirmation code, resend, registration key, the identity sign-up, the wizard's operations and geo lookup. */
import type { RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import { registerConfirmRoutes } from './confirm';
import { registerGeoRoute } from './geo/route';
import { createGeoLookup } from './geo/service';
import { registerIdentitySignupRoute } from './identity-signup';
import { registerRegistrationRoutes } from './registration';
import { createSignupThrottles } from './throttles';

export { MSG_CODE_EXPIRED, MSG_CODE_MISMATCH, sendSignupCode } from './confirm';
export { MSG_REGISTRATION_NOT_FOUND } from './registration';
export { MSG_USERNAME_EXISTS } from './identity-signup';

export function registerSignupRoutes(r: RouteRegistrar, k: Kernel): void {
  const throttles = createSignupThrottles();
  registerConfirmRoutes(r, k, throttles);
  registerRegistrationRoutes(r, k, throttles);
  registerIdentitySignupRoute(r, k, throttles);
  registerGeoRoute(r, createGeoLookup(k.config.geo, k.log), throttles);
}
