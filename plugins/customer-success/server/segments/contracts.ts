/**
 * The companies' contracts as the Customer Success pages read them (monthly value, renewals, headlines),
 * through the companies plugin's public surface, without the ones a contract filter leaves out (services.ts).
 */
import type { Trx } from '../../../../kernel/index';
import type { CsServices } from '../services';

export interface CsContract {
  tenant_company_contract_id: number;
  tenant_company_id: number;
  vendor: string | null;
  account: string | null;
  description: string | null;
  cost: number | string | null;
  billing_cycle: string | null;
  contract_status: string | null;
  end_date: string | null;
  notice_date: string | null;
  updated_at: string | Date | null;
}

/** Contracts of the given companies (null: every company of the tenant), by company id. */
export async function companyContracts(
  cs: Pick<CsServices, 'contractsOf'>,
  db: Trx,
  companyIds: readonly number[] | null,
): Promise<Map<number, CsContract[]>> {
  const out = new Map<number, CsContract[]>();
  if (companyIds && companyIds.length === 0) return out;
  const wanted = companyIds ? new Set(companyIds) : null;
  const rows =
    companyIds?.length === 1 ? await cs.contractsOf(db, { tenantCompanyId: companyIds[0] }) : await cs.contractsOf(db);
  for (const r of rows as unknown as CsContract[]) {
    const id = Number(r.tenant_company_id);
    if (wanted && !wanted.has(id)) continue;
    if (!out.has(id)) out.set(id, []);
    out.get(id)!.push(r);
  }
  return out;
}

/** A contract's label in headlines and insights: vendor and account, else its description, else its id. */
export function contractLabel(
  c: Pick<CsContract, 'vendor' | 'account' | 'description' | 'tenant_company_contract_id'>,
): string {
  const va = [c.vendor, c.account].filter((x) => x && x.trim()).join(' ');
  return va || c.description?.trim() || `#${c.tenant_company_contract_id}`;
}
