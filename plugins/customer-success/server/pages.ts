/** Page urls (permission keys) of the Customer Success area owned by this plugin's core (customer-success.md section 2). */
export const CS_ROOT = '/cs';
export const CS_DASHBOARD_PAGE = '/cs/dashboard';
export const CS_ADMIN_PAGE = '/cs/admin';
export const ACCOUNT_PERMISSIONS_PAGE = '/cs/admin/accountpermissions';
export const ACCOUNT_SETTINGS_PAGE = '/cs/admin/csAccountSettings';
export const GOALS_REPORTING_PAGE = '/cs/goalsreporting';
export const COMPANY_DETAIL_PAGE = '/cs/company/detail';
