/**
 * The kernel's directory: what plugins read of the kernel's identity tables (tenants, users, tenant_users,
 * security_groups, nav_items), so that no plugin names those tables in its own SQL (lint rule
 * lci/no-kernel-table-sql). Every function runs in the caller's transaction and so in its scope: in a tenant
 * scope row-level security keeps tenants, memberships and groups to that tenant (and users to its members); in
 * the system scope (`db.withSystem`, internal tools, sign-up, jobs) they read across tenants. Read only; the
 * writes plugins need are in identity-writes.ts and provision.ts.
 */
import type { Knex } from 'knex';
import type { ModuleName } from '../types';

type Row = Record<string, any>;
const iso = (d: unknown): string | null => (d == null ? null : new Date(d as string).toISOString());
const idOrNull = (v: unknown): number | null => (v == null ? null : Number(v));

/** A tenant's facts. */
export interface TenantFacts {
  tenantId: number;
  name: string;
  active: boolean;
  currency: string;
  dateFormat: string;
  emailDomain: string | null;
  url: string | null;
  regionCode: string;
  parentTenantId: number | null;
  createdAt: string;
}
const TENANT_COLUMNS = [
  'tenant_id',
  'name',
  'active_flag',
  'currency',
  'date_format',
  'email_domain',
  'url',
  'region_code',
  'parent_tenant_id',
  'created_at',
];
const toTenant = (r: Row): TenantFacts => ({
  tenantId: Number(r.tenant_id),
  name: String(r.name),
  active: !!r.active_flag,
  currency: r.currency ?? 'USD',
  dateFormat: r.date_format ?? 'yyyy-mm-dd',
  emailDomain: r.email_domain ?? null,
  url: r.url ?? null,
  regionCode: r.region_code,
  parentTenantId: idOrNull(r.parent_tenant_id),
  createdAt: iso(r.created_at)!,
});

/** The tenant, or null when there is none (or the scope does not see it). `lock`: locks its row for this transaction. */
export async function findTenant(
  db: Knex,
  tenantId: number,
  opts: { lock?: boolean } = {},
): Promise<TenantFacts | null> {
  const q = db('tenants').where({ tenant_id: tenantId });
  if (opts.lock) q.forUpdate();
  const r = await q.first(TENANT_COLUMNS);
  return r ? toTenant(r) : null;
}

