/** Page urls (permission keys) of the stack area (customer-success.md section 2). */
export const STACK_MANAGER_PAGE = '/cs/admin/stackManager';
export const STACK_ALIGNMENT_OVERVIEW_PAGE = '/cs/stackAlignmentOverview';
export const CS_APP_SETTINGS_PAGE = '/cs/admin/csAppSettings';
