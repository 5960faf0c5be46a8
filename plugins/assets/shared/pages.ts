/**
 * The assets pages, declared once (common/pages.ts): plugin.ts derives its pages and nav items from them, the
 * workspace its routes and nav icons. The urls are the permission keys of the asset routes too.
 */
import { declarePages, type PageModuleName } from '../../../common/pages';

/**
 * The "asset list" of the home area (platform.md 2.4), named as the spec's "user list" is (/userList). Not /assets:
 * the workspace serves its built files under /assets/.
 */
export const ASSET_LIST_PAGE = '/assetList';
/** The AIR dashboard (Asset Insights): lifecycle counts, warranty expiries, age per type, replacement cost. */
export const AIR_DASHBOARD_PAGE = '/airdashboard';
/** The data quality page of the home area (customer-success.md 2 "mspdataquality"). */
export const DATA_QUALITY_PAGE = '/mspdataquality';
/**
 * /assetpsaview?assetId (platform.md 2.2, a signed-in platform route): no page of its own in the access catalogue;
 * the workspace route is checked against the asset list's entry (its data is the asset list's).
 */
export const ASSET_PSA_VIEW = '/assetpsaview';

/**
 * The modules of the asset area (the plugin's `module`: its routes, realtime functions and pages unless they say
 * otherwise): AIR or Core, either one (platform.md 1: Core and AIR access derive from active subscriptions). Listed
 * AIR first: the refusal reads 'This page requires the AIR or Core module'.
 */
export const ASSET_MODULES: PageModuleName[] = ['AIR', 'Core'];
/**
 * Data quality (the page and its routes): any product module. It is a Data Manager page of every module view, and
 * the Customer Success area links to it (customer-success.md 2 lists mspdataquality; the CS dashboard's data quality
 * chart).
 */
export const DATA_QUALITY_MODULES: PageModuleName[] = ['Core', 'Customer Success', 'AIR', 'Assessment'];
const ALL_MODULES = DATA_QUALITY_MODULES;

export const ASSETS_PAGES = declarePages({
  pages: [
    {
      url: AIR_DASHBOARD_PAGE,
      title: 'Asset Insights',
      icon: 'dashboard',
      nav: { level: 1, modules: ASSET_MODULES, sort: 35 },
    },
    {
      url: ASSET_LIST_PAGE,
      title: 'Asset List',
      icon: 'desktop',
      nav: { title: 'Assets', level: 1, modules: ASSET_MODULES, sort: 40 },
    },
    {
      url: DATA_QUALITY_PAGE,
      title: 'Data Quality',
      icon: 'endorsed',
      module: DATA_QUALITY_MODULES,
      nav: { level: 2, parent: '/datamanager', modules: ALL_MODULES, sort: 85 },
    },
  ],
});
