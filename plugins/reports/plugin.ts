/**
 * Reports (issue 16): the report builder (templates with versions, components with per-company content), its
 * presentation mode, Word and CSV exports kept in the report locker, and scheduled delivery to client contacts.
 * Depends on companies (reports are per company), contacts (recipients) and settings (logo, formats). Other plugins
 * add component types through `reports.components` (public.ts).
 */
import { navItemDefs, pageDefs } from '../../common/pages';
import { definePlugin } from '../../kernel/index';
import { reportComponentsPoint } from './public';
import { REPORT_PAGES } from './shared/pages';

export default definePlugin({
  id: 'reports',
  description:
    'Report builder (templates, versions, components, per-company content), presentation, Word/CSV exports, report locker and scheduled delivery.',
  dependsOn: ['companies', 'contacts', 'settings'],
  pages: pageDefs(REPORT_PAGES),
  navItems: navItemDefs(REPORT_PAGES),
  points: [reportComponentsPoint],
});
