/** Paths of the internal admin and support areas (platform.md 2.4). */
export const ADMIN_AREA = '/lciadmin';
export const SUPPORT_AREA = '/lcisupport';
export const ADMIN_HOME = '/lciadmin/adminsummary';
export const SUPPORT_HOME = '/lcisupport';
export const MAINTENANCE_PAGE = '/lcisupport/maintenancemode';
export const IMPERSONATION_PAGE = '/lciadmin/admin';
export const AUDIT_PAGE = '/lciadmin/audit';
