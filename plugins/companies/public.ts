/**
 * What other plugins' server code may use of `companies` (they list 'companies' in dependsOn and import only this
 * file; their pages import ./public.browser.ts).
 *
 * Companies, locations and contracts: read helpers that take the caller's transaction.
 * Extension points (register in your definition: `extend: [contribute(point, value)]`):
 * - `csvImportsPoint`: a kind of CSV import, made with `defineCsvImport({ kind, title, columns, check?, apply })`, offered
 *   by `lci import <kind>` and POST /v3/tenant/:tenantId/import/:kind (see import/csv-import.ts); `csvCell` builds row
 *   schemas from CSV cells.
 * - `linkedGoalsPoint`: goals linked to contracts (the plugin that owns goals fills contracts' linked_goals).
 * - `linkedRecordsPoint`: kinds of company records others link to (recommendations, notes); `checkLinkedRecords`
 *   refuses links to a kind no plugin provides or to ids that name no record.
 * - `customFieldTargetsPoint`: a record type tenant-defined custom fields extend (`{ target, title, page?, existing }`):
 *   its fields are managed on /customfields and its values read and written at customfields/values/<target>.
 * The browser-safe part (the workspace point `customFieldsUiPoint`, contract and custom-field types, pure rules) is
 * ./public.browser.ts, re-exported here: pages of other plugins import that file, never this one.
 */
import type { Trx } from '../../kernel/index';
import { listContracts, type ContractWithCompany } from './server/contracts';

export { listCompanies, getCompany, companiesByMoniker, type CompanyRow, type CompanyKind } from './server/store';
export { listLocations, locationCounts, type LocationRow } from './server/locations';
export * from './public.browser';
export {
  defineCsvImport,
  csvImportsPoint,
  csvCell,
  type CsvImportDef,
  type CsvRow,
  type CsvRejection,
  type CsvApplyResult,
} from './import/csv-import';
export type { CsvImportReport } from './import/run';
export { linkedGoalsPoint, type LinkedGoalsSource } from './server/linked-goals';
export { linkedRecordsPoint, checkLinkedRecords, type LinkedRecordKind } from './server/linked-records';
export { customFieldTargetsPoint, type CustomFieldTarget } from './server/custom-field-targets';

/** Contracts of one company, or of every company of the tenant (with the company's moniker). */
export function contractsOf(trx: Trx, opts: { tenantCompanyId?: number } = {}): Promise<ContractWithCompany[]> {
  return listContracts(null, trx, opts);
}

/** Tables other plugins may reference with tenantForeignKey (tenant_id plus the id column). */
export const COMPANY_TABLES = {
  companies: { table: 'tenant_companies', id: 'tenant_company_id' },
  locations: { table: 'tenant_company_locations', id: 'tenant_company_location_id' },
  contracts: { table: 'tenant_company_contracts', id: 'tenant_company_contract_id' },
  links: { table: 'tenant_company_links', id: 'tenant_company_link_id' },
  assetTypes: { table: 'tenant_asset_types', id: 'asset_type_id' },
  assetStatuses: { table: 'tenant_asset_statuses', id: 'tenant_asset_status_id' },
} as const;
