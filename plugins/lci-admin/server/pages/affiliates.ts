/** A tenant's affiliate code (/lciadmin/edittenantaffiliateadmin): set, change or clear it; audited in the tenant. */
import { z } from 'zod';
import { conflict, type Kernel, type RouteRegistrar, type Trx } from '../../../../kernel/index';
import { auditTenant, requireTenant, targetParams } from './shared';

export const AFFILIATE_PAGE = '/lciadmin/edittenantaffiliateadmin';
export const affiliateBody = z.object({
  affiliate_code: z.string().trim().regex(/^[A-Za-z0-9_-]{2,40}$/, '2 to 40 letters, digits, dashes or underscores.').nullable(),
  note: z.string().trim().max(300, 'Max 300 characters').default(''),
});

export async function affiliates(db: Trx, search?: string) {
  const q = db('tenants as t').leftJoin('tenant_affiliates as a', 'a.tenant_id', 't.tenant_id').where('t.tenant_id', '>', 0).orderBy('t.name').limit(1000)
    .select('t.tenant_id', 't.name', 'a.affiliate_code', 'a.note', 'a.updated_at');
  if (search) q.where((w) => w.whereILike('t.name', `%${search}%`).orWhereILike('a.affiliate_code', `%${search}%`));
  return (await q).map((r: any) => ({ ...r, tenant_id: Number(r.tenant_id), affiliate_code: r.affiliate_code ?? null }));
}

export async function setAffiliate(k: Kernel, db: Trx, ctx: { caller: any }, tenantId: number, b: z.output<typeof affiliateBody>, via?: Record<string, unknown>) {
  const t = await requireTenant(db, tenantId);
  const before = await db('tenant_affiliates').where({ tenant_id: tenantId }).first('affiliate_code');
  await db('tenant_affiliates').where({ tenant_id: tenantId }).delete();
  if (b.affiliate_code) {
    const taken = await db('tenant_affiliates').whereRaw('lower(affiliate_code) = ?', [b.affiliate_code.toLowerCase()]).first('tenant_id');
    if (taken) throw conflict(`Affiliate code ${b.affiliate_code} already belongs to tenant ${taken.tenant_id}`);
    await db('tenant_affiliates').insert({ tenant_id: tenantId, affiliate_code: b.affiliate_code, note: b.note, updated_by: ctx.caller?.userId ?? null });
  }
  await auditTenant(k, db, ctx, tenantId, 'lciadmin.affiliate.set', { from: before?.affiliate_code ?? null, to: b.affiliate_code, ...(via ?? {}) }, String(tenantId));
  return { tenant_id: tenantId, name: t.name, affiliate_code: b.affiliate_code, previous: before?.affiliate_code ?? null };
}

export function affiliateRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get('/v3/lciadmin/affiliates', { auth: 'internal', scope: 'system', page: AFFILIATE_PAGE, query: z.object({ search: z.string().trim().max(100).optional() }), summary: 'Tenants with their affiliate code' }, async ({ db, query }) => ({ tenants: await affiliates(db, query.search) }));
  r.put('/v3/lciadmin/affiliates/:targetTenantId', { auth: 'internal', scope: 'system', page: AFFILIATE_PAGE, params: targetParams, body: affiliateBody, summary: 'Sets or clears (null) a tenant\'s affiliate code' }, async (ctx) => setAffiliate(k, ctx.db, ctx, ctx.params.targetTenantId, ctx.body));
}
