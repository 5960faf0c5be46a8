/** SQL of tenant currencies (tenants.currency; system scope). */
import type { Trx } from '../../../../../kernel/index';

/** Tenants (not the platform tenant) with their currency, by name; search matches the name or the id. */
export async function listCurrencies(
  db: Trx,
  search?: string,
): Promise<{ tenant_id: number; name: string; currency: string }[]> {
  const q = db('tenants')
    .where('tenant_id', '>', 0)
    .orderBy('name')
    .select('tenant_id', 'name', 'currency')
    .limit(1000);
  if (search)
    q.where((w) => {
      w.whereILike('name', `%${search}%`);
      if (/^\d+$/.test(search)) w.orWhere('tenant_id', Number(search));
    });
  return (await q).map((t: any) => ({ tenant_id: Number(t.tenant_id), name: t.name, currency: t.currency }));
}

export async function updateCurrency(db: Trx, tenantId: number, currency: string): Promise<void> {
  await db('tenants').where({ tenant_id: tenantId }).update({ currency });
}
