/** What other plugins may use of `support` (they list 'support' in dependsOn and import only this file). */
export { SUPPORT_PAGE, SUPPORT_INBOX_PAGE } from './shared/pages';
export { ISSUE_TYPES, PRIORITY_LEVELS, REQUEST_STATUSES } from './shared/rules';
export type { SupportRequest, FileRequestBody } from './shared/api';
export type { SupportInstance } from './server/service';
