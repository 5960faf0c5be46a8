/** SQL of tenant affiliate codes (tenant_affiliates; system scope). */
import type { Trx } from '../../../../../kernel/index';

export interface AffiliateRow {
  tenant_id: number;
  name: string;
  affiliate_code: string | null;
  note: string | null;
  updated_at: Date | string | null;
}

/** Tenants (not the platform tenant) with their code, by name; search matches the name or the code. */
export async function listAffiliates(db: Trx, search?: string): Promise<AffiliateRow[]> {
  const q = db('tenants as t')
    .leftJoin('tenant_affiliates as a', 'a.tenant_id', 't.tenant_id')
    .where('t.tenant_id', '>', 0)
    .orderBy('t.name')
    .limit(1000)
    .select('t.tenant_id', 't.name', 'a.affiliate_code', 'a.note', 'a.updated_at');
  if (search) q.where((w) => w.whereILike('t.name', `%${search}%`).orWhereILike('a.affiliate_code', `%${search}%`));
  return (await q).map((r: any) => ({
    ...r,
    tenant_id: Number(r.tenant_id),
    affiliate_code: r.affiliate_code ?? null,
  }));
}

export async function affiliateCode(db: Trx, tenantId: number): Promise<string | null> {
  return (await db('tenant_affiliates').where({ tenant_id: tenantId }).first('affiliate_code'))?.affiliate_code ?? null;
}

/** The tenant holding a code (case ignored), or null. */
export async function codeOwner(db: Trx, code: string): Promise<number | null> {
  const row = await db('tenant_affiliates')
    .whereRaw('lower(affiliate_code) = ?', [code.toLowerCase()])
    .first('tenant_id');
  return row ? Number(row.tenant_id) : null;
}

export async function clearAffiliate(db: Trx, tenantId: number): Promise<void> {
  await db('tenant_affiliates').where({ tenant_id: tenantId }).delete();
}

export async function insertAffiliate(
  db: Trx,
  row: { tenant_id: number; affiliate_code: string; note: string; updated_by: number | null },
): Promise<void> {
  await db('tenant_affiliates').insert(row);
}
