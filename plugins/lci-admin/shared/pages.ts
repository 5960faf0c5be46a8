/**
 * The internal admin and support pages, declared once per part (common/pages.ts): the parts' server pages and nav
 * items (server/core/pages.ts, server/data/pages.ts, server/pages/index.ts) and the workspace routes and icons
 * (workspace/<part>/routes.ts) are derived from here. Every page is internal only: its workspace route is checked by
 * internalOnly, not against the access list. The areas' own nav entries (/lciadmin, /lciadmin/adminsummary,
 * /lcisupport) are the kernel's (kernel/access/catalog.ts); their icons are given here.
 */
import { declarePages, type PageDeclaration } from '../../../common/pages';

export const ADMIN_AREA = '/lciadmin';
export const SUPPORT_AREA = '/lcisupport';
export const ADMIN_SUMMARY_PAGE = '/lciadmin/adminsummary';
export const ADMIN_PAGE = '/lciadmin/admin';
export const AUDIT_PAGE = '/lciadmin/audit';
export const SUPPORT_PAGE = '/lcisupport/lcisupport';
export const MAINTENANCE_PAGE = '/lcisupport/maintenancemode';

export const DATA_RESYNC_PAGE = '/lcisupport/dataresync';
export const DELETE_TENANT_DATA_PAGE = '/lcisupport/deleteTenantData';
export const JOB_QUEUE_STATS_PAGE = '/lcisupport/jobQueueStats';

type Internal = Omit<PageDeclaration, 'internalOnly' | 'module' | 'route'>;
/** Internal only, in every module, the route checked by internalOnly alone. */
const internal = (p: Internal): PageDeclaration => ({
  ...p,
  internalOnly: true,
  module: 'Any',
  route: { page: false },
});

/** Part "core": the areas, the summary, impersonation, the audit log and maintenance mode. */
export const CORE_PAGE_DECLS = declarePages({
  pages: [
    internal({ url: ADMIN_AREA, title: 'LCI Admin', icon: 'shield' }),
    internal({ url: ADMIN_SUMMARY_PAGE, title: 'Admin Summary', icon: 'dashboard' }),
    internal({ url: ADMIN_PAGE, title: 'Admin', icon: 'person', nav: { level: 2, parent: ADMIN_AREA, sort: 2 } }),
    internal({ url: AUDIT_PAGE, title: 'Audit Log', icon: 'history', nav: { level: 2, parent: ADMIN_AREA, sort: 3 } }),
    internal({ url: SUPPORT_AREA, title: 'LCI Support', icon: 'wrench' }),
    internal({ url: SUPPORT_PAGE, title: 'LCI Support' }),
    internal({
      url: MAINTENANCE_PAGE,
      title: 'Maintenance Mode',
      icon: 'build',
      nav: { level: 2, parent: SUPPORT_AREA, sort: 90 },
    }),
  ],
});

/** Part "data": data resync, delete tenant data, job queue stats. */
export const DATA_PAGE_DECLS = declarePages({
  pages: [
    internal({
      url: DATA_RESYNC_PAGE,
      title: 'Data Resync',
      icon: 'refresh',
      nav: { level: 2, parent: SUPPORT_AREA, sort: 30 },
    }),
    internal({
      url: DELETE_TENANT_DATA_PAGE,
      title: 'Delete Tenant Data',
      icon: 'trash',
      nav: { level: 2, parent: SUPPORT_AREA, sort: 50 },
    }),
    internal({
      url: JOB_QUEUE_STATS_PAGE,
      title: 'Job Queue Stats',
      icon: 'list-columns',
      nav: { level: 2, parent: SUPPORT_AREA, sort: 100 },
    }),
  ],
});

/** Part "pages": [url, title, icon] of the admin area, then of the support area (nav sorted from 20 in this order). */
const ADMIN: [string, string, string][] = [
  ['/lciadmin/etlreports', 'ETL Reports', 'th-list'],
  ['/lciadmin/etlMarketing', 'Marketing Export', 'export'],
  ['/lciadmin/lcinotificationadmin', 'Notifications', 'notifications'],
  ['/lciadmin/lcionboardingadmin', 'Onboarding Progress', 'endorsed'],
  ['/lciadmin/onboardingItems', 'Onboarding Items', 'properties'],
  ['/lciadmin/onboardingsurveyadmin', 'Onboarding Survey', 'form'],
  ['/lciadmin/module', 'Modules', 'cube'],
  ['/lciadmin/moduleview', 'Module Views', 'layers'],
  ['/lciadmin/menu', 'Menu', 'menu'],
  ['/lciadmin/websocketadmin', 'Websockets', 'exchange'],
  ['/lciadmin/edittenantaffiliateadmin', 'Tenant Affiliates', 'link'],
];
const SUPPORT: [string, string, string][] = [
  ['/lcisupport/currency', 'Currency', 'dollar'],
  ['/lcisupport/primaryIntegrationChange', 'Primary Integration', 'swap-horizontal'],
  ['/lcisupport/initialSyncInProgress', 'Initial Sync In Progress', 'refresh'],
  ['/lcisupport/importAssessmentTemplates', 'Import Assessment Templates', 'import'],
  ['/lcisupport/adminEtlManager', 'ETL Manager', 'time'],
];
const area = (parent: string, list: [string, string, string][]): PageDeclaration[] =>
  list.map(([url, title, icon], i) => internal({ url, title, icon, nav: { level: 2, parent, sort: 20 + i } }));

export const PAGES_PAGE_DECLS = declarePages({ pages: [...area(ADMIN_AREA, ADMIN), ...area(SUPPORT_AREA, SUPPORT)] });
