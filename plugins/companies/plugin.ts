import { activeCompaniesPoint, contribute, dashboardChartsPoint, definePlugin } from '../../kernel/index';
import { navItemDefs, pageDefs } from '../../common/pages';
import { csvImportsPoint } from './import/csv-import';
import { companiesImport, contractsImport } from './import/kinds';
import { linkedGoalsPoint } from './server/linked-goals';
import { linkedRecordsPoint } from './server/linked-records';
import { companiesTarget, customFieldTargetsPoint } from './server/custom-field-targets';
import { importCli } from './cli/import-command';
import { COMPANIES_DASHBOARD_CHARTS } from './server/dashboard-charts';
import { companiesFixtures } from './server/fixtures';
import { COMPANIES_PAGES } from './shared/pages';
import { routes } from './server/routes';
import { listCompanies } from './server/store';

export default definePlugin({
  id: 'companies',
  // No module: an area every tenant has (README "Modules"); 'Any' says so, a route that needs one declares it.
  module: 'Any',
  description:
    'Client companies of a tenant with their locations, contracts, saved links, filters, asset types and statuses; CSV imports; active-company provider for guard and plan limits.',
  pages: pageDefs(COMPANIES_PAGES), // shared/pages.ts
  navItems: navItemDefs(COMPANIES_PAGES),
  routes,
  cli: importCli,
  points: [csvImportsPoint, linkedGoalsPoint, linkedRecordsPoint, customFieldTargetsPoint],
  extend: [
    contribute(activeCompaniesPoint, async (trx, _tenantId, kind) => {
      const rows = await listCompanies(trx, { activeOnly: true, kind });
      return rows.map((r) => ({ tenant_company_id: r.tenant_company_id, name: r.moniker }));
    }),
    contribute(csvImportsPoint, companiesImport),
    contribute(csvImportsPoint, contractsImport),
    contribute(customFieldTargetsPoint, companiesTarget),
    // /dashboard panels' data: contracts reaching their notice date, companies without data.
    ...COMPANIES_DASHBOARD_CHARTS.map((c) => contribute(dashboardChartsPoint, c)),
  ],
  fixtures: companiesFixtures,
});
