/**
 * Loads a caller from token claims: the user, the membership of the token's
 * tenant, the security group's modules and page list, the tenant's modules
 * (grants plus plugins' providers), the impersonation state of internal
 * admins and the maintenance flag. Runs before the request's transaction, in
 * its own system-scope transaction (and a tenant-scope one for providers).
 */
import type { Knex } from 'knex';
import { unauthorized } from '../http/errors';
import { ssoRequired } from '../auth/sso-required';
import { readCutoff, type TokenCutoff } from '../auth/token-cutoffs';
import type { Kernel } from '../kernel';
import { tenantModulesPoint } from '../points';
import { MODULES, type AccessLevel, type AccessPage, type Caller, type ModuleName, type TokenClaims } from '../types';

/** What the session endpoint shows besides the Caller (loaded with it, cached with it). */
export interface Profile {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  companyName: string | null;
  regionCode: string;
  pic: string | null;
  mfaType: string | null;
  idProviderName: string;
  userNotificationUuid: string | null;
  tenant: {
    tenantId: number;
    name: string;
    currency: string;
    dateFormat: string;
    regionCode: string;
    parentTenantId: number | null;
  } | null;
  tacAcceptance: boolean;
  impersonation: {
    tenantId: number;
    tenantName: string;
    securityGroupId: number | null;
    securityGroupName: string | null;
  } | null;
  maintenanceMessage: string;
}

/** What decides, per token, whether a token of the user is still good (checked on every call: service.ts). */
export interface TokenRules {
  /** Tokens issued before a password change, reset, MFA reset or revocation (token-cutoffs.ts). */
  cutoff: TokenCutoff | null;
  /** The home membership forces single sign-on: tokens of a password sign-in are refused. */
  ssoRequired: boolean;
}

interface Principal {
  caller: Caller;
  profile: Profile;
  tokenRules: TokenRules;
}

interface UserRow {
  user_id: number;
  username: string;
  email: string;
  name_first: string;
  name_last: string;
  phone_number: string | null;
  phone_number_verified: boolean;
  company_name: string | null;
  region_code: string;
  pic: string | null;
  mfa_type: string | null;
  id_provider_name: string;
  user_notification_uuid: string | null;
  is_lci_admin: boolean;
  is_internal: boolean;
  allow_impersonation_flag: boolean;
  current_tenant_id: number | null;
  active_flag: boolean;
}
interface TenantRow {
  tenant_id: number;
  name: string;
  currency: string;
  date_format: string;
  region_code: string;
  is_sandbox: boolean;
  parent_tenant_id: number | null;
  active_flag: boolean;
}
interface MembershipRow {
  security_group_id: number | null;
  tenant_admin_flag: boolean;
  external_flag: boolean;
  accept_timestamp: Date | string | null;
}
interface GroupRow {
  security_group_id: number;
  name: string;
  included_modules: string[] | string;
  is_admin_group: boolean;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** text[] comes back as an array from pg, and may come back as '{a,b}' text elsewhere. */
function parseTextArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v !== 'string' || v.length < 2) return [];
  const inner = v.slice(1, -1);
  if (!inner) return [];
  return (
    inner
      .match(/("([^"\\]|\\.)*"|[^,]+)/g)
      ?.map((s) => (s.startsWith('"') ? s.slice(1, -1).replace(/\\(.)/g, '$1') : s)) ?? []
  );
}

export const asModules = (v: unknown): ModuleName[] =>
  parseTextArray(v).filter((m): m is ModuleName => (MODULES as string[]).includes(m));

async function loadTenant(trx: Knex, tenantId: number): Promise<TenantRow | undefined> {
  const row = (await trx('tenants')
    .where({ tenant_id: tenantId })
    .first(
      'tenant_id',
      'name',
      'currency',
      'date_format',
      'region_code',
      'is_sandbox',
      'parent_tenant_id',
      'active_flag',
    )) as TenantRow | undefined;
  return row ? { ...row, tenant_id: Number(row.tenant_id), parent_tenant_id: num(row.parent_tenant_id) } : undefined;
}

async function loadGroup(
  trx: Knex,
  tenantId: number,
  groupId: number | null,
): Promise<{ group: GroupRow | null; pages: AccessPage[] }> {
  if (groupId === null) return { group: null, pages: [] };
  const group = (await trx('security_groups')
    .where({ tenant_id: tenantId, security_group_id: groupId })
    .first('security_group_id', 'name', 'included_modules', 'is_admin_group')) as GroupRow | undefined;
  if (!group) return { group: null, pages: [] };
  const pages = await trx('security_group_pages')
    .where({ tenant_id: tenantId, security_group_id: groupId })
    .orderBy('url')
    .select('url', 'access_level');
  return {
    group: { ...group, security_group_id: Number(group.security_group_id) },
    pages: pages.map((p: { url: string; access_level: AccessLevel }) => ({ url: p.url, access_level: p.access_level })),
  };
}

