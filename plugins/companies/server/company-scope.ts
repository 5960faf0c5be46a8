/** A company-scoped route acts on a company of the caller's tenant; any other id answers 404 (RLS hides other tenants). */
import { notFound, type Trx } from '../../../kernel/index';
import { getCompany, type CompanyRow } from './store';

export async function requireCompany(db: Trx, tenantCompanyId: number): Promise<CompanyRow> {
  const c = await getCompany(db, tenantCompanyId);
  if (!c) throw notFound('Company not found');
  return c;
}

/** Every listed company must exist in the tenant (copy targets). */
export async function requireCompanies(db: Trx, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await db('tenant_companies').whereIn('tenant_company_id', unique).pluck('tenant_company_id');
  if (found.length !== unique.length) throw notFound('Company not found');
}
