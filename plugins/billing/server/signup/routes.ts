/**
 * The sign-up wizard's own public routes: the identity sign-up (POST /v3/manager/identity/signup) and the geo
 * lookup (GET /v3/manager/signup/geo). Its account/signup operations join the kernel's route (operations.ts).
 */
import type { Kernel, RouteRegistrar } from '../../../../kernel/index';
import { registerGeoRoute } from './geo/route';
import { createGeoLookup } from './geo/service';
import { registerIdentitySignupRoute } from './identity-signup';
import { createSignupThrottles } from './throttles';

export function signupRoutes(r: RouteRegistrar, k: Kernel): void {
  const throttles = createSignupThrottles();
  registerIdentitySignupRoute(r, k, throttles);
  registerGeoRoute(r, createGeoLookup(k.config.geo, k.log), throttles);
}
