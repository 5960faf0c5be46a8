/**
 * Customer Success pages, declared once (common/pages.ts): plugin.ts derives its pages and nav items from them, the
 * workspace its routes and nav icons. The urls are the permission keys of the CS objects and the access lists.
 * (The stack pages are the stack-manager plugin's.)
 */
import { declarePages } from '../../../common/pages';

export const CS_ROOT = '/cs';
export const CS_DASHBOARD_PAGE = '/cs/dashboard';
export const CS_ADMIN_PAGE = '/cs/admin';
export const ACCOUNT_PERMISSIONS_PAGE = '/cs/admin/accountpermissions';
export const ACCOUNT_SETTINGS_PAGE = '/cs/admin/csAccountSettings';
export const GOALS_REPORTING_PAGE = '/cs/goalsreporting';
export const SCORE_METRICS_ADMIN_PAGE = '/cs/admin/scoreMetricsAdmin';
export const SEGMENT_MANAGER_PAGE = '/cs/company/segmentManager';
export const INSIGHTS_PAGE = '/cs/insights';
/** Company detail; custom metric values are entered there too. */
export const COMPANY_DETAIL_PAGE = '/cs/company/detail';

const CS = ['Customer Success'] as const;

export const CS_PAGES = declarePages({
  pages: [
    // core
    {
      url: CS_ADMIN_PAGE,
      title: 'Customer Success Admin',
      requiresAdmin: true,
      icon: 'cog',
      nav: { level: 1, modules: CS, sort: 90 },
    },
    { url: ACCOUNT_PERMISSIONS_PAGE, title: 'Account Permissions', requiresAdmin: true },
    { url: ACCOUNT_SETTINGS_PAGE, title: 'Account Settings', requiresAdmin: true },
    { url: GOALS_REPORTING_PAGE, title: 'Cross Company Goals', icon: 'flag', nav: { level: 1, modules: CS, sort: 30 } },
    // health and effort
    { url: SCORE_METRICS_ADMIN_PAGE, title: 'Health/Effort Admin', requiresAdmin: true },
    // segments, dashboard, insights, company detail
    {
      url: CS_DASHBOARD_PAGE,
      title: 'Customer Success Dashboard',
      icon: 'dashboard',
      nav: { level: 1, modules: CS, sort: 10 },
    },
    {
      url: SEGMENT_MANAGER_PAGE,
      title: 'Segment Manager',
      icon: 'scatter-plot',
      nav: { level: 1, modules: CS, sort: 20 },
    },
    { url: INSIGHTS_PAGE, title: 'Insights', icon: 'lightbulb', nav: { level: 1, modules: CS, sort: 25 } },
    { url: COMPANY_DETAIL_PAGE, title: 'Company Detail' },
  ],
});
