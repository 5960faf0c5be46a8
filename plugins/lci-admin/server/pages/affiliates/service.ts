/** A tenant's affiliate code (/lciadmin/edittenantaffiliateadmin): set, change or clear it; audited in the tenant. */
import { z } from 'zod';
import { conflict, type Kernel, type Trx } from '../../../../../kernel/index';
import { auditTenant, requireTenant } from '../shared';
import { affiliateCode, clearAffiliate, codeOwner, insertAffiliate } from './store';

export const AFFILIATE_PAGE = '/lciadmin/edittenantaffiliateadmin';
export const affiliateBody = z.object({
  affiliate_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,40}$/, '2 to 40 letters, digits, dashes or underscores.')
    .nullable(),
  note: z.string().trim().max(300, 'Max 300 characters').default(''),
});

/** A code belongs to one tenant at most (case ignored): another tenant's code is refused. */
export async function setAffiliate(
  k: Kernel,
  db: Trx,
  ctx: { caller: any },
  tenantId: number,
  b: z.output<typeof affiliateBody>,
  via?: Record<string, unknown>,
) {
  const t = await requireTenant(db, tenantId);
  const before = await affiliateCode(db, tenantId);
  await clearAffiliate(db, tenantId);
  if (b.affiliate_code) {
    const taken = await codeOwner(db, b.affiliate_code);
    if (taken !== null) throw conflict(`Affiliate code ${b.affiliate_code} already belongs to tenant ${taken}`);
    await insertAffiliate(db, {
      tenant_id: tenantId,
      affiliate_code: b.affiliate_code,
      note: b.note,
      updated_by: ctx.caller?.userId ?? null,
    });
  }
  await auditTenant(
    k,
    db,
    ctx,
    tenantId,
    'lciadmin.affiliate.set',
    { from: before, to: b.affiliate_code, ...(via ?? {}) },
    String(tenantId),
  );
  return { tenant_id: tenantId, name: t.name, affiliate_code: b.affiliate_code, previous: before };
}

/** A tenant's code, for `lci admin affiliate`. */
export async function tenantAffiliate(db: Trx, tenantId: number) {
  const t = await requireTenant(db, tenantId);
  return { tenant_id: t.tenant_id, name: t.name, affiliate_code: await affiliateCode(db, tenantId) };
}
