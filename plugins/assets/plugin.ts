/**
 * Assets and Asset Insights (issue 17): the hardware of a tenant's client companies with warranty and end-of-life
 * lifecycle from the asset type's settings (companies' asset types and statuses), the AIR dashboard, warranty lookup,
 * data quality, the CSV import kind and the `lci assets` commands. Depends on companies: its tables reference
 * companies' and its lifecycle reads the asset types; and on settings: "today" is the tenant's, in its time zone.
 */
import { navItemDefs, pageDefs } from '../../common/pages';
import { csvImportsPoint } from '../companies/public';
import { assetsListCli } from './cli/commands';
import { assetsImport } from './import/assets-import';
import { assetsFixtures } from './server/fixtures';
import { contribute, dashboardChartsPoint, definePlugin } from '../../kernel/index';
import { reportComponentsPoint } from '../reports/public';
import { chartRoutes } from './server/charts/routes';
import { assetsLifecycleComponent } from './server/charts/report-component';
import { ASSET_DASHBOARD_CHARTS } from './server/charts/service';
import { exportRoutes } from './server/export/routes';
import { routes } from './server/routes';
import { dataQualityRoutes } from './server/quality/routes';
import { columnRoutes } from './server/columns/routes';
import { warrantyJobs } from './server/warranty/job';
import { warrantyRoutes } from './server/warranty/routes';
import { warrantyCli } from './cli/warranty';
import { ASSET_MODULES, ASSETS_PAGES } from './shared/pages';

export default definePlugin({
  id: 'assets',
  description:
    "Assets of a tenant's companies (type, status, serial, make, model, dates, cost, source) with their warranty and end-of-life lifecycle; the assets and assetList routes, the AIR dashboard, warranty lookup, data quality, the assets import kind and `lci assets`.",
  dependsOn: ['companies', 'settings'],
  // The report builder's assets_lifecycle component (registered only while reports is on).
  optionalDependsOn: ['reports'],
  // AIR or Core on every route and page; data quality (its page and routes) any product module. README "Modules".
  module: ASSET_MODULES,
  pages: pageDefs(ASSETS_PAGES), // shared/pages.ts
  navItems: navItemDefs(ASSETS_PAGES),
  fixtures: assetsFixtures, // demo assets of the demo companies
  extend: [
    // The AIR charts in GET dashboardCharts (page /airdashboard) and the report component (part B).
    ...ASSET_DASHBOARD_CHARTS.map((c) => contribute(dashboardChartsPoint, c)),
    contribute(reportComponentsPoint, assetsLifecycleComponent),
    contribute(csvImportsPoint, assetsImport), // `lci import assets`, the import page's Assets kind (part E)
  ],
  jobs: { ...warrantyJobs }, // assets.warrantyLookup (part C), assets.warrantyNightly (cron 02:30 UTC)
  // Each part registers its routes here (one line each): the asset routes, then the others' own files.
  routes(r, k, self) {
    routes(r);
    chartRoutes(r);
    dataQualityRoutes(r);
    exportRoutes(r);
    columnRoutes(r);
    warrantyRoutes(r, k); // part C: warrantyLookupSettings, warrantyLookup/*
  },
  // `lci assets ...`: each part adds its subcommands to the one `assets` command here.
  cli(program, ctx) {
    const assets = program.command('assets').description("A tenant's assets: list, warranty refresh");
    assetsListCli(assets, ctx);
    warrantyCli(assets, ctx); // lci assets warranty-refresh (part C)
    void assets;
    void ctx;
  },
});
