/**
 * Inputs of the segments: the tenant's active companies (companies plugin), each company's monthly value from its
 * contracts (companies plugin, shared/monthly-value.ts) and its effort score (cs_company_scores of the metrics
 * area), with the time the inputs last changed (for stale_data).
 */
import type { Trx } from '../../../../kernel/index';
import { listCompanies } from '../../../companies/public';
import { monthlyValue } from '../../shared/monthly-value';
import { companyContracts } from './contracts';
import type { CsServices } from '../services';

export interface SegmentInput {
  tenantCompanyId: number;
  companyName: string;
  value: number;
  effort: number | null;
  /** Latest change of the company's effort score or contracts (ms), null when unknown. */
  changedAt: number | null;
}

const ms = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null);
const latest = (...xs: (number | null)[]) => xs.reduce<number | null>((a, b) => (b === null ? a : a === null ? b : Math.max(a, b)), null);

export async function loadSegmentInputs(cs: CsServices, db: Trx, today: string, companyIds: number[] | null = null): Promise<SegmentInput[]> {
  let companies = await listCompanies(db, { activeOnly: true });
  if (companyIds) { const keep = new Set(companyIds); companies = companies.filter((c) => keep.has(Number(c.tenant_company_id))); }
  if (companies.length === 0) return [];
  const ids = companies.map((c) => Number(c.tenant_company_id));
  const contracts = await companyContracts(cs, db, ids);
  const effort = await db('cs_company_scores').select('tenant_company_id', 'score', 'calculated_at').where({ score_type: 'effort' }).whereIn('tenant_company_id', ids);
  const effortBy = new Map(effort.map((r) => [Number(r.tenant_company_id), r]));
  return companies.map((c) => {
    const id = Number(c.tenant_company_id);
    const own = contracts.get(id) ?? [];
    const e = effortBy.get(id);
    return {
      tenantCompanyId: id,
      companyName: c.moniker,
      value: monthlyValue(own, today),
      effort: e && e.score !== null ? Number(e.score) : null,
      changedAt: latest(ms(e?.calculated_at), ...own.map((k) => ms(k.updated_at))),
    };
  });
}
