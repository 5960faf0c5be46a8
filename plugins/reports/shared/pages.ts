/**
 * The report pages, declared once (common/pages.ts): the builder (with its flyout of components), its presentation
 * mode and the report locker. The urls are the permission keys of the report routes too. The presentation page
 * (/reportbuilderpresent?propTemplateId=&vers=) is no page of its own in the access catalogue: the access rule
 * (platform.md 4.3, "the path with a v2 or present suffix") checks it against the builder's entry, so the workspace
 * adds its route with the builder's permission key.
 */
import { declarePages, type PageModuleName } from '../../../common/pages';

export const REPORT_BUILDER_PAGE = '/reportbuilder';
export const REPORT_PRESENT_PAGE = '/reportbuilderpresent';
export const REPORT_LOCKER_PAGE = '/reportlocker';

const MODULES: PageModuleName[] = ['Core', 'Customer Success', 'AIR', 'Assessment'];
/**
 * The modules of the report area (the plugin's `module`: every route, realtime function and page): any product
 * module. Business reviews are built from the components of every module (each component checks its own:
 * server/components/catalogue.ts), and the Customer Success area uses the builder and the locker (customer-success.md
 * 2: reportbuilder, reportbuilderpresent, reportlocker), so Core alone would shut a Customer Success tenant out.
 */
export const REPORT_MODULES: PageModuleName[] = MODULES;

export const REPORT_PAGES = declarePages({
  pages: [
    {
      url: REPORT_BUILDER_PAGE,
      title: 'Report Builder',
      icon: 'document',
      nav: { level: 2, parent: '/reports', modules: MODULES, sort: 10 },
    },
    {
      url: REPORT_LOCKER_PAGE,
      title: 'Report Locker',
      icon: 'archive',
      nav: { level: 2, parent: '/reports', modules: MODULES, sort: 20 },
    },
  ],
  navGroups: [{ url: '/reports', title: 'Reports', icon: 'document', level: 1, modules: MODULES, sort: 400 }],
});
