/** Pages and navigation items of part "data" (children of the support area, internal only). */
import type { NavItemDef, PageDef } from '../../../../kernel/index';
import { DATA_RESYNC_PAGE, DELETE_TENANT_DATA_PAGE, JOB_QUEUE_STATS_PAGE } from './paths';

const SUPPORT_AREA = '/lcisupport';

export const DATA_PAGES: PageDef[] = [
  { url: DATA_RESYNC_PAGE, title: 'Data Resync', internalOnly: true, module: 'Any' },
  { url: DELETE_TENANT_DATA_PAGE, title: 'Delete Tenant Data', internalOnly: true, module: 'Any' },
  { url: JOB_QUEUE_STATS_PAGE, title: 'Job Queue Stats', internalOnly: true, module: 'Any' },
];

export const DATA_NAV: NavItemDef[] = [
  { url: DATA_RESYNC_PAGE, title: 'Data Resync', level: 2, parentUrl: SUPPORT_AREA, icon: 'refresh', internalOnly: true, sort: 30 },
  { url: DELETE_TENANT_DATA_PAGE, title: 'Delete Tenant Data', level: 2, parentUrl: SUPPORT_AREA, icon: 'trash', internalOnly: true, sort: 50 },
  { url: JOB_QUEUE_STATS_PAGE, title: 'Job Queue Stats', level: 2, parentUrl: SUPPORT_AREA, icon: 'list-columns', internalOnly: true, sort: 100 },
];
