/**
 * TenantCsInsights (customer-success.md section 7: filters plus startDate, endDate): over the filtered active
 * companies and the date range, the contracts ending (renewals, with their monthly value) and the notice dates in
 * the range, the goals due in it, the monthly score trend and the health changes (shared/insights.ts).
 */
import type { Trx } from '../../../../kernel/index';
import type { CsServices } from '../services';
import { listCompanies } from '../../../companies/public';
import type { DateRange } from '../../shared/date-presets';
import { healthChanges, inRange, monthsInRange, scoreTrend } from '../../shared/insights';
import { contractMonthlyValue } from '../../shared/monthly-value';
import { goalsOfCompanies } from '../detail/company-goals';
import { scoreHistoryRows } from '../metrics/history-store';
import { contractLabel, companyContracts } from '../segments/contracts';

export async function insightsFor(cs: CsServices, db: Trx, companyIds: number[] | null, range: DateRange) {
  let companies = await listCompanies(db, { activeOnly: true });
  if (companyIds) {
    const keep = new Set(companyIds);
    companies = companies.filter((c) => keep.has(Number(c.tenant_company_id)));
  }
  const ids = companies.map((c) => Number(c.tenant_company_id));
  const name = new Map(companies.map((c) => [Number(c.tenant_company_id), c.moniker]));
  const contracts = [...(await companyContracts(cs, db, ids)).values()].flat();
  const renewals = contracts
    .filter((c) => inRange(c.end_date, range) && c.contract_status !== 'Cancelled')
    .map((c) => ({
      tenantCompanyId: Number(c.tenant_company_id),
      companyName: name.get(Number(c.tenant_company_id)) ?? '',
      tenantCompanyContractId: Number(c.tenant_company_contract_id),
      label: contractLabel(c),
      contractStatus: c.contract_status,
      end_date: c.end_date,
      notice_date: c.notice_date,
      monthlyValue: Math.round(contractMonthlyValue(c) * 100) / 100,
    }))
    .sort(
      (a, b) =>
        String(a.end_date).localeCompare(String(b.end_date)) || a.tenantCompanyContractId - b.tenantCompanyContractId,
    );
  const notices = contracts.filter((c) => inRange(c.notice_date, range) && c.contract_status !== 'Cancelled').length;
  const goals = (await goalsOfCompanies(db, ids)).filter((g) => inRange(g.due_date, range));
  const goalsDue = [...new Map(goals.map((g) => [g.tenantCompanyGoalId, g])).values()].map((g) => ({
    tenantCompanyGoalId: g.tenantCompanyGoalId,
    tenantCompanyId: g.tenantCompanyId,
    companyName: name.get(g.tenantCompanyId) ?? '',
    title: g.title,
    status: g.status,
    due_date: g.due_date,
  }));
  const months = monthsInRange(range);
  const history = await scoreHistoryRows(db, ids, months[0], months[months.length - 1]);
  const changes = healthChanges(history, range).map((c) => ({ ...c, companyName: name.get(c.tenantCompanyId) ?? '' }));
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    summary: {
      companyCount: ids.length,
      renewalsCount: renewals.length,
      renewalsMonthlyValue: Math.round(renewals.reduce((a, r) => a + r.monthlyValue, 0) * 100) / 100,
      noticeCount: notices,
      goalsDueCount: goalsDue.length,
      goalsCompletedCount: goalsDue.filter((g) => g.status === 'completed').length,
      healthImproved: changes.filter((c) => c.delta.direction === 'up').length,
      healthDeclined: changes.filter((c) => c.delta.direction === 'down').length,
    },
    renewals,
    goalsDue,
    scoreTrend: scoreTrend(history, range),
    healthChanges: changes,
  };
}
