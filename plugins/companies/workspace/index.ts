import { defineWorkspacePlugin, noCompaniesStep } from '../../../workspace/sdk';

/**
 * Where companies are managed or imported, internal tools and the subscription page stay reachable without companies
 * (guard step 16): a new tenant without a subscription is sent to /subscription by step 13 (else the two steps loop).
 */
export const COMPANIES_PAGE = '/datamanagercompanies';
export const CONTRACT_MANAGER_PAGE = '/contractManager';
export const ASSET_TYPE_MANAGER_PAGE = '/assettypemanager';
export const IMPORT_PAGE = '/datamanager/import';

export default defineWorkspacePlugin({
  id: 'companies',
  routes: [
    { path: COMPANIES_PAGE, title: 'Companies', component: () => import('./CompaniesPage') },
    { path: CONTRACT_MANAGER_PAGE, title: 'Contract Manager', component: () => import('./contracts/ContractManagerPage') },
    { path: ASSET_TYPE_MANAGER_PAGE, title: 'Asset Type Manager', component: () => import('./asset-types/AssetTypeManagerPage') },
    { path: IMPORT_PAGE, title: 'Imports', component: () => import('./import/ImportPage') },
  ],
  guardSteps: [noCompaniesStep([COMPANIES_PAGE, IMPORT_PAGE, '/lciadmin', '/lcisupport', '/subscription'])],
  navIcons: { [COMPANIES_PAGE]: 'office', [CONTRACT_MANAGER_PAGE]: 'document', [ASSET_TYPE_MANAGER_PAGE]: 'desktop', [IMPORT_PAGE]: 'import', '/datamanager': 'database' },
});
