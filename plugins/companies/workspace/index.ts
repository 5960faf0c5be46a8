import { defineWorkspacePlugin, noCompaniesStep } from '../../../workspace/sdk';

/** Where companies are managed, and internal tools, stay reachable without companies (guard step 16). */
export const COMPANIES_PAGE = '/datamanagercompanies';

export default defineWorkspacePlugin({
  id: 'companies',
  routes: [{ path: COMPANIES_PAGE, title: 'Companies', component: () => import('./CompaniesPage') }],
  guardSteps: [noCompaniesStep([COMPANIES_PAGE, '/lciadmin', '/lcisupport'])],
  navIcons: { [COMPANIES_PAGE]: 'office' },
});
