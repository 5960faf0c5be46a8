/**
 * The browser side of reports: /reportbuilder (templates, Designer and Review modes) and its Presentation Mode
 * /reportbuilderpresent (full screen, no shell; the access rule checks it against the builder's entry, so the route
 * names the builder's permission key). The report locker page is the default export of ./locker/LockerPage.tsx
 * (its own author's folder); until that file exists the page says the locker is not available yet. Its file exports
 * (the shell's fileExports slot): table CSVs kept in the locker, and chart images through fusionexport.
 */
import { defineWorkspacePlugin, pageNavIcons, pageRoutes } from '../../../workspace/sdk';
import {
  REPORT_BUILDER_PAGE,
  REPORT_LOCKER_PAGE,
  REPORT_MODULES,
  REPORT_PAGES,
  REPORT_PRESENT_PAGE,
} from '../shared/pages';

type Page = () => Promise<{ default: React.ComponentType }>;
const lockerPage = import.meta.glob<{ default: React.ComponentType }>('./locker/LockerPage.tsx')[
  './locker/LockerPage.tsx'
] as Page | undefined;

export default defineWorkspacePlugin({
  id: 'reports',
  module: REPORT_MODULES,
  routes: [
    ...pageRoutes(REPORT_PAGES, {
      [REPORT_BUILDER_PAGE]: () => import('./BuilderPage'),
      [REPORT_LOCKER_PAGE]: lockerPage ?? (() => import('./LockerPending')),
    }),
    {
      path: REPORT_PRESENT_PAGE,
      title: 'Presentation Mode',
      page: REPORT_BUILDER_PAGE,
      layout: 'bare',
      component: () => import('./PresentPage'),
    },
  ],
  navIcons: pageNavIcons(REPORT_PAGES),
  slots: {
    fileExports: [
      {
        id: 'reportLocker',
        title: 'Report locker',
        kind: 'csv',
        page: REPORT_LOCKER_PAGE,
        needsWrite: true,
        load: () => import('./exports/keep-csv'),
      },
      {
        id: 'chartImage',
        title: 'Chart image',
        kind: 'chart',
        page: REPORT_BUILDER_PAGE,
        needsWrite: true,
        load: () => import('./exports/chart-image'),
      },
    ],
  },
});
