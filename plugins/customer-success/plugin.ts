/**
 * Customer Success (customer-success.md sections 2-9): the CS object API, filters, account managers and groups,
 * cut scores, goals, health and effort metrics, segments, dashboard, insights and company detail.
 */
import { contribute, definePlugin, resyncStepsPoint } from '../../kernel/index';
import { csvImportsPoint } from '../companies/public';
import { CS_FILTER_RESOLVERS } from './server/filters/resolvers';
import { registerCutRoutes } from './server/cuts/routes';
import { linkedGoalsContribution } from './server/goals/linked-goals';
import { coreFixtures } from './server/fixtures';
import { registerCsObjectRoutes } from './server/object-api/routes';
import { CS_OBJECTS } from './server/objects';
import { AREA_NAV_ITEMS, AREA_PAGES, AREA_REALTIME } from './server/segments/area';
import { metricsCli } from './server/metrics/cli';
import { metricsFixtures } from './server/metrics/fixtures';
import { csatImport, ticketsImport } from './server/metrics/imports';
import { alignmentImport } from './server/alignment/import';
import { stackCli } from './server/stack/cli';
import { metricJobs, RecalcTimer } from './server/metrics/jobs';
import { SCORE_METRICS_ADMIN_PAGE } from './server/metrics/pages';
import { ACCOUNT_PERMISSIONS_PAGE, ACCOUNT_SETTINGS_PAGE, CS_ADMIN_PAGE, CS_APP_SETTINGS_PAGE, GOALS_REPORTING_PAGE, STACK_ALIGNMENT_OVERVIEW_PAGE, STACK_MANAGER_PAGE } from './server/pages';
import { registerStackRoutes } from './server/stack/routes';
import { stackFixtures } from './server/stack/fixtures';
import { alignmentFixtures } from './server/alignment/fixtures';
import { CS_RESYNC_STEPS } from './server/resync-steps';

export default definePlugin({
  id: 'customer-success',
  dependsOn: ['companies'],
  module: 'Customer Success',
  description: 'Customer Success: scores every client for health and effort, cut scores, segments, goals, dashboard and insights.',
  pages: [
    { url: CS_ADMIN_PAGE, title: 'Customer Success Admin', requiresAdmin: true },
    { url: ACCOUNT_PERMISSIONS_PAGE, title: 'Account Permissions', requiresAdmin: true },
    { url: ACCOUNT_SETTINGS_PAGE, title: 'Account Settings', requiresAdmin: true },
    { url: GOALS_REPORTING_PAGE, title: 'Cross Company Goals' },
    { url: SCORE_METRICS_ADMIN_PAGE, title: 'Health/Effort Admin', requiresAdmin: true },
    ...AREA_PAGES, // segments, dashboard, insights, company detail
    { url: STACK_MANAGER_PAGE, title: 'Stack Manager', requiresAdmin: true },
    { url: STACK_ALIGNMENT_OVERVIEW_PAGE, title: 'Stack Alignment Overview' },
    { url: CS_APP_SETTINGS_PAGE, title: 'Customer Success App Settings', requiresAdmin: true },
  ],
  navItems: [
    { url: GOALS_REPORTING_PAGE, title: 'Cross Company Goals', level: 1, icon: 'flag', modules: ['Customer Success'], sort: 30 },
    { url: CS_ADMIN_PAGE, title: 'Customer Success Admin', level: 1, icon: 'cog', modules: ['Customer Success'], sort: 90, requiresAdmin: true },
    ...AREA_NAV_ITEMS,
    { url: STACK_ALIGNMENT_OVERVIEW_PAGE, title: 'Stack Alignment Overview', level: 1, icon: 'grid', modules: ['Customer Success'], sort: 27 },
  ],
  realtime: { ...AREA_REALTIME },
  routes(r) {
    registerCutRoutes(r);
    registerStackRoutes(r); // tags API v3/tenantadmin/:tenantId/tenanttag/
    // Object API last among the /v3/cs routes: its catch-alls answer unknown object types.
    registerCsObjectRoutes(r, CS_OBJECTS, CS_FILTER_RESOLVERS);
  },
  jobs: { ...metricJobs },
  extend: [
    linkedGoalsContribution, // contracts' linked_goals come from goals
    contribute(csvImportsPoint, ticketsImport),
    contribute(csvImportsPoint, csatImport),
    contribute(csvImportsPoint, alignmentImport),
    ...CS_RESYNC_STEPS.map((s) => contribute(resyncStepsPoint, s)), // support data resync (lci-admin)
  ],
  cli(program, { kernel }) {
    metricsCli(program, kernel);
    stackCli(program, kernel); // lci stack export|import
  },
  async fixtures(ctx) {
    await coreFixtures(ctx); // account managers, groups, goals
    await metricsFixtures(ctx); // health and effort metrics, tickets, CSAT, score history
    await stackFixtures(ctx); // the ideal stack: categories, tags, services, products
    await alignmentFixtures(ctx); // company tags and alignment of the demo companies
  },
  setup: (k) => ({ recalc: new RecalcTimer(k), stop() { this.recalc.stop(); } }),
  async start(_k, self) { self.recalc.start(); },
});
