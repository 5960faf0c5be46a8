/**
 * The browser side of assets: the asset list (/assetList, with its detail drawer), the AIR dashboard (/airdashboard),
 * the data quality page (/mspdataquality) and /assetpsaview?assetId (checked against the asset list's entry). Pages
 * are lazily loaded.
 */
import { defineWorkspacePlugin, pageNavIcons, pageRoutes } from '../../../workspace/sdk';
import { AIR_DASHBOARD_PAGE, ASSET_LIST_PAGE, ASSET_PSA_VIEW, ASSETS_PAGES, DATA_QUALITY_PAGE } from '../shared/pages';

export default defineWorkspacePlugin({
  id: 'assets',
  routes: [
    ...pageRoutes(ASSETS_PAGES, {
      [ASSET_LIST_PAGE]: () => import('./list/AssetListPage'),
      [AIR_DASHBOARD_PAGE]: () => import('./dashboard/AirDashboardPage'),
      [DATA_QUALITY_PAGE]: () => import('./quality/DataQualityPage'),
    }),
    {
      path: ASSET_PSA_VIEW,
      title: 'Asset PSA View',
      page: ASSET_LIST_PAGE,
      component: () => import('./psa/AssetPsaViewPage'),
    },
  ],
  navIcons: pageNavIcons(ASSETS_PAGES),
  slots: {
    // /dashboard panel "Asset lifecycle" (dashboardCharts assetLifecycle + assetDueSoon), for users who may open /airdashboard.
    dashboardPanels: [
      {
        id: 'assetLifecycle',
        title: 'Asset lifecycle',
        order: 45,
        page: AIR_DASHBOARD_PAGE,
        linkText: 'Open Asset Insights',
        component: () => import('./dashboard/AssetLifecyclePanel'),
      },
    ],
    // Part C: "Warranty lookup" on /accountsettings, for users with access to the asset list.
    settingsSections: [
      {
        id: 'warrantyLookup',
        title: 'Warranty lookup',
        order: 60,
        page: ASSET_LIST_PAGE,
        component: () => import('./warranty/WarrantySection'),
      },
    ],
  },
});
