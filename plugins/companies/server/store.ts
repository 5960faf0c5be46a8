/** SQL of companies (tenant_companies) and their API shape; every function takes the caller's transaction. */
import type { z } from 'zod';
import type { Trx } from '../../../kernel/index';
import type { CompanyApi, companyBody } from '../shared/api';

/** A company as stored: the answer's fields (shared/api.ts `company`) without its client-side names (toApi). */
export type CompanyRow = Omit<CompanyApi, 'name' | 'tenantCompanyId' | 'id'>;
export type CompanyKind = 'all' | 'assessmentOnly' | 'airOnly';

const COLUMNS = [
  'tenant_company_id',
  'moniker',
  'is_active',
  'assessment_only_flag',
  'air_only_flag',
  'seats',
] as const;

/**
 * The API shape: `name` is the moniker, as the workspace's company selector reads it; `tenantCompanyId` and `id`
 * are the client-side names of customer-success.md section 3 ("Tenant company (client side)").
 */
export const toApi = (c: CompanyRow) => ({
  ...c,
  name: c.moniker,
  tenantCompanyId: c.tenant_company_id,
  id: c.tenant_company_id,
});

export async function listCompanies(
  db: Trx,
  opts: { activeOnly?: boolean; kind?: CompanyKind } = {},
): Promise<CompanyRow[]> {
  const q = db<CompanyRow>('tenant_companies')
    .select(...COLUMNS)
    .orderBy('moniker');
  if (opts.activeOnly) q.where('is_active', true);
  if (opts.kind === 'assessmentOnly') q.where('assessment_only_flag', true);
  if (opts.kind === 'airOnly') q.where('air_only_flag', true);
  return q;
}

export async function getCompany(db: Trx, tenantCompanyId: number): Promise<CompanyRow | undefined> {
  return db<CompanyRow>('tenant_companies')
    .where({ tenant_company_id: tenantCompanyId })
    .first(...COLUMNS);
}

/** Companies by moniker, case-insensitive (imports match on it). */
export async function companiesByMoniker(db: Trx, monikers: readonly string[]): Promise<Map<string, CompanyRow>> {
  const keys = [...new Set(monikers.map((m) => m.trim().toLowerCase()))];
  const out = new Map<string, CompanyRow>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db<CompanyRow>('tenant_companies')
      .whereRaw('lower(moniker) = any(?)', [keys.slice(i, i + 500)])
      .select(...COLUMNS);
    for (const r of rows) out.set(r.moniker.toLowerCase(), r);
  }
  return out;
}

/** The fields of a new company (the create body, shared/api.ts `companyBody`); left out: active, no flags, 0 seats. */
type NewCompany = z.output<typeof companyBody>;
export async function insertCompany(db: Trx, tenantId: number, c: NewCompany): Promise<CompanyRow> {
  const [row] = await db('tenant_companies')
    .insert({
      tenant_id: tenantId,
      moniker: c.moniker.trim(),
      is_active: c.is_active ?? true,
      assessment_only_flag: c.assessment_only_flag ?? false,
      air_only_flag: c.air_only_flag ?? false,
      seats: c.seats ?? 0,
    })
    .returning([...COLUMNS]);
  return row as CompanyRow;
}

export async function updateCompany(db: Trx, id: number, patch: Partial<NewCompany>): Promise<CompanyRow | undefined> {
  const [row] = await db('tenant_companies')
    .where({ tenant_company_id: id })
    .update({ ...patch, ...(patch.moniker ? { moniker: patch.moniker.trim() } : {}), updated_at: db.fn.now() })
    .returning([...COLUMNS]);
  return row as CompanyRow | undefined;
}
