/** What other plugins may use of `companies`. */
export { listCompanies, type CompanyRow, type CompanyKind } from './server/service';
