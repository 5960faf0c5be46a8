/** API paths of part "core" (platform.md 2.4; everything under /v3/lciadmin or /v3/lcisupport); its pages are in ../../shared/pages.ts. */
export const API_SUMMARY = '/v3/lciadmin/summary';
export const API_AUDIT = '/v3/lciadmin/audit';
export const API_MAINTENANCE = '/v3/lcisupport/maintenance';
export const API_IMPERSONATION_TARGETS = '/v3/lciadmin/impersonation/targets';
