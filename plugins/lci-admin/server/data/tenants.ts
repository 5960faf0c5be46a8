/** Tenants as the support tools pick them (system scope). */
import type { Trx } from '../../../../kernel/index';
import type { TenantChoice } from '../../shared/api';

export { tenantIdSchema, type TenantChoice } from '../../shared/api';

export async function listTenants(db: Trx): Promise<TenantChoice[]> {
  const rows = await db('tenants').orderBy('name').orderBy('tenant_id').select('tenant_id', 'name', 'active_flag', 'created_at');
  return rows.map((r: any) => ({ tenantId: Number(r.tenant_id), name: r.name, activeFlag: !!r.active_flag, createdAt: new Date(r.created_at).toISOString() }));
}

export async function findTenant(db: Trx, tenantId: number): Promise<{ tenantId: number; name: string } | null> {
  const r = await db('tenants').where({ tenant_id: tenantId }).first('tenant_id', 'name');
  return r ? { tenantId: Number(r.tenant_id), name: r.name } : null;
}
