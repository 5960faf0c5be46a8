/** Tenant currencies (system scope), through the kernel's directory. */
import { listTenants, setTenantFormats, type Trx } from '../../../../../kernel/index';

/** Tenants (not the platform tenant) with their currency, by name; search matches the name or the id. */
export async function listCurrencies(
  db: Trx,
  search?: string,
): Promise<{ tenant_id: number; name: string; currency: string }[]> {
  const tenants = await listTenants(db, { customersOnly: true, search, orderBy: 'name', limit: 1000 });
  return tenants.map((t) => ({ tenant_id: t.tenantId, name: t.name, currency: t.currency }));
}

export async function updateCurrency(db: Trx, tenantId: number, currency: string): Promise<void> {
  await setTenantFormats(db, tenantId, { currency });
}
