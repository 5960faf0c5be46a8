/**
 * The companies plugin's pages, declared once (common/pages.ts): plugin.ts derives its pages and nav items from
 * them, the workspace its routes and nav icons. The urls are the permission keys its routes and the access lists use.
 */
import { declarePages, type PageModuleName } from '../../../common/pages';

const DATA_MANAGER = '/datamanager';
export const COMPANIES_PAGE = '/datamanagercompanies';
export const CONTRACT_MANAGER_PAGE = '/contractManager';
export const ASSET_TYPE_MANAGER_PAGE = '/assettypemanager';
export const IMPORT_PAGE = '/datamanager/import';
export const CUSTOM_FIELDS_PAGE = '/customfields';

const MODULES: PageModuleName[] = ['Core', 'Customer Success', 'AIR', 'Assessment'];

export const COMPANIES_PAGES = declarePages({
  navGroups: [{ url: DATA_MANAGER, title: 'Data Manager', level: 1, icon: 'database', modules: MODULES, sort: 50 }],
  pages: [
    {
      url: COMPANIES_PAGE,
      title: 'Companies',
      icon: 'office',
      nav: { level: 2, parent: DATA_MANAGER, modules: MODULES, sort: 50 },
    },
    {
      url: CONTRACT_MANAGER_PAGE,
      title: 'Contract Manager',
      icon: 'document',
      nav: { title: 'Contracts', level: 2, parent: DATA_MANAGER, modules: ['Core', 'Customer Success'], sort: 60 },
    },
    {
      url: ASSET_TYPE_MANAGER_PAGE,
      title: 'Asset Type Manager',
      icon: 'desktop',
      nav: { title: 'Asset Types', level: 2, parent: DATA_MANAGER, modules: ['Core', 'AIR'], sort: 70 },
    },
    {
      url: IMPORT_PAGE,
      title: 'Imports',
      icon: 'import',
      nav: { level: 2, parent: DATA_MANAGER, modules: MODULES, sort: 80 },
    },
    {
      url: CUSTOM_FIELDS_PAGE,
      title: 'Custom Fields',
      icon: 'properties',
      requiresAdmin: true,
      nav: { level: 2, parent: DATA_MANAGER, modules: MODULES, sort: 90 },
    },
  ],
});
