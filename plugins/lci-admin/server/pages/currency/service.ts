/** A tenant's currency (/lcisupport/currency): one of platform.md section 9's CAD, USD, ZAR, AUD, GBP; changes are audited. */
import { z } from 'zod';
import { afterCommit, type Kernel, type Trx } from '../../../../../kernel/index';
import { auditTenant, CURRENCIES, requireTenant } from '../shared';
import { updateCurrency } from './store';

export const CURRENCY_PAGE = '/lcisupport/currency';
export const currencyBody = z.object({
  currency: z.enum(CURRENCIES, { message: `Must be one of ${CURRENCIES.join(', ')}` }),
});

/** Sets the currency; returns the previous one (unchanged: no write, no audit). */
export async function setCurrency(
  k: Kernel,
  db: Trx,
  ctx: { caller: any },
  tenantId: number,
  currency: string,
  via?: Record<string, unknown>,
) {
  const t = await requireTenant(db, tenantId);
  if (t.currency === currency)
    return { tenant_id: tenantId, name: t.name, currency, previous: t.currency, changed: false };
  await updateCurrency(db, tenantId, currency);
  // The tenant's sessions carry its currency (/accountsettings changes the same column the same way).
  k.access.invalidate(tenantId);
  afterCommit(db, () => k.access.invalidate(tenantId));
  await auditTenant(
    k,
    db,
    ctx,
    tenantId,
    'lcisupport.currency.change',
    { from: t.currency, to: currency, ...(via ?? {}) },
    String(tenantId),
  );
  return { tenant_id: tenantId, name: t.name, currency, previous: t.currency, changed: true };
}
