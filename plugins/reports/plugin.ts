/**
 * Reports (issue 16): the report builder (templates with versions, components with per-company content), its
 * presentation mode, Word and CSV exports kept in the report locker, and scheduled delivery to client contacts.
 * Depends on companies (reports are per company), contacts (recipients) and settings (logo, formats). Other plugins
 * add component types through `reports.components` (public.ts).
 */
import { navItemDefs, pageDefs } from '../../common/pages';
import { definePlugin } from '../../kernel/index';
import { reportComponentsPoint } from './public';
import { REPORT_MODULES, REPORT_PAGES } from './shared/pages';
import { builderFixtures } from './server/fixtures';
import { builderRoutes } from './server/routes';
import { reportsCli } from './cli/commands';
import { scheduleJobs } from './server/schedules/jobs';
import { scheduleRoutes } from './server/schedules/routes';
import { lockerJobs, lockerRealtime, lockerRoutes } from './server/locker/index';
import { exportJobs } from './server/exports/jobs';
import { exportRoutes } from './server/exports/routes';

export default definePlugin({
  id: 'reports',
  description:
    'Report builder (templates, versions, components, per-company content), presentation, Word/CSV exports, report locker and scheduled delivery.',
  dependsOn: ['companies', 'contacts', 'settings'],
  // Any product module: Core, Customer Success, AIR or Assessment; each component checks its own (README "Modules").
  module: REPORT_MODULES,
  pages: pageDefs(REPORT_PAGES),
  navItems: navItemDefs(REPORT_PAGES),
  points: [reportComponentsPoint],
  jobs: { ...scheduleJobs, ...exportJobs, ...lockerJobs },
  cli: (program, ctx) => reportsCli(program, ctx),
  routes(r, k) {
    scheduleRoutes(r, k);
    lockerRoutes(r, k);
    exportRoutes(r, k);
    // Last: the builder's reportBuilder/:reportTemplateId would catch other reportBuilder/<word> paths.
    builderRoutes(r, k);
  },
  fixtures: builderFixtures,
  realtime: ({ k }) => lockerRealtime(k),
});
