/** Tenants as the support tools pick them (system scope). */
import { z } from 'zod';
import type { Trx } from '../../../../kernel/index';

export interface TenantChoice { tenantId: number; name: string; activeFlag: boolean; createdAt: string }

export const tenantIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export async function listTenants(db: Trx): Promise<TenantChoice[]> {
  const rows = await db('tenants').orderBy('name').orderBy('tenant_id').select('tenant_id', 'name', 'active_flag', 'created_at');
  return rows.map((r: any) => ({ tenantId: Number(r.tenant_id), name: r.name, activeFlag: !!r.active_flag, createdAt: new Date(r.created_at).toISOString() }));
}

export async function findTenant(db: Trx, tenantId: number): Promise<{ tenantId: number; name: string } | null> {
  const r = await db('tenants').where({ tenant_id: tenantId }).first('tenant_id', 'name');
  return r ? { tenantId: Number(r.tenant_id), name: r.name } : null;
}