export async function loadPrincipal(k: Kernel, claims: TokenClaims): Promise<Principal> {
  const userId = Number(claims.userId);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw unauthorized();

  const base = await k.db.withSystem(async (trx) => {
    const user = (await trx('users').where({ user_id: userId }).first()) as UserRow | undefined;
    if (!user || !user.active_flag) throw unauthorized();

    const tokenTenantId = num(claims.tenantId) ?? num(user.current_tenant_id);
    let membership: MembershipRow | undefined;
    let homeTenant: TenantRow | undefined;
    if (tokenTenantId !== null) {
      homeTenant = await loadTenant(trx, tokenTenantId);
      if (homeTenant?.active_flag) {
        membership = (await trx('tenant_users')
          .where({ tenant_id: tokenTenantId, user_id: userId, active_flag: true })
          .first('security_group_id', 'tenant_admin_flag', 'external_flag', 'accept_timestamp')) as
          MembershipRow | undefined;
      }
    }
    const homeTenantId = membership ? tokenTenantId : null;
    const homeGroupId = membership ? num(membership.security_group_id) : null;

    let imp: { target_tenant_id: number; target_security_group_id: number | null } | undefined;
    if (user.is_lci_admin && user.allow_impersonation_flag) {
      imp = await trx('impersonation_sessions')
        .where({ user_id: userId })
        .where('expires_at', '>', trx.fn.now())
        .first('target_tenant_id', 'target_security_group_id');
    }

    let tenant: TenantRow | undefined;
    let groupId: number | null;
    if (imp) {
      tenant = await loadTenant(trx, Number(imp.target_tenant_id));
      if (!tenant?.active_flag) {
        tenant = undefined;
        imp = undefined;
      }
    }
    if (imp && tenant) groupId = num(imp.target_security_group_id);
    else {
      tenant = membership ? homeTenant : undefined;
      groupId = homeGroupId;
    }

    const { group, pages } = tenant ? await loadGroup(trx, tenant.tenant_id, groupId) : { group: null, pages: [] };
    const grants: ModuleName[] = tenant
      ? asModules(
          (
            await trx('tenant_module_grants')
              .where({ tenant_id: tenant.tenant_id })
              .where((w) => w.whereNull('expires_at').orWhere('expires_at', '>', trx.fn.now()))
              .select('module')
          ).map((r: { module: string }) => r.module),
        )
      : [];
    const setting = await trx('kernel_settings').where({ key: 'maintenance' }).first('value');
    const maintenance = (typeof setting?.value === 'string' ? JSON.parse(setting.value) : setting?.value) as
      { on?: boolean; message?: string } | undefined;
    const tokenRules: TokenRules = {
      cutoff: await readCutoff(trx, userId),
      ssoRequired: await ssoRequired(trx, userId),
    };
    return {
      tokenRules,
      user,
      membership,
      homeTenantId,
      homeGroupId,
      tokenTenantId,
      imp: imp && tenant ? imp : undefined,
      tenant,
      group,
      pages,
      grants,
      maintenance,
    };
  });

  const { user, membership, tenant, group, pages, imp } = base;
  let tenantModules = new Set<ModuleName>(base.grants);
  const sources = k.extensions(tenantModulesPoint);
  if (tenant && sources.length) {
    const extra = await k.db.withTenant(
      tenant.tenant_id,
      async (trx) => {
        const out: ModuleName[] = [];
        for (const source of sources) out.push(...(await source(trx, tenant.tenant_id)));
        return out;
      },
      { userId },
    );
    tenantModules = new Set([...tenantModules, ...asModules(extra)]);
  }

  const impersonatingTenantOnly = !!imp && !group;
  const groupModules = group ? asModules(group.included_modules) : [];
  const modules = impersonatingTenantOnly
    ? MODULES.filter((m) => tenantModules.has(m))
    : MODULES.filter((m) => groupModules.includes(m) && tenantModules.has(m));

  const caller: Caller = {
    userId,
    username: user.username,
    tenantId: tenant ? tenant.tenant_id : null,
    homeTenantId: base.homeTenantId,
    securityGroupId: group ? group.security_group_id : null,
    originalSecurityGroupId: base.homeGroupId,
    isLciAdmin: !!user.is_lci_admin,
    isInternal: !!user.is_internal,
    isTenantAdmin: imp ? (group ? !!group.is_admin_group : true) : !!membership?.tenant_admin_flag,
    isExternal: imp ? false : !!membership?.external_flag,
    isSandboxTenant: !!tenant?.is_sandbox,
    allowImpersonationFlag: !!user.allow_impersonation_flag,
    impersonation: imp
      ? { tenantId: tenant!.tenant_id, ...(group ? { securityGroupId: group.security_group_id } : {}) }
      : null,
    pages,
    modules,
    inMaintenance: !!base.maintenance?.on,
  };
  const profile: Profile = {
    username: user.username,
    email: user.email,
    firstName: user.name_first,
    lastName: user.name_last,
    phoneNumber: user.phone_number,
    phoneNumberVerified: !!user.phone_number_verified,
    companyName: user.company_name,
    regionCode: user.region_code,
    pic: user.pic,
    mfaType: user.mfa_type,
    idProviderName: user.id_provider_name,
    userNotificationUuid: user.user_notification_uuid,
    tenant: tenant
      ? {
          tenantId: tenant.tenant_id,
          name: tenant.name,
          currency: tenant.currency,
          dateFormat: tenant.date_format,
          regionCode: tenant.region_code,
          parentTenantId: tenant.parent_tenant_id,
        }
      : null,
    tacAcceptance: imp ? true : !!membership?.accept_timestamp,
    impersonation:
      imp && tenant
        ? {
            tenantId: tenant.tenant_id,
            tenantName: tenant.name,
            securityGroupId: group?.security_group_id ?? null,
            securityGroupName: group?.name ?? null,
          }
        : null,
    maintenanceMessage: base.maintenance?.message ?? '',
  };
  return { caller, profile, tokenRules: base.tokenRules };
}

/** Tenants a principal touches, for cache invalidation. */
export function principalTenants(p: Principal, tokenTenantId: number | null): (number | null)[] {
  return [...new Set([tokenTenantId, p.caller.tenantId, p.caller.homeTenantId])];
}
