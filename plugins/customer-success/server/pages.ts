/** Page urls (permission keys) of the Customer Success area (declared in ../shared/pages.ts). */
export {
  ACCOUNT_PERMISSIONS_PAGE,
  ACCOUNT_SETTINGS_PAGE,
  COMPANY_DETAIL_PAGE,
  CS_DASHBOARD_PAGE,
  GOALS_REPORTING_PAGE,
} from '../shared/pages';
