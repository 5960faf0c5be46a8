/**
 * The identity's public sign-up routes: confirmation code, resend, registration key (and the account/signup
 * path that carries the registration-key lookup and the plugins' operations). The sign-up wizard's routes and
 * operations are the billing plugin's (plugins/billing/server/signup).
 */
import type { RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import { registerConfirmRoutes } from './confirm';
import { registerRegistrationRoutes } from './registration';
import { createSignupThrottles } from './throttles';

export function registerSignupRoutes(r: RouteRegistrar, k: Kernel): void {
  const throttles = createSignupThrottles();
  registerConfirmRoutes(r, k, throttles);
  registerRegistrationRoutes(r, k, throttles);
}
