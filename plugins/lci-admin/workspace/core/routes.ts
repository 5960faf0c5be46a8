/** Workspace routes of part "core" (paths, titles and access: shared/pages.ts; components lazily imported). */
import { pageNavIcons, pageRoutes, type WorkspaceRouteDef } from '../../../../workspace/sdk';
import {
  ADMIN_AREA,
  ADMIN_PAGE,
  ADMIN_SUMMARY_PAGE,
  AUDIT_PAGE,
  CORE_PAGE_DECLS,
  MAINTENANCE_PAGE,
  SUPPORT_AREA,
  SUPPORT_PAGE,
} from '../../shared/pages';

export const CORE_ROUTES: WorkspaceRouteDef[] = pageRoutes(CORE_PAGE_DECLS, {
  [ADMIN_AREA]: () => import('./AdminAreaRedirect'),
  [ADMIN_SUMMARY_PAGE]: () => import('./summary/AdminSummaryPage'),
  [ADMIN_PAGE]: () => import('./impersonation/AdminPage'),
  [AUDIT_PAGE]: () => import('./audit/AuditPage'),
  [SUPPORT_AREA]: () => import('./SupportLanding'),
  [SUPPORT_PAGE]: () => import('./SupportLanding'),
  [MAINTENANCE_PAGE]: () => import('./maintenance/MaintenanceModePage'),
});

export const CORE_ICONS: Record<string, string> = pageNavIcons(CORE_PAGE_DECLS);
