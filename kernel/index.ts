/** The kernel's public surface for plugins. Import from here only. */
export { definePlugin, contributionsOf, staticContributions } from './plugin';
export type {
  PluginDefinition,
  PluginContext,
  PluginInstance,
  PluginCliContext,
  LoadedPlugin,
  PageDef,
  NavItemDef,
  RealtimeFunction,
  RealtimeFunctionDef,
  RealtimeAccess,
  RealtimeContext,
  JobDef,
  JobContext,
  FixtureContext,
  ExtendItem,
} from './plugin';
export { createExtensionPoint, contribute, type ExtensionPoint, type Contribution } from './extensions';
export {
  tenantModulesPoint,
  activeCompaniesPoint,
  writeGuardPoint,
  resyncStepsPoint,
  subscriptionStatusPoint,
  accountSignupOperationsPoint,
  dashboardChartsPoint,
  type DashboardChart,
  companyLimitPoint,
  type CompanyLimitSource,
  type AccountSignupOperation,
  type ResyncStep,
  type CompanyKind,
  type WriteTarget,
  type WriteRefusal,
  type WriteGuard,
  type ActiveCompaniesSource,
  type TenantModulesSource,
} from './points';
export type {
  Kernel,
  Identity,
  AccessService,
  FeatureFlags,
  Realtime,
  Room,
  ServerMessage,
  Jobs,
  JobInfo,
} from './kernel';
export type { Caller, AccessPage, AccessLevel, ModuleName, ModuleRequirement, TokenClaims, AuditEntry } from './types';
export { MODULES } from './types';
export type { Database, Trx } from './db/database';
export { createTenantTable, enableTenantRls, tenantForeignKey, grantApp } from './db/tenant-table';
export type { RouteRegistrar, RouteSpec, HandlerContext, RegisteredRoute } from './http/route-spec';
export { reply, Reply } from './http/route-spec';
export { HttpError, badRequest, forbidden, notFound, conflict, unauthorized, type FieldError } from './http/errors';
export { Maintenance } from './maintenance';
// The platform's texts live in common/texts.ts (browser code imports them there, never through the kernel).
export {
  MSG_COMMON_PASSWORD,
  MSG_LCI_ADMIN,
  MSG_NO_IMPERSONATION,
  MSG_NO_TENANT,
  MSG_NUL,
  MSG_READ_ONLY,
  MSG_TENANT_ADMIN,
} from '../common/texts';
export type { Storage, UploadLimits } from './storage';
export type { MailMessage, MailAttachment } from './mail';
export { createTenant, createUser, addTenantUser, createSecurityGroup, grantModules } from './tenancy/provision';
// The tenant's users for a plugin's user pickers (read only; e.g. the assessor and reviewer of an assessment).
export { listTenantUsers, type TenantUserRecord } from './tenancy/tenant-users';
// The directory: what plugins read of the kernel's identity tables, in the caller's scope (tenant: row-level
// security; system: across tenants). Plugins name no kernel table in SQL (lint rule lci/no-kernel-table-sql).
export {
  findTenant,
  listTenants,
  tenantNames,
  withTenantNames,
  countTenantsLike,
  findUser,
  listUsers,
  usernames,
  passwordMatches,
  findMembership,
  isActiveMember,
  userMemberships,
  listMembers,
  membershipCounts,
  tenantActivity,
  listSecurityGroups,
  findSecurityGroup,
  listNavItems,
  userNotificationStamp,
  userRowsForExport,
  type TenantFacts,
  type TenantFilter,
  type UserFacts,
  type Membership,
  type Member,
  type MemberFilter,
  type TenantActivity,
  type SecurityGroupFacts,
  type NavItemFacts,
} from './tenancy/directory';
// The changes plugins make to identity rows (settings formats, sign-up profile, notification stamps, tenant deletion).
export {
  setTenantFormats,
  setCurrentTenant,
  updateUserProfile,
  stampUserNotifications,
  moveUsersOffTenant,
  removeUsersWithoutMembership,
  type UserProfilePatch,
  type NotificationTarget,
} from './tenancy/identity-writes';
export { searchAudit, type AuditQuery, type AuditRecord } from './audit';
export { afterCommit } from './access/scope';
export { registeredPageUrls } from './home/registered-pages';
export { NAV_OVERRIDES_KEY, applyNavOverrides, type NavOverride, type NavOverrides } from './access/nav-overrides';
export { REGIONS, DEFAULT_REGION, type RegionCode } from '../config/regions';
// What the sign-up wizard (billing) needs of the identity: e-mail as a username, the common-password check, the
// confirmation code mail, and the public endpoints' throttle (429 LimitExceededException).
export { normalizeEmail } from './auth/login/users';
export { isCommonPassword } from './auth/common-passwords';
export { sendSignupCode } from './auth/signup/confirm';
export { FailureThrottle } from './auth/login/throttle';
export { tooManyAttempts } from './auth/codes';
// Encryption at rest of a plugin's secrets (vendor credentials), keyed by the configured server secret.
export { secretSealer, type SecretSealer } from './secrets';
