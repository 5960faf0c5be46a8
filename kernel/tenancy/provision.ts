/**
 * Creating tenants, security groups, users and memberships. Used by the CLI,
 * the fixtures, sign-up and tests. All functions take a system-scope
 * transaction (or the owner connection) since they span tables of a new tenant.
 */
import type { Knex } from 'knex';
import type { AccessLevel, ModuleName } from '../types';

export interface NewTenant {
  name: string;
  emailDomain?: string;
  url?: string;
  parentTenantId?: number;
  isSandbox?: boolean;
  regionCode?: string;
  currency?: string;
}
export async function createTenant(db: Knex, t: NewTenant): Promise<number> {
  const [row] = await db('tenants')
    .insert({
      name: t.name,
      email_domain: t.emailDomain ?? null,
      url: t.url ?? null,
      parent_tenant_id: t.parentTenantId ?? null,
      is_sandbox: t.isSandbox ?? false,
      region_code: t.regionCode ?? 'ue1',
      currency: t.currency ?? 'USD',
    })
    .returning('tenant_id');
  return Number(row.tenant_id);
}

export interface NewSecurityGroup {
  name: string;
  description?: string;
  modules: ModuleName[];
  isAdminGroup?: boolean;
  pages: { url: string; access_level: AccessLevel }[];
}
export async function createSecurityGroup(db: Knex, tenantId: number, g: NewSecurityGroup): Promise<number> {
  const [row] = await db('security_groups')
    .insert({
      tenant_id: tenantId,
      name: g.name,
      description: g.description ?? '',
      included_modules: g.modules,
      is_admin_group: g.isAdminGroup ?? false,
    })
    .returning('security_group_id');
  const id = Number(row.security_group_id);
  if (g.pages.length)
    await db('security_group_pages').insert(
      g.pages.map((p) => ({ tenant_id: tenantId, security_group_id: id, url: p.url, access_level: p.access_level })),
    );
  return id;
}

export interface NewUser {
  email: string;
  /** The sign-in name; default: the e-mail, trimmed and lower case. */
  username?: string;
  companyName?: string | null;
  passwordHash?: string | null;
  firstName?: string;
  lastName?: string;
  isLciAdmin?: boolean;
  isInternal?: boolean;
  allowImpersonation?: boolean;
  currentTenantId?: number | null;
  confirmed?: boolean;
  phoneNumber?: string;
}
export async function createUser(db: Knex, u: NewUser): Promise<number> {
  const username = u.username ?? u.email.trim().toLowerCase();
  const [row] = await db('users')
    .insert({
      username,
      email: u.email.trim(),
      password_hash: u.passwordHash ?? null,
      name_first: u.firstName ?? '',
      name_last: u.lastName ?? '',
      is_lci_admin: u.isLciAdmin ?? false,
      is_internal: u.isInternal ?? false,
      allow_impersonation_flag: u.allowImpersonation ?? false,
      current_tenant_id: u.currentTenantId ?? null,
      confirmed_flag: u.confirmed ?? true,
      phone_number: u.phoneNumber ?? null,
      ...(u.companyName !== undefined ? { company_name: u.companyName } : {}),
    })
    .returning('user_id');
  return Number(row.user_id);
}

interface NewMembership {
  userId: number;
  securityGroupId: number | null;
  tenantAdmin?: boolean;
  external?: boolean;
  acceptTerms?: boolean;
  forceSso?: boolean;
}
export async function addTenantUser(db: Knex, tenantId: number, m: NewMembership): Promise<number> {
  const [row] = await db('tenant_users')
    .insert({
      tenant_id: tenantId,
      user_id: m.userId,
      security_group_id: m.securityGroupId,
      tenant_admin_flag: m.tenantAdmin ?? false,
      external_flag: m.external ?? false,
      force_sso_flag: m.forceSso ?? false,
      accept_timestamp: m.acceptTerms === false ? null : db.fn.now(),
    })
    .returning('tenant_user_id');
  await db('users').where({ user_id: m.userId }).whereNull('current_tenant_id').update({ current_tenant_id: tenantId });
  return Number(row.tenant_user_id);
}

export async function grantModules(db: Knex, tenantId: number, modules: ModuleName[], source = 'grant'): Promise<void> {
  if (!modules.length) return;
  await db('tenant_module_grants')
    .insert(modules.map((module) => ({ tenant_id: tenantId, module, source })))
    .onConflict(['tenant_id', 'module', 'source'])
    .ignore();
}
