import { activeCompaniesPoint, contribute, definePlugin } from '../../kernel/index';
import { csvImportsPoint } from './import/csv-import';
import { companiesImport, contractsImport } from './import/kinds';
import { linkedGoalsPoint } from './server/linked-goals';
import { importCli } from './cli/import-command';
import { companiesFixtures } from './server/fixtures';
import { ASSET_TYPE_MANAGER_PAGE, COMPANIES_PAGE, CONTRACT_MANAGER_PAGE, DATA_MANAGER, IMPORT_PAGE } from './server/pages';
import { routes } from './server/routes';
import { listCompanies } from './server/service';

const MODULES = ['Core', 'Customer Success', 'AIR', 'Assessment'] as const;

export default definePlugin({
  id: 'companies',
  description: 'Client companies of a tenant with their locations, contracts, saved links, filters, asset types and statuses; CSV imports; active-company provider for guard and plan limits.',
  pages: [
    { url: COMPANIES_PAGE, title: 'Companies', requiresAdmin: false },
    { url: CONTRACT_MANAGER_PAGE, title: 'Contract Manager' },
    { url: ASSET_TYPE_MANAGER_PAGE, title: 'Asset Type Manager' },
    { url: IMPORT_PAGE, title: 'Imports' },
  ],
  navItems: [
    { url: DATA_MANAGER, title: 'Data Manager', level: 1, icon: 'database', modules: [...MODULES], sort: 50 },
    { url: COMPANIES_PAGE, title: 'Companies', level: 2, parentUrl: DATA_MANAGER, icon: 'office', modules: [...MODULES], sort: 50 },
    { url: CONTRACT_MANAGER_PAGE, title: 'Contracts', level: 2, parentUrl: DATA_MANAGER, icon: 'document', modules: ['Core', 'Customer Success'], sort: 60 },
    { url: ASSET_TYPE_MANAGER_PAGE, title: 'Asset Types', level: 2, parentUrl: DATA_MANAGER, icon: 'desktop', modules: ['Core', 'AIR'], sort: 70 },
    { url: IMPORT_PAGE, title: 'Imports', level: 2, parentUrl: DATA_MANAGER, icon: 'import', modules: [...MODULES], sort: 80 },
  ],
  routes,
  cli: importCli,
  points: [csvImportsPoint, linkedGoalsPoint],
  extend: [
    contribute(activeCompaniesPoint, async (trx, _tenantId, kind) => {
      const rows = await listCompanies(trx, { activeOnly: true, kind });
      return rows.map((r) => ({ tenant_company_id: r.tenant_company_id, name: r.moniker }));
    }),
    contribute(csvImportsPoint, companiesImport),
    contribute(csvImportsPoint, contractsImport),
  ],
  fixtures: companiesFixtures,
});
