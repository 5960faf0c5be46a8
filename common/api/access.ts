/**
 * Reply schemas of the kernel's access routes: security manager operations, security groups and impersonation.
 */
import { z } from 'zod';
import { accessPage, impersonationState } from './session';

const int = z.number().int();

export const navItem = z.object({
  url: z.string(),
  title: z.string(),
  level: int,
  parentUrl: z.string().nullable(),
  icon: z.string().nullable(),
  lciModules: z.array(z.string()),
  sort: z.number(),
  neverHide: z.boolean(),
  requiresAdmin: z.boolean(),
  internalOnly: z.boolean(),
});
export const navAnswer = z.object({
  navItems: z.array(navItem),
  headerNav: z.array(navItem),
  includedModules: z.array(z.string()),
});
export const moduleView = z.object({
  text: z.string(),
  modules: z.array(z.string()),
  icon: z.string().nullable(),
  disabled: z.boolean(),
});
const activeCompany = z.object({ tenant_company_id: int, name: z.string() }).passthrough();

/** POST /v3/tenant/:tenantId/securitymanager: one shape per operation. */
export const securityManagerAnswer = z.union([
  z.object({ moduleViews: z.array(moduleView) }),
  navAnswer,
  z.object({ companies: z.array(activeCompany) }),
  z.object({ companies: z.record(z.string(), int) }),
]);

const securityGroup = z.object({
  security_group_id: int,
  name: z.string(),
  description: z.string(),
  included_modules: z.array(z.string()),
  is_admin_group: z.boolean(),
  pages: z.array(accessPage),
});
export const securityGroupsAnswer = z.object({
  securityGroups: z.array(securityGroup.extend({ user_count: int })),
  pageCatalog: z.array(
    z.object({
      url: z.string(),
      title: z.string(),
      level: int,
      parentUrl: z.string().nullable(),
      requiresAdmin: z.boolean(),
    }),
  ),
  modules: z.array(z.string()),
});
export const securityGroupAnswer = z.object({ securityGroup });
export const securityGroupDeleted = z.object({ deleted: z.literal(true), securityGroupId: int });

export const impersonationStarted = z.object({ impersonation: impersonationState, expiresAt: z.string() });
export const impersonationStopped = z.object({ impersonation: z.null() });
