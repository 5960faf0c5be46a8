/** Paths of the internal admin and support areas (platform.md 2.4; declared in shared/pages.ts). */
export { ADMIN_AREA, AUDIT_PAGE, MAINTENANCE_PAGE, SUPPORT_AREA } from '../../shared/pages';
export {
  ADMIN_SUMMARY_PAGE as ADMIN_HOME,
  ADMIN_PAGE as IMPERSONATION_PAGE,
  SUPPORT_AREA as SUPPORT_HOME,
} from '../../shared/pages';
