/** Pages and navigation items of the areas, the summary, maintenance mode, impersonation and the audit log (internal only). */
import type { NavItemDef, PageDef } from '../../../../kernel/index';
import { ADMIN_AREA, ADMIN_PAGE, ADMIN_SUMMARY_PAGE, AUDIT_PAGE, MAINTENANCE_PAGE, SUPPORT_AREA, SUPPORT_PAGE } from './paths';

export const CORE_PAGES: PageDef[] = [
  { url: ADMIN_AREA, title: 'LCI Admin', internalOnly: true, module: 'Any' },
  { url: ADMIN_SUMMARY_PAGE, title: 'Admin Summary', internalOnly: true, module: 'Any' },
  { url: ADMIN_PAGE, title: 'Admin', internalOnly: true, module: 'Any' },
  { url: AUDIT_PAGE, title: 'Audit Log', internalOnly: true, module: 'Any' },
  { url: SUPPORT_AREA, title: 'LCI Support', internalOnly: true, module: 'Any' },
  { url: SUPPORT_PAGE, title: 'LCI Support', internalOnly: true, module: 'Any' },
  { url: MAINTENANCE_PAGE, title: 'Maintenance Mode', internalOnly: true, module: 'Any' },
];

/** The kernel's catalogue already has the area entries /lciadmin, /lciadmin/adminsummary and /lcisupport (kernel/access/catalog.ts). */
export const CORE_NAV: NavItemDef[] = [
  { url: ADMIN_PAGE, title: 'Admin', level: 2, parentUrl: ADMIN_AREA, icon: 'person', internalOnly: true, sort: 2 },
  { url: AUDIT_PAGE, title: 'Audit Log', level: 2, parentUrl: ADMIN_AREA, icon: 'history', internalOnly: true, sort: 3 },
  { url: MAINTENANCE_PAGE, title: 'Maintenance Mode', level: 2, parentUrl: SUPPORT_AREA, icon: 'build', internalOnly: true, sort: 90 },
];
