/** Workspace routes of part "data" (paths, titles and access: shared/pages.ts; components lazily imported). */
import { pageNavIcons, pageRoutes, type WorkspaceRouteDef } from '../../../../workspace/sdk';
import { DATA_PAGE_DECLS, DATA_RESYNC_PAGE, DELETE_TENANT_DATA_PAGE, JOB_QUEUE_STATS_PAGE } from '../../shared/pages';

export const DATA_ROUTES: WorkspaceRouteDef[] = pageRoutes(DATA_PAGE_DECLS, {
  [DATA_RESYNC_PAGE]: () => import('./DataResyncPage'),
  [DELETE_TENANT_DATA_PAGE]: () => import('./DeleteTenantDataPage'),
  [JOB_QUEUE_STATS_PAGE]: () => import('./JobQueueStatsPage'),
});

export const DATA_ICONS: Record<string, string> = pageNavIcons(DATA_PAGE_DECLS);
