/**
 * CustomerSuccessDetailsTile (company level): the details tile of /cs/company/detail — the company, its account
 * managers and groups, segment and monthly value, health and effort scores with their colours, current contracts,
 * the next contract end, open goals — and the caller's tile order of the page.
 */
import { notFound, type Trx } from '../../../../kernel/index';
import type { CsServices } from '../services';
import { getCompany } from '../../../companies/public';
import { isCurrentContract } from '../../shared/monthly-value';
import { ymd } from '../../shared/date-presets';
import type { DetailTile } from '../../shared/tile-order';
import { listGroups, listManagers } from '../accounts/store';
import { companyScores, type CompanyScore } from '../dashboard/company-scores';
import { csInputs } from '../inputs/request-inputs';
import { contractLabel } from '../segments/contracts';
import { segmentsOf } from '../segments/store';
import { goalsOfCompanies } from './company-goals';
import { getTileOrder } from './tile-order-store';

interface DetailsTile extends CompanyScore {
  tenantCompanyId: number;
  companyName: string;
  accountManagers: { tenantAccountManagerId: number; name: string }[];
  accountGroups: { tenantAccountGroupId: number; moniker: string }[];
  segmentId: number | null;
  segmentName: string | null;
  monthlyValue: number | null;
  currentContracts: number;
  nextContractEnd: { label: string; end_date: string } | null;
  openGoals: number;
  tileOrder: DetailTile[];
}

export async function detailsTile(
  cs: CsServices,
  db: Trx,
  tenantCompanyId: number,
  userId: number | null,
  now = new Date(),
): Promise<DetailsTile> {
  const inputs = csInputs(cs, db); // this request's reads, once each
  // An active company is in the inputs' list (which the segment reads too); an inactive one is read alone.
  const company =
    (await inputs.activeCompanies()).find((c) => Number(c.tenant_company_id) === tenantCompanyId) ??
    (await getCompany(db, tenantCompanyId));
  if (!company) throw notFound('Company not found');
  const managers = (await listManagers(db, 1)).filter((m) => m.tenantCompanyIds.includes(tenantCompanyId));
  const groupIds = new Set(managers.flatMap((m) => m.tenantAccountGroupIds));
  const groups = (await listGroups(db, 1)).groups.filter((g) => groupIds.has(g.tenantAccountGroupId));
  const scores = (await companyScores(inputs, [tenantCompanyId])).get(tenantCompanyId)!;
  const { segments } = await segmentsOf(inputs, [tenantCompanyId], now);
  const seg = segments[0];
  const today = ymd(now);
  const current = ((await inputs.contracts([tenantCompanyId])).get(tenantCompanyId) ?? []).filter((c) =>
    isCurrentContract(c, today),
  );
  const next = current
    .filter((c) => c.end_date)
    .sort((a, b) => String(a.end_date).localeCompare(String(b.end_date)))[0];
  const goals = await goalsOfCompanies(db, [tenantCompanyId]);
  return {
    tenantCompanyId,
    companyName: company.moniker,
    accountManagers: managers.map((m) => ({ tenantAccountManagerId: m.tenantAccountManagerId, name: m.name })),
    accountGroups: groups.map((g) => ({ tenantAccountGroupId: g.tenantAccountGroupId, moniker: g.moniker })),
    segmentId: seg?.segmentId ?? null,
    segmentName: seg?.segmentName ?? null,
    monthlyValue: seg?.monthlyValue ?? null,
    ...scores,
    currentContracts: current.length,
    nextContractEnd: next ? { label: contractLabel(next), end_date: String(next.end_date).slice(0, 10) } : null,
    openGoals: goals.filter((g) => !g.completed).length,
    tileOrder: userId === null ? [] : await getTileOrder(db, userId),
  };
}
