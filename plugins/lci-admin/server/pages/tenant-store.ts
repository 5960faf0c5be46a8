/** Tenants and users by id, as the pages need them (system scope), through the kernel's directory. */
import {
  findTenant as kernelFindTenant,
  findUser,
  listTenants,
  tenantNames as kernelTenantNames,
  usernames as kernelUsernames,
  type Trx,
} from '../../../../kernel/index';

export interface TenantRow {
  tenant_id: number;
  name: string;
  currency: string;
  active_flag: boolean;
}

export async function findTenant(db: Trx, tenantId: number): Promise<TenantRow | null> {
  const t = await kernelFindTenant(db, tenantId);
  return t ? { tenant_id: t.tenantId, name: t.name, currency: t.currency, active_flag: t.active } : null;
}

/** Tenants by id for labels. */
export async function tenantNames(db: Trx, ids: number[]): Promise<Map<number, string>> {
  return kernelTenantNames(db, ids);
}

/** Usernames by user id for labels. */
export async function usernames(db: Trx, ids: number[]): Promise<Map<number, string>> {
  return kernelUsernames(db, ids);
}

/** Whether a user exists. */
export async function userExists(db: Trx, userId: number): Promise<boolean> {
  return !!(await findUser(db, userId));
}

/** Active tenants (not the platform tenant) by id. */
export async function activeTenants(db: Trx): Promise<{ tenant_id: number; name: string }[]> {
  return (await listTenants(db, { customersOnly: true, activeOnly: true })).map((t) => ({
    tenant_id: t.tenantId,
    name: t.name,
  }));
}
