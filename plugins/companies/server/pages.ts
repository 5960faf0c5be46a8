/** Page urls of the companies plugin: the permission keys its routes and the workspace use. */
export const COMPANIES_PAGE = '/datamanagercompanies';
export const CONTRACT_MANAGER_PAGE = '/contractManager';
export const ASSET_TYPE_MANAGER_PAGE = '/assettypemanager';
export const IMPORT_PAGE = '/datamanager/import';
export const DATA_MANAGER = '/datamanager';
