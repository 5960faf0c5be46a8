/** Page urls (permission keys) of the segments and insights areas (declared in ../../shared/pages.ts). */
export { INSIGHTS_PAGE, SEGMENT_MANAGER_PAGE } from '../../shared/pages';
