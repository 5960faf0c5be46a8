/** Paths of the internal admin and support areas (platform.md 2.4; declared in shared/pages.ts). */
export { ADMIN_SUMMARY_PAGE as ADMIN_HOME, SUPPORT_AREA as SUPPORT_HOME } from '../../shared/pages';
