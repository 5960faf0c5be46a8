/** Page urls (permission keys) of the segments, dashboard and insights areas (customer-success.md section 2). */
export const SEGMENT_MANAGER_PAGE = '/cs/company/segmentManager';
export const INSIGHTS_PAGE = '/cs/insights';
