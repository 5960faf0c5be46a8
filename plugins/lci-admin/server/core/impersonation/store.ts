/** Impersonation targets: a tenant and its security groups, read through the kernel's directory (system scope). */
import { findTenant as kernelFindTenant, listSecurityGroups, type Trx } from '../../../../../kernel/index';

export async function findTenant(
  db: Trx,
  tenantId: number,
): Promise<{ tenantId: number; name: string; active: boolean } | null> {
  const t = await kernelFindTenant(db, tenantId);
  return t ? { tenantId: t.tenantId, name: t.name, active: t.active } : null;
}

/** The tenant's security groups by name. */
export async function securityGroups(
  db: Trx,
  tenantId: number,
): Promise<{ securityGroupId: number; name: string; isAdminGroup: boolean; modules: string[] }[]> {
  return (await listSecurityGroups(db, tenantId)).map((g) => ({
    securityGroupId: g.securityGroupId,
    name: g.name,
    isAdminGroup: g.isAdminGroup,
    modules: g.modules,
  }));
}
