/** Workspace routes of part "core" (components lazily imported; internalOnly). */
import type { WorkspaceRouteDef } from '../../../../workspace/sdk';
import { ADMIN_AREA, ADMIN_HOME, AUDIT_PAGE, IMPERSONATION_PAGE, MAINTENANCE_PAGE, SUPPORT_AREA } from './paths';

export const CORE_ROUTES: WorkspaceRouteDef[] = [
  { path: ADMIN_AREA, title: 'LCI Admin', internalOnly: true, page: false, component: () => import('./AdminAreaRedirect') },
  { path: ADMIN_HOME, title: 'Admin Summary', internalOnly: true, page: false, component: () => import('./summary/AdminSummaryPage') },
  { path: IMPERSONATION_PAGE, title: 'Admin', internalOnly: true, page: false, component: () => import('./impersonation/AdminPage') },
  { path: AUDIT_PAGE, title: 'Audit Log', internalOnly: true, page: false, component: () => import('./audit/AuditPage') },
  { path: SUPPORT_AREA, title: 'LCI Support', internalOnly: true, page: false, component: () => import('./SupportLanding') },
  { path: `${SUPPORT_AREA}/lcisupport`, title: 'LCI Support', internalOnly: true, page: false, component: () => import('./SupportLanding') },
  { path: MAINTENANCE_PAGE, title: 'Maintenance Mode', internalOnly: true, page: false, component: () => import('./maintenance/MaintenanceModePage') },
];

export const CORE_ICONS: Record<string, string> = {
  [ADMIN_AREA]: 'shield',
  [ADMIN_HOME]: 'dashboard',
  [IMPERSONATION_PAGE]: 'person',
  [AUDIT_PAGE]: 'history',
  [SUPPORT_AREA]: 'wrench',
  [MAINTENANCE_PAGE]: 'build',
};
