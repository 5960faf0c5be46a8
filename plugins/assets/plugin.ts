/**
 * Assets and Asset Insights (issue 17; this is its foundation): the hardware of a tenant's client companies with
 * warranty and end-of-life lifecycle from the asset type's settings (companies' asset types and statuses). Depends on
 * companies: its tables reference companies' and its lifecycle reads the asset types.
 */
import { navItemDefs, pageDefs } from '../../common/pages';
import { definePlugin } from '../../kernel/index';
import { routes } from './server/routes';
import { ASSETS_PAGES } from './shared/pages';

export default definePlugin({
  id: 'assets',
  description:
    "Assets of a tenant's companies (type, status, serial, make, model, dates, cost, source) with their warranty and end-of-life lifecycle; the assets and assetList routes.",
  dependsOn: ['companies'],
  pages: pageDefs(ASSETS_PAGES), // shared/pages.ts
  navItems: navItemDefs(ASSETS_PAGES),
  routes,
});
