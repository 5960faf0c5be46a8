/** Tenants as the support tools pick them (system scope). */
import { findTenant as kernelFindTenant, listTenants as kernelListTenants, type Trx } from '../../../../kernel/index';
import type { TenantChoice } from '../../shared/api';


export async function listTenants(db: Trx): Promise<TenantChoice[]> {
  const rows = await kernelListTenants(db, { orderBy: 'name' });
  return rows.map((t) => ({ tenantId: t.tenantId, name: t.name, activeFlag: t.active, createdAt: t.createdAt }));
}

export async function findTenant(db: Trx, tenantId: number): Promise<{ tenantId: number; name: string } | null> {
  const t = await kernelFindTenant(db, tenantId);
  return t ? { tenantId: t.tenantId, name: t.name } : null;
}
