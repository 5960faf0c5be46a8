/**
 * Assessments (issue 18): templates (sections, categories, questions, weights, guidance, framework tags; versioned;
 * JSON import and export), assessment events of a tenant's companies (answers, notes, findings, evidence files,
 * draft -> in review -> completed), scores per category, section and overall (shared/scoring.ts), and the
 * `assessments.eventCompleted` point customer-success records its assessment-template health input through.
 * Depends on companies: its events reference companies'.
 */
import { navItemDefs, pageDefs } from '../../common/pages';
import { contribute, dashboardChartsPoint, definePlugin } from '../../kernel/index';
import { ASSESSMENTS_POINTS } from './public';
import { ASSESSMENTS_PAGES } from './shared/pages';
import { templateRoutes } from './server/templates/routes';
import { eventRoutes } from './server/events/routes';
import { assessmentsCli } from './cli/commands';
import { comparisonRoutes } from './server/comparison/routes';
import { findingRoutes } from './server/findings/routes';
import { assessmentUserRoutes } from './server/users/routes';
import { ASSESSMENT_REPORT_COMPONENTS } from './server/reports/components';
import { assessmentFixtures } from './server/fixtures';
import { reportComponentsPoint } from '../reports/public';
import { ASSESSMENTS_HOME } from './server/home/chart';

export default definePlugin({
  id: 'assessments',
  description:
    "Assessments of a tenant's companies: versioned templates (sections, categories, weighted questions, framework tags, JSON import/export), events with answers, findings and evidence, review and completion, weighted scores; `lci assessments`.",
  dependsOn: ['companies', 'settings'],
  // Every route and page needs the Assessment module (README "Modules").
  module: 'Assessment',
  // The report builder's lci_assessment* components (registered only while reports is on; engineer I).
  optionalDependsOn: ['reports'],
  pages: pageDefs(ASSESSMENTS_PAGES), // shared/pages.ts
  navItems: navItemDefs(ASSESSMENTS_PAGES),
  points: ASSESSMENTS_POINTS, // public.ts: assessments.eventCompleted
  // Report builder components lci_assessment_summary, _item_detail, lci_assessment, _comparison (engineer I).
  // and the /dashboard panel's data (assessments due, recent scores).
  extend: [
    ...ASSESSMENT_REPORT_COMPONENTS.map((c) => contribute(reportComponentsPoint, c)),
    contribute(dashboardChartsPoint, ASSESSMENTS_HOME),
  ],
  // Demo templates and events of the demo companies (engineer I).
  fixtures: (ctx) => assessmentFixtures(ctx),
  // Each part registers its routes here (one line each).
  routes(r, k) {
    templateRoutes(r);
    eventRoutes(r, k);
    comparisonRoutes(r); // comparison and trend (engineer I)
    findingRoutes(r, k); // findings and their follow-up (engineer I)
    assessmentUserRoutes(r); // the assessor and reviewer pickers' users (engineer J)
  },
  // `lci assessments ...`: parts add their subcommands to the one `assessments` command here.
  cli(program, ctx) {
    const assessments = program.command('assessments').description("A tenant's assessments: templates, events");
    assessmentsCli(assessments, ctx);
  },
});
