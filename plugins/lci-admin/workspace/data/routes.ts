/** Workspace routes of part "data" (components lazily imported; internalOnly). */
import type { WorkspaceRouteDef } from '../../../../workspace/sdk';

export const DATA_RESYNC_PAGE = '/lcisupport/dataresync';
export const DELETE_TENANT_DATA_PAGE = '/lcisupport/deleteTenantData';
export const JOB_QUEUE_STATS_PAGE = '/lcisupport/jobQueueStats';

export const DATA_ROUTES: WorkspaceRouteDef[] = [
  { path: DATA_RESYNC_PAGE, title: 'Data Resync', internalOnly: true, page: false, component: () => import('./DataResyncPage') },
  { path: DELETE_TENANT_DATA_PAGE, title: 'Delete Tenant Data', internalOnly: true, page: false, component: () => import('./DeleteTenantDataPage') },
  { path: JOB_QUEUE_STATS_PAGE, title: 'Job Queue Stats', internalOnly: true, page: false, component: () => import('./JobQueueStatsPage') },
];

export const DATA_ICONS: Record<string, string> = {
  [DATA_RESYNC_PAGE]: 'refresh',
  [DELETE_TENANT_DATA_PAGE]: 'trash',
  [JOB_QUEUE_STATS_PAGE]: 'list-columns',
};
