/** Page urls (permission keys) of the stack area (declared in ../shared/pages.ts). */
export { CS_APP_SETTINGS_PAGE, STACK_ALIGNMENT_OVERVIEW_PAGE, STACK_MANAGER_PAGE } from '../shared/pages';
