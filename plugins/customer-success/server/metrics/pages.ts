/** Page urls (permission keys) of the health and effort area (declared in ../../shared/pages.ts); custom values are entered on the company detail page. */
export { COMPANY_DETAIL_PAGE, SCORE_METRICS_ADMIN_PAGE } from '../../shared/pages';
