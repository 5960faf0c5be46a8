/** Company rules and queries; every function takes the caller's transaction. */
import type { Trx } from '../../../kernel/index';

export interface CompanyRow { tenant_company_id: number; moniker: string; is_active: boolean; assessment_only_flag: boolean; air_only_flag: boolean; seats: number }
export type CompanyKind = 'all' | 'assessmentOnly' | 'airOnly';

/** The API shape: `name` is the moniker, as the workspace's company selector reads it. */
export const toApi = (c: CompanyRow) => ({ ...c, name: c.moniker });

export async function listCompanies(db: Trx, opts: { activeOnly?: boolean; kind?: CompanyKind } = {}): Promise<CompanyRow[]> {
  const q = db<CompanyRow>('tenant_companies').select('tenant_company_id', 'moniker', 'is_active', 'assessment_only_flag', 'air_only_flag', 'seats').orderBy('moniker');
  if (opts.activeOnly) q.where('is_active', true);
  if (opts.kind === 'assessmentOnly') q.where('assessment_only_flag', true);
  if (opts.kind === 'airOnly') q.where('air_only_flag', true);
  return q;
}

export interface NewCompany { moniker: string; is_active?: boolean; assessment_only_flag?: boolean; air_only_flag?: boolean; seats?: number }
export async function insertCompany(db: Trx, tenantId: number, c: NewCompany): Promise<CompanyRow> {
  const [row] = await db('tenant_companies').insert({ tenant_id: tenantId, moniker: c.moniker.trim(), is_active: c.is_active ?? true, assessment_only_flag: c.assessment_only_flag ?? false, air_only_flag: c.air_only_flag ?? false, seats: c.seats ?? 0 }).returning(['tenant_company_id', 'moniker', 'is_active', 'assessment_only_flag', 'air_only_flag', 'seats']);
  return row as CompanyRow;
}

export async function updateCompany(db: Trx, id: number, patch: Partial<NewCompany>): Promise<CompanyRow | undefined> {
  const [row] = await db('tenant_companies').where({ tenant_company_id: id }).update({ ...patch, ...(patch.moniker ? { moniker: patch.moniker.trim() } : {}), updated_at: db.fn.now() }).returning(['tenant_company_id', 'moniker', 'is_active', 'assessment_only_flag', 'air_only_flag', 'seats']);
  return row as CompanyRow | undefined;
}
