/** SQL of tenant affiliate codes (tenant_affiliates; system scope). */
import { listTenants, type Trx } from '../../../../../kernel/index';

interface AffiliateRow {
  tenant_id: number;
  name: string;
  affiliate_code: string | null;
  note: string | null;
  updated_at: Date | string | null;
}

/** Tenants (not the platform tenant) with their code, by name; search matches the name or the code. */
export async function listAffiliates(db: Trx, search?: string): Promise<AffiliateRow[]> {
  const codes = new Map<
    number,
    { affiliate_code: string | null; note: string | null; updated_at: Date | string | null }
  >(
    (await db('tenant_affiliates').select('tenant_id', 'affiliate_code', 'note', 'updated_at')).map((a: any) => [
      Number(a.tenant_id),
      a,
    ]),
  );
  const needle = search?.toLowerCase();
  const rows: AffiliateRow[] = [];
  for (const t of await listTenants(db, { customersOnly: true, orderBy: 'name' })) {
    const a = codes.get(t.tenantId);
    const row = {
      tenant_id: t.tenantId,
      name: t.name,
      affiliate_code: a?.affiliate_code ?? null,
      note: a?.note ?? null,
      updated_at: a?.updated_at ?? null,
    };
    if (needle && !row.name.toLowerCase().includes(needle) && !row.affiliate_code?.toLowerCase().includes(needle))
      continue;
    rows.push(row);
    if (rows.length === 1000) break;
  }
  return rows;
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
