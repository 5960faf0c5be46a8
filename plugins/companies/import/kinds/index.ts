/** The import kinds of the companies plugin (imported for their registration). */
export { companiesImport } from './companies';
export { contractsImport } from './contracts';
