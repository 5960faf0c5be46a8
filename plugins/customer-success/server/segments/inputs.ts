/**
 * Inputs of the segments: the tenant's active companies (companies plugin), each company's monthly value from its
 * contracts (companies plugin, shared/monthly-value.ts) and its effort score (cs_company_scores of the metrics
 * area), with the time the inputs last changed (for stale_data). Read through the request's inputs
 * (inputs/request-inputs.ts), so a request that places and lists segments reads each of them once.
 */
import { monthlyValue } from '../../shared/monthly-value';
import { activeCompaniesOf, type CsInputs } from '../inputs/request-inputs';

interface SegmentInput {
  tenantCompanyId: number;
  companyName: string;
  value: number;
  effort: number | null;
  /** Latest change of the company's effort score or contracts (ms), null when unknown. */
  changedAt: number | null;
}

const ms = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null);
const latest = (...xs: (number | null)[]) =>
  xs.reduce<number | null>((a, b) => (b === null ? a : a === null ? b : Math.max(a, b)), null);

export async function loadSegmentInputs(
  inputs: CsInputs,
  today: string,
  companyIds: readonly number[] | null = null,
): Promise<SegmentInput[]> {
  const companies = await activeCompaniesOf(inputs, companyIds);
  if (companies.length === 0) return [];
  const ids = companies.map((c) => Number(c.tenant_company_id));
  const contracts = await inputs.contracts(ids);
  const scores = await inputs.scores(ids);
  return companies.map((c) => {
    const id = Number(c.tenant_company_id);
    const own = contracts.get(id) ?? [];
    const e = scores.get(id)?.find((r) => r.scoreType === 'effort');
    return {
      tenantCompanyId: id,
      companyName: c.moniker,
      value: monthlyValue(own, today),
      effort: e && e.score !== null ? e.score : null,
      changedAt: latest(ms(e?.calculatedAt), ...own.map((k) => ms(k.updated_at))),
    };
  });
}
