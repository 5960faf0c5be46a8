/** The tenant's customer at the billing provider: created once, with its e-mail and affiliate code. */
import { findTenant, listMembers, type Trx } from '../../../kernel/index';
import type { BillingProvider } from './provider';

interface CustomerRecord {
  customer_id: string;
  email: string | null;
  affiliate_code: string | null;
}

/** The e-mail of the tenant's first tenant admin, if any. */
export async function tenantAdminEmail(db: Trx, tenantId: number): Promise<string | null> {
  const [admin] = await listMembers(db, { tenantId, tenantAdmin: true, activeMembership: true });
  return admin?.user.email ?? null;
}

/** The e-mail a new customer gets: the caller's, unless an LCI admin acts for the tenant (then its admin's). */
export async function billingEmail(
  db: Trx,
  tenantId: number,
  caller: { username: string; isLciAdmin: boolean } | null,
): Promise<string> {
  if (caller && !caller.isLciAdmin) return caller.username;
  return (await tenantAdminEmail(db, tenantId)) ?? caller?.username ?? '';
}

export async function findCustomer(
  db: Trx,
  tenantId: number,
  provider: BillingProvider,
): Promise<CustomerRecord | null> {
  const c = await db('billing_customers')
    .where({ tenant_id: tenantId, provider: provider.name })
    .first('customer_id', 'email', 'affiliate_code');
  return c ?? null;
}

/** The tenant's customer, created at the provider on first use (named after the tenant). */
export async function ensureCustomer(
  db: Trx,
  tenantId: number,
  provider: BillingProvider,
  input: { email: string; affiliate?: string | null },
): Promise<CustomerRecord> {
  const existing = await findCustomer(db, tenantId, provider);
  if (existing) {
    if (input.affiliate && !existing.affiliate_code) {
      await db('billing_customers')
        .where({ tenant_id: tenantId, provider: provider.name })
        .update({ affiliate_code: input.affiliate, updated_at: new Date() });
      return { ...existing, affiliate_code: input.affiliate };
    }
    return existing;
  }
  const tenant = await findTenant(db, tenantId);
  const customerId = await provider.createCustomer({
    email: input.email,
    name: tenant?.name ?? `Tenant ${tenantId}`,
    tenantId,
  });
  await db('billing_customers').insert({
    tenant_id: tenantId,
    provider: provider.name,
    customer_id: customerId,
    email: input.email,
    affiliate_code: input.affiliate ?? null,
  });
  return { customer_id: customerId, email: input.email, affiliate_code: input.affiliate ?? null };
}
