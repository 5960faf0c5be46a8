/**
 * The companies plugin's /dashboard charts (kernel point `kernel.dashboardCharts`; shapes in shared/dashboard.ts):
 * contracts reaching their notice date (notice within NOTICE_WINDOW_DAYS, or passed while the contract still runs;
 * Expired and Cancelled contracts and inactive companies left out) and active companies without data (no location,
 * contract or saved link yet).
 */
import type { DashboardChart, Trx } from '../../../kernel/index';
import {
  COMPANIES_WITHOUT_DATA_CHART,
  companiesWithoutDataChart,
  CONTRACT_NOTICES_CHART,
  contractNoticesChart,
  NOTICE_WINDOW_DAYS,
  PANEL_ROWS,
  type CompaniesWithoutDataChart,
  type ContractNoticesChart,
} from '../shared/dashboard';
import { COMPANIES_PAGE, CONTRACT_MANAGER_PAGE } from '../shared/pages';

async function contractNotices(db: Trx): Promise<ContractNoticesChart> {
  const base = db('tenant_company_contracts as k')
    .join('tenant_companies as c', 'c.tenant_company_id', 'k.tenant_company_id')
    .where('c.is_active', true)
    .whereNotNull('k.notice_date')
    .whereRaw('k.notice_date <= current_date + ?::int', [NOTICE_WINDOW_DAYS])
    .where((q) => q.whereNull('k.end_date').orWhereRaw('k.end_date >= current_date'))
    .where((q) => q.whereNull('k.contract_status').orWhereNotIn('k.contract_status', ['Expired', 'Cancelled']));
  const [{ n }] = await base.clone().count<{ n: string }[]>({ n: '*' });
  const rows = await base
    .clone()
    .orderBy([{ column: 'k.notice_date' }, { column: 'k.tenant_company_contract_id' }])
    .limit(PANEL_ROWS)
    .select(
      'k.tenant_company_contract_id',
      'k.tenant_company_id',
      'c.moniker as company',
      'k.vendor',
      'k.account',
      db.raw(`to_char(k.notice_date, 'YYYY-MM-DD') as notice_date`),
      db.raw(`to_char(k.end_date, 'YYYY-MM-DD') as end_date`),
      db.raw('(k.notice_date - current_date)::int as days_to_notice'),
    );
  return {
    window_days: NOTICE_WINDOW_DAYS,
    total: Number(n),
    contracts: rows.map((r: any) => ({
      tenant_company_contract_id: Number(r.tenant_company_contract_id),
      tenant_company_id: Number(r.tenant_company_id),
      company: r.company,
      vendor: r.vendor,
      account: r.account ?? null,
      notice_date: r.notice_date,
      end_date: r.end_date ?? null,
      days_to_notice: Number(r.days_to_notice),
    })),
  };
}

async function companiesWithoutData(db: Trx): Promise<CompaniesWithoutDataChart> {
  const active = db('tenant_companies as c').where('c.is_active', true);
  const without = active
    .clone()
    .whereNotExists((q) =>
      q.select(1).from('tenant_company_locations as l').whereRaw('l.tenant_company_id = c.tenant_company_id'),
    )
    .whereNotExists((q) =>
      q.select(1).from('tenant_company_contracts as k').whereRaw('k.tenant_company_id = c.tenant_company_id'),
    )
    .whereNotExists((q) =>
      q.select(1).from('tenant_company_links as s').whereRaw('s.tenant_company_id = c.tenant_company_id'),
    );
  const [{ n: total }] = await without.clone().count<{ n: string }[]>({ n: '*' });
  const [{ n: all }] = await active.clone().count<{ n: string }[]>({ n: '*' });
  const rows = await without.clone().orderBy('c.moniker').limit(PANEL_ROWS).select('c.tenant_company_id', 'c.moniker');
  return {
    total: Number(total),
    active: Number(all),
    companies: rows.map((r: any) => ({ tenant_company_id: Number(r.tenant_company_id), moniker: r.moniker })),
  };
}

export const COMPANIES_DASHBOARD_CHARTS: DashboardChart[] = [
  {
    id: CONTRACT_NOTICES_CHART,
    page: CONTRACT_MANAGER_PAGE,
    schema: contractNoticesChart,
    load: (db) => contractNotices(db),
  },
  {
    id: COMPANIES_WITHOUT_DATA_CHART,
    page: COMPANIES_PAGE,
    schema: companiesWithoutDataChart,
    load: (db) => companiesWithoutData(db),
  },
];
