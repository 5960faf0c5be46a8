/** Page urls (permission keys) of the Customer Success area (declared in ../shared/pages.ts). */
export {
  ACCOUNT_PERMISSIONS_PAGE,
  ACCOUNT_SETTINGS_PAGE,
  COMPANY_DETAIL_PAGE,
  CS_ADMIN_PAGE,
  CS_DASHBOARD_PAGE,
  CS_ROOT,
  GOALS_REPORTING_PAGE,
} from '../shared/pages';
