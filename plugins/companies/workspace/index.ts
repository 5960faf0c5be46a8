import { defineWorkspacePlugin, noCompaniesStep, pageNavIcons, pageRoutes, provide } from '../../../workspace/sdk';
import {
  ASSET_TYPE_MANAGER_PAGE,
  COMPANIES_PAGE,
  COMPANIES_PAGES,
  CONTRACT_MANAGER_PAGE,
  CUSTOM_FIELDS_PAGE,
  IMPORT_PAGE,
} from '../shared/pages';
import { customFieldsUiPoint } from '../shared/workspace-points';
import { useRecordValues } from './custom-fields/use-record-values';

/**
 * Where companies are managed or imported, internal tools and the subscription page stay reachable without companies
 * (guard step 16): a new tenant without a subscription is sent to /subscription by step 13 (else the two steps loop).
 */

export default defineWorkspacePlugin({
  id: 'companies',
  // Paths, titles and permission keys: shared/pages.ts.
  routes: pageRoutes(COMPANIES_PAGES, {
    [COMPANIES_PAGE]: () => import('./CompaniesPage'),
    [CONTRACT_MANAGER_PAGE]: () => import('./contracts/ContractManagerPage'),
    [ASSET_TYPE_MANAGER_PAGE]: () => import('./asset-types/AssetTypeManagerPage'),
    [IMPORT_PAGE]: () => import('./import/ImportPage'),
    [CUSTOM_FIELDS_PAGE]: () => import('./custom-fields/CustomFieldsPage'),
  }),
  guardSteps: [noCompaniesStep([COMPANIES_PAGE, IMPORT_PAGE, '/lciadmin', '/lcisupport', '/subscription'])],
  navIcons: pageNavIcons(COMPANIES_PAGES),
  slots: {
    // /noCompanies (guard step 16) offers these to users with Read/Write on the page they open.
    pageHeaderActions: [
      {
        id: 'addCompany',
        title: 'Add company',
        on: '/noCompanies',
        page: COMPANIES_PAGE,
        icon: 'add',
        to: `${COMPANIES_PAGE}?add=1`,
        needsWrite: true,
        order: 10,
      },
      {
        id: 'importCompanies',
        title: 'Import companies',
        on: '/noCompanies',
        page: IMPORT_PAGE,
        icon: 'import',
        to: `${IMPORT_PAGE}?kind=companies`,
        needsWrite: true,
        order: 20,
      },
    ],
    // Data: GET /v3/tenant/:tenantId/dashboardCharts (server/dashboard-charts.ts).
    dashboardPanels: [
      {
        id: 'contractNotices',
        title: 'Contracts reaching their notice date',
        order: 40,
        page: CONTRACT_MANAGER_PAGE,
        linkText: 'Open Contract Manager',
        component: () => import('./dashboard/ContractNoticesPanel'),
      },
      {
        id: 'companiesWithoutData',
        title: 'Companies without data',
        order: 50,
        page: COMPANIES_PAGE,
        linkText: 'Open Companies',
        component: () => import('./dashboard/CompaniesWithoutDataPanel'),
      },
    ],
  },
  // The custom-field UI of the companies list, for the lists of other targets (contacts); components load lazily.
  provide: [
    provide(customFieldsUiPoint, {
      valuesDialog: () => import('./custom-fields/RecordValuesDialog'),
      filter: () => import('./custom-fields/CustomFieldFilter'),
      valueInput: () => import('./custom-fields/FieldValueInput'),
      useRecordValues,
    }),
  ],
});
