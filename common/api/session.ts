/** Reply schema of GET /v3/manager/session: the signed-in user, tenant, access pages, modules, flags and impersonation. */
import { z } from 'zod';

const int = z.number().int();

const sessionUser = z.object({
  username: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  phoneNumberVerified: z.boolean(),
  companyName: z.string().nullable(),
  regionCode: z.string().nullable(),
  pic: z.string().nullable(),
  authenticatedUserId: int,
  isLciAdmin: z.boolean(),
  isTenantAdmin: z.boolean(),
  isSandboxTenant: z.boolean(),
  isInternal: z.boolean(),
  allowImpersonationFlag: z.boolean(),
  securityGroupId: int.nullable(),
  originalSecurityGroupId: int.nullable(),
  currentTenantId: int.nullable(),
  currentSpTenantId: int.nullable(),
  userNotificationUuid: z.string().nullable(),
  unifiedUserId: z.string().nullable(),
  unifiedTenantId: z.string().nullable(),
  mfaType: z.string().nullable(),
  idProviderName: z.string().nullable(),
});

const sessionTenant = z.object({
  tenantId: int,
  name: z.string(),
  currency: z.string(),
  dateFormat: z.string(),
  regionCode: z.string(),
});
export const accessPage = z.object({ url: z.string(), access_level: z.enum(['Read Only', 'Read/Write']) });
export const impersonationState = z.object({
  tenantId: int,
  tenantName: z.string(),
  securityGroupId: int.nullable(),
  securityGroupName: z.string().nullable(),
});

export const sessionAnswer = z.object({
  user: sessionUser,
  tenant: sessionTenant.nullable(),
  tacAcceptance: z.boolean(),
  userAccessPages: z.array(accessPage),
  inMaintenance: z.boolean(),
  maintenanceMessage: z.string(),
  modules: z.array(z.string()),
  /** Page url -> the modules of which the user needs one to open it (pages that need none are absent). */
  pageModules: z.record(z.string(), z.array(z.string())),
  flags: z.record(z.string(), z.boolean()),
  impersonation: impersonationState.nullable(),
  plugins: z.array(z.string()),
});
