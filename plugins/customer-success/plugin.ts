/**
 * Customer Success (customer-success.md sections 2-9): the CS object API, filters, account managers and groups,
 * cut scores, goals, health and effort metrics, segments, dashboard, insights and company detail. Other plugins add
 * object types, filter fields, dashboard charts and contract filters through its extension points (public.ts);
 * the stack area (catalogue, alignment, overview, contract exclusions) is the stack-manager plugin.
 */
import { contribute, dashboardChartsPoint, definePlugin, resyncStepsPoint } from '../../kernel/index';
import { navItemDefs, pageDefs } from '../../common/pages';
import { csvImportsPoint } from '../companies/public';
import { reportComponentsPoint } from '../reports/public';
import { csFilterResolversPoint, csObjectsPoint, CS_POINTS } from './server/points';
import { createCsServices, type CsServices } from './server/services';
import { CS_FILTER_RESOLVERS } from './server/filters/resolvers';
import { registerCutRoutes } from './server/cuts/routes';
import { CS_HOME_CHARTS } from './server/dashboard/home-charts';
import { linkedGoalsContribution } from './server/goals/linked-goals';
import { coreFixtures } from './server/fixtures';
import { registerCsObjectRoutes } from './server/object-api/routes';
import { CS_OBJECTS } from './server/objects';
import { areaRealtime } from './server/segments/area';
import { metricsCli } from './cli/metrics';
import { assessmentResultsSource } from './server/metrics/assessment-source';
import { metricsFixtures } from './server/metrics/fixtures';
import { csatImport, ticketsImport } from './server/metrics/imports';
import { metricJobs, RecalcTimer } from './server/metrics/jobs';
import { csResyncSteps } from './server/resync-steps';
import { CS_REPORT_COMPONENTS } from './server/reports/index';
import { CS_PAGES } from './shared/pages';

/** Per-kernel instance: the recalculation timer and the services CS code and object handlers use. */
interface CsInstance {
  recalc: RecalcTimer;
  cs: CsServices;
  stop(): void;
}

export default definePlugin<CsInstance>({
  id: 'customer-success',
  dependsOn: ['companies', 'settings'],
  // The report builder's health scores and goals components (registered only while reports is on); the company data
  // quality section of assets' data quality page (workspace/index.ts, shown only while assets is on).
  optionalDependsOn: ['reports', 'assets', 'assessments'],
  module: 'Customer Success',
  description:
    'Customer Success: scores every client for health and effort, cut scores, segments, goals, dashboard and insights.',
  pages: pageDefs(CS_PAGES), // shared/pages.ts
  navItems: navItemDefs(CS_PAGES),
  // Object types, filter fields, dashboard charts and contract filters other plugins add (public.ts).
  points: CS_POINTS,
  realtime: ({ self }) => areaRealtime(self.cs),
  routes(r, _k, self) {
    registerCutRoutes(r);
    // Object API last among the /v3/cs routes: its catch-alls answer unknown object types.
    registerCsObjectRoutes(r, self.cs);
  },
  jobs: { ...metricJobs },
  extend: [
    linkedGoalsContribution, // contracts' linked_goals come from goals
    contribute(csvImportsPoint, ticketsImport),
    contribute(csvImportsPoint, csatImport),
    ({ self }) => csResyncSteps(self.cs).map((s) => contribute(resyncStepsPoint, s)), // support data resync (lci-admin)
    // CS's own object types and filter fields, registered like any other plugin's.
    ...CS_OBJECTS.map((o) => contribute(csObjectsPoint, o)),
    ...CS_FILTER_RESOLVERS.map((f) => contribute(csFilterResolversPoint, f)),
    // /dashboard panels' data: health distribution, biggest health drops, goals due.
    ...CS_HOME_CHARTS.map((c) => contribute(dashboardChartsPoint, c)),
    // Report builder components cs_health_scores and cs_goals (skipped while the reports plugin is off).
    ...CS_REPORT_COMPONENTS.map((c) => contribute(reportComponentsPoint, c)),
    // Completed assessments record the assessment-template metric's input (skipped while assessments is off).
    assessmentResultsSource,
  ],
  cli(program, { kernel }) {
    metricsCli(program, kernel);
  },
  async fixtures(ctx) {
    await coreFixtures(ctx); // account managers, groups, goals
    await metricsFixtures(ctx); // health and effort metrics, tickets, CSAT, score history
  },
  setup: (k) => ({
    recalc: new RecalcTimer(k),
    cs: createCsServices(k),
    stop() {
      this.recalc.stop();
    },
  }),
  async start(_k, self) {
    self.recalc.start();
  },
});
