/** A tenant's currency (/lcisupport/currency): one of platform.md section 9's CAD, USD, ZAR, AUD, GBP; changes are audited. */
import { z } from 'zod';
import type { Kernel, RouteRegistrar, Trx } from '../../../../kernel/index';
import { auditTenant, CURRENCIES, requireTenant, targetParams } from './shared';

export const CURRENCY_PAGE = '/lcisupport/currency';
export const currencyBody = z.object({ currency: z.enum(CURRENCIES, { message: `Must be one of ${CURRENCIES.join(', ')}` }) });
const listQuery = z.object({ search: z.string().trim().max(100).optional() });

export async function listCurrencies(db: Trx, search?: string) {
  const q = db('tenants').where('tenant_id', '>', 0).orderBy('name').select('tenant_id', 'name', 'currency').limit(1000);
  if (search) q.where((w) => { w.whereILike('name', `%${search}%`); if (/^\d+$/.test(search)) w.orWhere('tenant_id', Number(search)); });
  return (await q).map((t: any) => ({ tenant_id: Number(t.tenant_id), name: t.name, currency: t.currency }));
}

/** Sets the currency; returns the previous one (unchanged: no write, no audit). */
export async function setCurrency(k: Kernel, db: Trx, ctx: { caller: any }, tenantId: number, currency: string, via?: Record<string, unknown>) {
  const t = await requireTenant(db, tenantId);
  if (t.currency === currency) return { tenant_id: tenantId, name: t.name, currency, previous: t.currency, changed: false };
  await db('tenants').where({ tenant_id: tenantId }).update({ currency });
  await auditTenant(k, db, ctx, tenantId, 'lcisupport.currency.change', { from: t.currency, to: currency, ...(via ?? {}) }, String(tenantId));
  return { tenant_id: tenantId, name: t.name, currency, previous: t.currency, changed: true };
}

export function currencyRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get('/v3/lcisupport/currency', { auth: 'internal', scope: 'system', page: CURRENCY_PAGE, query: listQuery, summary: 'Tenants with their currency' }, async ({ db, query }) => ({
    currencies: CURRENCIES, tenants: await listCurrencies(db, query.search),
  }));
  r.put('/v3/lcisupport/currency/:targetTenantId', { auth: 'internal', scope: 'system', page: CURRENCY_PAGE, params: targetParams, body: currencyBody, summary: 'Changes a tenant\'s currency (audited)' }, async (ctx) =>
    setCurrency(k, ctx.db, ctx, ctx.params.targetTenantId, ctx.body.currency));
}
