/** Page urls (permission keys) of the health and effort area. */
export const SCORE_METRICS_ADMIN_PAGE = '/cs/admin/scoreMetricsAdmin';
/** Custom values are entered on the company detail page. */
export const COMPANY_DETAIL_PAGE = '/cs/company/detail';
