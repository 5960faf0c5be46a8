/** Page urls of the companies plugin (declared in ../shared/pages.ts): the permission keys its routes use. */
export { ASSET_TYPE_MANAGER_PAGE, COMPANIES_PAGE, CONTRACT_MANAGER_PAGE, IMPORT_PAGE } from '../shared/pages';
