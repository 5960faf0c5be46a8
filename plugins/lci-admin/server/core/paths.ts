/** Pages and API paths of part "core" (platform.md 2.4; everything under /v3/lciadmin or /v3/lcisupport). */
export const ADMIN_AREA = '/lciadmin';
export const SUPPORT_AREA = '/lcisupport';
export const ADMIN_SUMMARY_PAGE = '/lciadmin/adminsummary';
export const ADMIN_PAGE = '/lciadmin/admin';
export const AUDIT_PAGE = '/lciadmin/audit';
export const SUPPORT_PAGE = '/lcisupport/lcisupport';
export const MAINTENANCE_PAGE = '/lcisupport/maintenancemode';

export const API_SUMMARY = '/v3/lciadmin/summary';
export const API_AUDIT = '/v3/lciadmin/audit';
export const API_MAINTENANCE = '/v3/lcisupport/maintenance';
export const API_IMPERSONATION_TARGETS = '/v3/lciadmin/impersonation/targets';
