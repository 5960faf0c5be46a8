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

export { syncCatalog, KERNEL_NAV, SECURITY_GROUPS_PAGE } from './catalog';
export { matchPage } from './match-page';
export { CALLER_TTL_MS, kernelAccess, type KernelAccess } from './service';
export { visibleNavItems, visibleModuleViews, navResponse, type NavItem, type ModuleView } from './navigation';

export function createAccess(k: Kernel): AccessService {
  return createAccessService(k);
}

export function registerAccessRoutes(r: RouteRegistrar, k: Kernel): void {
  registerSessionRoutes(r, k);
  registerSecurityManagerRoutes(r, k);
  registerImpersonationRoutes(r, k);
  registerSecurityGroupRoutes(r, k);
}
