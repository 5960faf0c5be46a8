/**
 * Assets and Asset Insights (issue 17): the hardware of a tenant's client companies with warranty and end-of-life
 * lifecycle from the asset type's settings (companies' asset types and statuses), the AIR dashboard, warranty lookup,
 * data quality, the CSV import kind and the `lci assets` commands. Depends on companies: its tables reference
 * companies' and its lifecycle reads the asset types.
 */
import { navItemDefs, pageDefs } from '../../common/pages';
import { definePlugin } from '../../kernel/index';
import { routes } from './server/routes';
import { ASSETS_PAGES } from './shared/pages';

export default definePlugin({
  id: 'assets',
  description:
    "Assets of a tenant's companies (type, status, serial, make, model, dates, cost, source) with their warranty and end-of-life lifecycle; the assets and assetList routes, the AIR dashboard, warranty lookup, data quality, the assets import kind and `lci assets`.",
  dependsOn: ['companies'],
  pages: pageDefs(ASSETS_PAGES), // shared/pages.ts
  navItems: navItemDefs(ASSETS_PAGES),
  // Each part registers its routes here (one line each): the asset routes, then the others' own files.
  routes(r, k, self) {
    routes(r);
  },
  // `lci assets ...`: each part adds its subcommands to the one `assets` command here.
  cli(program, ctx) {
    const assets = program.command('assets').description("A tenant's assets: list, warranty refresh");
    void assets;
    void ctx;
  },
});
