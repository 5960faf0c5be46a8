/**
 * kernel/access: callers, security groups, page access lists, modules,
 * navigation, impersonation (platform.md sections 1, 5, 6, 7.4).
 */
import type { RouteRegistrar } from '../http/route-spec';
import type { AccessService, Kernel } from '../kernel';
import { registerImpersonationRoutes } from './routes/impersonation';
import { registerSecurityGroupRoutes } from './routes/security-groups';
import { registerSecurityManagerRoutes } from './routes/security-manager';
import { registerSessionRoutes } from './routes/session';
import { createAccessService } from './service';

export { syncCatalog } from './catalog';
export { kernelAccess } from './service';

export function createAccess(k: Kernel): AccessService {
  return createAccessService(k);
}

export function registerAccessRoutes(r: RouteRegistrar, k: Kernel): void {
  registerSessionRoutes(r, k);
  registerSecurityManagerRoutes(r, k);
  registerImpersonationRoutes(r, k);
  registerSecurityGroupRoutes(r, k);
}