export interface TenantFilter {
  ids?: readonly number[];
  activeOnly?: boolean;
  /** Leaves out the platform tenant (id 0). */
  customersOnly?: boolean;
  parentTenantId?: number;
  /** Name contains it (case-insensitive), or the id is it. */
  search?: string;
  createdSince?: string | Date;
  /** 'id' (default) or 'name' (then id). */
  orderBy?: 'id' | 'name';
  limit?: number;
}
/** The tenants the scope sees that match the filter. */
export async function listTenants(db: Knex, f: TenantFilter = {}): Promise<TenantFacts[]> {
  const q = db('tenants').select(TENANT_COLUMNS);
  if (f.ids) q.whereIn('tenant_id', [...new Set(f.ids)]);
  if (f.activeOnly) q.where('active_flag', true);
  if (f.customersOnly) q.where('tenant_id', '>', 0);
  if (f.parentTenantId !== undefined) q.where('parent_tenant_id', f.parentTenantId);
  if (f.createdSince !== undefined) q.where('created_at', '>=', f.createdSince);
  if (f.search) {
    const search = f.search;
    q.where((w) => {
      w.whereILike('name', `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      if (/^\d{1,15}$/.test(search)) w.orWhere('tenant_id', Number(search));
    });
  }
  if (f.orderBy === 'name') q.orderBy('name');
  q.orderBy('tenant_id');
  if (f.limit !== undefined) q.limit(f.limit);
  return (await q).map(toTenant);
}

/** Tenant names by id (for labels); ids the scope does not see are absent. */
export async function tenantNames(db: Knex, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  return new Map((await listTenants(db, { ids })).map((t) => [t.tenantId, t.name]));
}

/** The rows with their tenant's name (`tenant_name`, null when the scope does not see the tenant), in one read. */
export async function withTenantNames<T extends { tenant_id: unknown }>(
  db: Knex,
  rows: readonly T[],
): Promise<(T & { tenant_name: string | null })[]> {
  const names = await tenantNames(
    db,
    rows.map((r) => Number(r.tenant_id)),
  );
  return rows.map((r) => ({ ...r, tenant_name: names.get(Number(r.tenant_id)) ?? null }));
}

/** How many tenants have this e-mail domain and this name, case-insensitive (the sign-up's duplicate check). */
export async function countTenantsLike(
  db: Knex,
  like: { emailDomain: string; name: string },
): Promise<{ emailDomain: number; name: number }> {
  const [row] = await db('tenants').select(
    db.raw('count(*) filter (where lower(email_domain) = lower(?))::int as by_domain', [like.emailDomain.trim()]),
    db.raw('count(*) filter (where lower(name) = lower(?))::int as by_name', [like.name.trim()]),
  );
  return { emailDomain: Number(row.by_domain), name: Number(row.by_name) };
}

/** A user's facts (no credentials). */
export interface UserFacts {
  userId: number;
  username: string;
  email: string;
  nameFirst: string;
  nameLast: string;
  /** First and last name, or the e-mail when both are empty. */
  displayName: string;
  active: boolean;
  confirmed: boolean;
  isLciAdmin: boolean;
  isInternal: boolean;
  allowImpersonation: boolean;
  currentTenantId: number | null;
  regionCode: string | null;
  createdAt: string;
  lastSignInAt: string | null;
}
const USER_COLUMNS = [
  'user_id',
  'username',
  'email',
  'name_first',
  'name_last',
  'active_flag',
  'confirmed_flag',
  'is_lci_admin',
  'is_internal',
  'allow_impersonation_flag',
  'current_tenant_id',
  'region_code',
  'created_at',
  'last_sign_in_at',
];
const toUser = (r: Row): UserFacts => {
  const nameFirst = r.name_first ?? '';
  const nameLast = r.name_last ?? '';
  return {
    userId: Number(r.user_id),
    username: String(r.username),
    email: String(r.email),
    nameFirst,
    nameLast,
    displayName: `${nameFirst} ${nameLast}`.trim() || String(r.email),
    active: !!r.active_flag,
    confirmed: !!r.confirmed_flag,
    isLciAdmin: !!r.is_lci_admin,
    isInternal: !!r.is_internal,
    allowImpersonation: !!r.allow_impersonation_flag,
    currentTenantId: idOrNull(r.current_tenant_id),
    regionCode: r.region_code ?? null,
    createdAt: iso(r.created_at)!,
    lastSignInAt: iso(r.last_sign_in_at),
  };
};

/**
 * The user by id or by username (stored lower case: the name given is trimmed and lowered), or null. `lock`: locks the row for this transaction (two
 * sign-up tries for one user then run one after the other).
 */
export async function findUser(
  db: Knex,
  by: number | { username: string },
  opts: { lock?: boolean } = {},
): Promise<UserFacts | null> {
  const q = db('users');
  if (typeof by === 'number') q.where({ user_id: by });
  else q.where({ username: by.username.trim().toLowerCase() });
  if (opts.lock) q.forUpdate();
  const r = await q.first(USER_COLUMNS);
  return r ? toUser(r) : null;
}

/** The users of these ids the scope sees, by id. */
export async function listUsers(db: Knex, ids: readonly number[]): Promise<UserFacts[]> {
  if (!ids.length) return [];
  return (
    await db('users')
      .whereIn('user_id', [...new Set(ids)])
      .orderBy('user_id')
      .select(USER_COLUMNS)
  ).map(toUser);
}

/** Usernames by user id (for labels). */
export async function usernames(db: Knex, ids: readonly number[]): Promise<Map<number, string>> {
  return new Map((await listUsers(db, ids)).map((u) => [u.userId, u.username]));
}

/** Whether the password is the user's (false when the user has none). */
export async function passwordMatches(
  db: Knex,
  identity: { verifyPassword(hash: string, password: string): Promise<boolean> },
  userId: number,
  password: string,
): Promise<boolean> {
  const r = await db('users').where({ user_id: userId }).first('password_hash');
  return !!r?.password_hash && (await identity.verifyPassword(r.password_hash, password));
}

/** A user's membership of a tenant (tenant_users). */
export interface Membership {
  tenantUserId: number;
  tenantId: number;
  userId: number;
  active: boolean;
  tenantAdmin: boolean;
  external: boolean;
  securityGroupId: number | null;
  lastActivityAt: string | null;
}
const MEMBERSHIP_COLUMNS = [
  'tu.tenant_user_id',
  'tu.tenant_id',
  'tu.user_id',
  'tu.active_flag',
  'tu.tenant_admin_flag',
  'tu.external_flag',
  'tu.security_group_id',
  'tu.last_activity_at',
];
const toMembership = (r: Row): Membership => ({
  tenantUserId: Number(r.tenant_user_id),
  tenantId: Number(r.tenant_id),
  userId: Number(r.user_id),
  active: !!r.active_flag,
  tenantAdmin: !!r.tenant_admin_flag,
  external: !!r.external_flag,
  securityGroupId: idOrNull(r.security_group_id),
  lastActivityAt: iso(r.last_activity_at),
});

/** The membership with this tenant user id, or of this user in this tenant; null when there is none. */
export async function findMembership(
  db: Knex,
  by: { tenantUserId: number } | { tenantId: number; userId: number },
): Promise<Membership | null> {
  const q = db('tenant_users as tu');
  if ('tenantUserId' in by) q.where('tu.tenant_user_id', by.tenantUserId);
  else q.where({ 'tu.tenant_id': by.tenantId, 'tu.user_id': by.userId });
  const r = await q.first(MEMBERSHIP_COLUMNS);
  return r ? toMembership(r) : null;
}

/** Whether the tenant user id names an active member (of the scope's tenant, under row-level security). */
export async function isActiveMember(db: Knex, tenantUserId: number): Promise<boolean> {
  return !!(await findMembership(db, { tenantUserId }))?.active;
}

/** A user's memberships the scope sees, by tenant. */
export async function userMemberships(db: Knex, userId: number): Promise<Membership[]> {
  return (
    await db('tenant_users as tu').where('tu.user_id', userId).orderBy('tu.tenant_id').select(MEMBERSHIP_COLUMNS)
  ).map(toMembership);
}

export interface MemberFilter {
  tenantId?: number;
  tenantUserIds?: readonly number[];
  /** Active membership of an active user. */
  activeOnly?: boolean;
  /** Active membership (the user may be deactivated). */
  activeMembership?: boolean;
  external?: boolean;
  tenantAdmin?: boolean;
  /** Leaves out internal staff (users.is_internal). */
  excludeInternal?: boolean;
  userCreatedSince?: string | Date;
}
export type Member = Membership & { user: UserFacts };
/** Members (membership and user) the scope sees, by tenant then tenant user id. */
export async function listMembers(db: Knex, f: MemberFilter = {}): Promise<Member[]> {
  const q = db('tenant_users as tu')
    .join('users as u', 'u.user_id', 'tu.user_id')
    // One array: knex's select reads only the first argument when it is an array.
    .select([
      ...MEMBERSHIP_COLUMNS,
      ...USER_COLUMNS.filter((c) => c !== 'user_id' && c !== 'active_flag').map((c) => `u.${c}`),
      'u.active_flag as user_active_flag',
    ])
    .orderBy(['tu.tenant_id', 'tu.tenant_user_id']);
  if (f.tenantId !== undefined) q.where('tu.tenant_id', f.tenantId);
  if (f.tenantUserIds) q.whereIn('tu.tenant_user_id', [...new Set(f.tenantUserIds)]);
  if (f.activeOnly) q.where('tu.active_flag', true).where('u.active_flag', true);
  if (f.activeMembership) q.where('tu.active_flag', true);
  if (f.external !== undefined) q.where('tu.external_flag', f.external);
  if (f.tenantAdmin !== undefined) q.where('tu.tenant_admin_flag', f.tenantAdmin);
  if (f.excludeInternal) q.where('u.is_internal', false);
  if (f.userCreatedSince !== undefined) q.where('u.created_at', '>=', f.userCreatedSince);
  return (await q).map((r: Row) => ({ ...toMembership(r), user: toUser({ ...r, active_flag: r.user_active_flag }) }));
}

/** Per tenant: its active memberships, and the latest activity of any member and of its active members. */
export interface TenantActivity {
  activeUsers: number;
  lastActivityAt: string | null;
  activeLastActivityAt: string | null;
  activeLastSignInAt: string | null;
}
/** The activity of every tenant the scope sees that has members (system scope: all of them). */
export async function tenantActivity(db: Knex): Promise<Map<number, TenantActivity>> {
  const rows = await db('tenant_users as tu')
    .join('users as u', 'u.user_id', 'tu.user_id')
    .groupBy('tu.tenant_id')
    .select(
      'tu.tenant_id',
      db.raw('(count(*) filter (where tu.active_flag))::int as active_users'),
      db.raw('max(tu.last_activity_at) as last_activity_at'),
      db.raw('max(tu.last_activity_at) filter (where tu.active_flag) as active_last_activity_at'),
      db.raw('max(u.last_sign_in_at) filter (where tu.active_flag) as active_last_sign_in_at'),
    );
  return new Map(
    rows.map((r: Row) => [
      Number(r.tenant_id),
      {
        activeUsers: Number(r.active_users),
        lastActivityAt: iso(r.last_activity_at),
        activeLastActivityAt: iso(r.active_last_activity_at),
        activeLastSignInAt: iso(r.active_last_sign_in_at),
      },
    ]),
  );
}

/** A tenant's security group. */
export interface SecurityGroupFacts {
  securityGroupId: number;
  tenantId: number;
  name: string;
  isAdminGroup: boolean;
  modules: ModuleName[];
}
const toGroup = (r: Row): SecurityGroupFacts => ({
  securityGroupId: Number(r.security_group_id),
  tenantId: Number(r.tenant_id),
  name: String(r.name),
  isAdminGroup: !!r.is_admin_group,
  modules: r.included_modules ?? [],
});
const GROUP_COLUMNS = ['security_group_id', 'tenant_id', 'name', 'is_admin_group', 'included_modules'];

/** The tenant's security groups by name. */
export async function listSecurityGroups(db: Knex, tenantId: number): Promise<SecurityGroupFacts[]> {
  return (await db('security_groups').where({ tenant_id: tenantId }).orderBy('name').select(GROUP_COLUMNS)).map(
    toGroup,
  );
}

/** The security group of the tenant with this id, or null. */
export async function findSecurityGroup(
  db: Knex,
  tenantId: number,
  securityGroupId: number,
): Promise<SecurityGroupFacts | null> {
  const r = await db('security_groups')
    .where({ tenant_id: tenantId, security_group_id: securityGroupId })
    .first(GROUP_COLUMNS);
  return r ? toGroup(r) : null;
}

/** An entry of the navigation and page catalogue (nav_items) as the kernel and plugins declared it. */
export interface NavItemFacts {
  url: string;
  title: string;
  level: number;
  parent_url: string | null;
  sort: number;
  icon: string | null;
  internal_only: boolean;
  requires_admin: boolean;
  lci_modules: string[] | null;
  plugin_id: string | null;
}
/** The catalogue's entries (by level, sort and title); `maxLevel` keeps levels up to it, `internal` filters on internal_only. */
export async function listNavItems(
  db: Knex,
  f: { maxLevel?: number; internal?: boolean; url?: string } = {},
): Promise<NavItemFacts[]> {
  const q = db('nav_items')
    .orderBy([{ column: 'level' }, { column: 'sort' }, { column: 'title' }, { column: 'url' }])
    .select(
      'url',
      'title',
      'level',
      'parent_url',
      'sort',
      'icon',
      'internal_only',
      'requires_admin',
      'lci_modules',
      'plugin_id',
    );
  if (f.maxLevel !== undefined) q.where('level', '<=', f.maxLevel);
  if (f.internal !== undefined) q.where('internal_only', f.internal);
  if (f.url !== undefined) q.where('url', f.url);
  return q;
}

/** How many memberships (any tenant the scope sees) each of these users has. */
export async function membershipCounts(db: Knex, userIds: readonly number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await db('tenant_users')
    .whereIn('user_id', [...new Set(userIds)])
    .groupBy('user_id')
    .select('user_id', db.raw('count(*)::int as n'));
  return new Map(rows.map((r: Row) => [Number(r.user_id), Number(r.n)]));
}

/** A user's admin-notification stamp (users.user_notification_uuid), or null. */
export async function userNotificationStamp(db: Knex, userId: number): Promise<string | null> {
  return (await db('users').where({ user_id: userId }).first('user_notification_uuid'))?.user_notification_uuid ?? null;
}

/** Columns of users that an export never carries (credentials and MFA secrets). */
const SECRET_USER_COLUMNS = ['password_hash', 'mfa_secret', 'mfa_setup_secret'] as const;
/** Whole users rows of these ids, without the secret columns (a tenant's data export; system scope). */
export async function userRowsForExport(db: Knex, ids: readonly number[]): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const rows: Row[] = await db('users')
    .whereIn('user_id', [...new Set(ids)])
    .orderBy('user_id')
    .select();
  for (const row of rows) for (const c of SECRET_USER_COLUMNS) delete row[c];
  return rows;
}
