/**
 * The tenant user record of platform.md section 3 (user_id, tenant_user_id,
 * username, email, name, name_first, name_last, force_sso_flag, is_active,
 * is_external, is_tenant_admin, security_group_id, accept_timestamp) and the
 * terms-of-use acceptance. Every function runs in the caller's transaction
 * (tenant scope: row-level security keeps it to the tenant).
 */
import type { Knex } from 'knex';

export interface TenantUserRecord {
  user_id: number;
  tenant_user_id: number;
  username: string;
  email: string;
  name: string;
  name_first: string;
  name_last: string;
  force_sso_flag: boolean;
  is_active: boolean;
  is_external: boolean;
  is_tenant_admin: boolean;
  security_group_id: number | null;
  accept_timestamp: string | null;
}

type Row = Record<string, any>;
const iso = (d: unknown) => (d == null ? null : new Date(d as string).toISOString());

export function toTenantUserRecord(r: Row): TenantUserRecord {
  const first = r.name_first ?? '';
  const last = r.name_last ?? '';
  return {
    user_id: Number(r.user_id),
    tenant_user_id: Number(r.tenant_user_id),
    username: r.username,
    email: r.email,
    name: `${first} ${last}`.trim(),
    name_first: first,
    name_last: last,
    force_sso_flag: !!r.force_sso_flag,
    is_active: !!r.active_flag,
    is_external: !!r.external_flag,
    is_tenant_admin: !!r.tenant_admin_flag,
    security_group_id: r.security_group_id == null ? null : Number(r.security_group_id),
    accept_timestamp: iso(r.accept_timestamp),
  };
}

export async function getTenantUser(db: Knex, tenantId: number, userId: number): Promise<TenantUserRecord | null> {
  const row = await db('tenant_users as tu')
    .join('users as u', 'u.user_id', 'tu.user_id')
    .where({ 'tu.tenant_id': tenantId, 'tu.user_id': userId })
    .first(
      'tu.user_id',
      'tu.tenant_user_id',
      'u.username',
      'u.email',
      'u.name_first',
      'u.name_last',
      'tu.force_sso_flag',
      'tu.active_flag',
      'tu.external_flag',
      'tu.tenant_admin_flag',
      'tu.security_group_id',
      'tu.accept_timestamp',
    );
  return row ? toTenantUserRecord(row) : null;
}

/** Records that the user accepted the terms of use in this tenant; returns how many rows changed (0 or 1). */
export async function acceptTerms(db: Knex, tenantId: number, userId: number): Promise<number> {
  return db('tenant_users').where({ tenant_id: tenantId, user_id: userId }).update({ accept_timestamp: db.fn.now() });
}

/**
 * The tenant's users (name order), for a plugin's user pickers (assessor, reviewer, ...): read only, in the
 * caller's transaction; `activeOnly` leaves deactivated members out. Filtered on the tenant id as well as by
 * row-level security.
 */
export async function listTenantUsers(
  db: Knex,
  tenantId: number,
  opts: { activeOnly?: boolean } = {},
): Promise<TenantUserRecord[]> {
  const q = db('tenant_users as tu')
    .join('users as u', 'u.user_id', 'tu.user_id')
    .where('tu.tenant_id', tenantId)
    .select(
      'tu.user_id',
      'tu.tenant_user_id',
      'u.username',
      'u.email',
      'u.name_first',
      'u.name_last',
      'tu.force_sso_flag',
      'tu.active_flag',
      'tu.external_flag',
      'tu.tenant_admin_flag',
      'tu.security_group_id',
      'tu.accept_timestamp',
    )
    .orderByRaw(
      "lower(coalesce(u.name_first, '')), lower(coalesce(u.name_last, '')), lower(u.email), tu.tenant_user_id",
    );
  if (opts.activeOnly) q.where('tu.active_flag', true);
  return (await q).map(toTenantUserRecord);
}
