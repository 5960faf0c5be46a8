/** SQL the pages share: tenants and users by id (system scope). */
import type { Trx } from '../../../../kernel/index';

export interface TenantRow {
  tenant_id: number;
  name: string;
  currency: string;
  active_flag: boolean;
}

export async function findTenant(db: Trx, tenantId: number): Promise<TenantRow | null> {
  const t = await db('tenants').where({ tenant_id: tenantId }).first('tenant_id', 'name', 'currency', 'active_flag');
  return t ? { ...t, tenant_id: Number(t.tenant_id) } : null;
}

/** Tenants by id for labels. */
export async function tenantNames(db: Trx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db('tenants')
    .whereIn('tenant_id', [...new Set(ids)])
    .select('tenant_id', 'name');
  return new Map(rows.map((r: { tenant_id: number; name: string }) => [Number(r.tenant_id), r.name]));
}

/** Usernames by user id for labels. */
export async function usernames(db: Trx, ids: number[]): Promise<Map<number, string>> {
  const rows = await db('users')
    .whereIn('user_id', [...new Set(ids)])
    .select('user_id', 'username');
  return new Map(rows.map((u: { user_id: number; username: string }) => [Number(u.user_id), String(u.username)]));
}

/** Whether a user exists. */
export async function userExists(db: Trx, userId: number): Promise<boolean> {
  return !!(await db('users').where({ user_id: userId }).first('user_id'));
}

/** Active tenants (not the platform tenant) by id. */
export async function activeTenants(db: Trx): Promise<{ tenant_id: number; name: string }[]> {
  const rows = await db('tenants')
    .where('tenant_id', '>', 0)
    .where({ active_flag: true })
    .orderBy('tenant_id')
    .select('tenant_id', 'name');
  return rows.map((t: { tenant_id: number; name: string }) => ({ tenant_id: Number(t.tenant_id), name: t.name }));
}
