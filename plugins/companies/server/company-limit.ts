/**
 * The plan's company limit on the companies plugin's own writes: the limit comes from kernel.companyLimit (billing),
 * the smallest one registered; no source or null: no limit.
 */
import { companyLimitPoint, HttpError, type Kernel, type Trx } from '../../../kernel/index';
import {
  canAddActiveCompany,
  companyLimitMessage,
  MAX_COMPANIES_CODE,
  type CompanyLimitState,
} from '../shared/company-limit';

export async function companyLimitState(
  k: Pick<Kernel, 'extensions'>,
  trx: Trx,
  tenantId: number,
): Promise<CompanyLimitState> {
  let max: number | null = null;
  for (const source of k.extensions(companyLimitPoint)) {
    const limit = await source(trx, tenantId);
    if (limit !== null && (max === null || limit < max)) max = limit;
  }
  const [row] = await trx('tenant_companies').where({ is_active: true }).count<{ n: string }[]>({ n: '*' });
  return { max_companies: max, active_companies: Number(row?.n ?? 0) };
}

/** Refuses (402 maxCompanies) a write that would make one more company active when the plan has no room for it. */
export async function requireRoomForActiveCompany(
  k: Pick<Kernel, 'extensions'>,
  trx: Trx,
  tenantId: number,
): Promise<void> {
  const state = await companyLimitState(k, trx, tenantId);
  if (!canAddActiveCompany(state)) throw new HttpError(402, companyLimitMessage(state)!, MAX_COMPANIES_CODE);
}
