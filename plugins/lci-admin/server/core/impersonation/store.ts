/** SQL of impersonation targets: a tenant and its security groups (system scope). */
import type { Trx } from '../../../../../kernel/index';

export async function findTenant(
  db: Trx,
  tenantId: number,
): Promise<{ tenantId: number; name: string; active: boolean } | null> {
  const t = await db('tenants').where({ tenant_id: tenantId }).first('tenant_id', 'name', 'active_flag');
  return t ? { tenantId: Number(t.tenant_id), name: String(t.name), active: !!t.active_flag } : null;
}

/** The tenant's security groups by name. */
export async function securityGroups(
  db: Trx,
  tenantId: number,
): Promise<{ securityGroupId: number; name: string; isAdminGroup: boolean; modules: string[] }[]> {
  const groups = await db('security_groups')
    .where({ tenant_id: tenantId })
    .orderBy('name')
    .select('security_group_id', 'name', 'is_admin_group', 'included_modules');
  return groups.map((g: any) => ({
    securityGroupId: Number(g.security_group_id),
    name: String(g.name),
    isAdminGroup: !!g.is_admin_group,
    modules: g.included_modules ?? [],
  }));
}
