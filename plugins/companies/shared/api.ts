/**
 * The company-data API of the companies plugin as zod schemas: the routes declare them (replies are checked against
 * them in tests, OpenAPI shows them) and the workspace infers its row types from them (api-types.ts, contract-fields.ts).
 * No Node or browser dependencies.
 */
import { z } from 'zod';
import { ALERT_TRIGGERS, BILLING_CYCLES, BUSINESS_IMPACTS, CONTRACT_STATUSES } from './contract-fields';
import { bodyId, companyParams, id, tenantParams } from './params';

const int = z.number().int();
const records = { records_updated: int };

// Companies
export const companyListQuery = z.object({
  active: z.enum(['true', 'false']).optional(),
  kind: z.enum(['all', 'assessmentOnly', 'airOnly']).optional(),
});
export const companyBody = z.object({
  moniker: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
  is_active: z.boolean().optional(),
  assessment_only_flag: z.boolean().optional(),
  air_only_flag: z.boolean().optional(),
  seats: z.number().int().min(0).max(1_000_000).optional(),
});
export const locationBody = z.object({
  location_name: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
});

/** A client company as the API answers it: `name` is the moniker; `tenantCompanyId` and `id` its client-side names. */
const company = z.object({
  tenant_company_id: int,
  moniker: z.string(),
  is_active: z.boolean(),
  assessment_only_flag: z.boolean(),
  air_only_flag: z.boolean(),
  seats: int,
  name: z.string(),
  tenantCompanyId: int,
  id: int,
});
export const companiesAnswer = z.object({ companies: z.array(company) });
export const companyAnswer = z.object({ company });
export const companyWriteAnswer = z.object({ company, ...records });

// Locations and filters
export const location = z.object({
  tenant_company_location_id: int,
  tenant_company_id: int,
  location_name: z.string(),
});
export const locationsAnswer = z.object({ locations: z.array(location) });
export const locationAdded = z.object({ ...records, tenant_company_location_id: int });
export const filterData = z.object({
  locations: z.array(z.object({ tenant_company_location_id: int, location_name: z.string() })),
  asset_types: z.array(z.object({ asset_type_id: int, asset_type_moniker: z.string() })),
  /** The active statuses (the ones assets are shown for). */
  asset_statuses: z.array(z.object({ tenant_asset_status_id: int, moniker: z.string() })),
});
export const filterAnswer = z.object({ filter_data: filterData });

// Contracts
export const linkedGoal = z.object({ tenant_company_goal_id: int, moniker: z.string() });
export const contract = z.object({
  tenant_company_contract_id: int,
  tenant_company_id: int,
  vendor: z.string(),
  account: z.string().nullable(),
  tenant_company_location_id: int.nullable(),
  location_moniker: z.string().nullable(),
  business_impact: z.enum(BUSINESS_IMPACTS).nullable(),
  description: z.string().nullable(),
  contract_status: z.enum(CONTRACT_STATUSES).nullable(),
  billing_cycle: z.enum(BILLING_CYCLES).nullable(),
  cost: z.number().nullable(),
  auto_renew_flag: z.boolean(),
  /** Same value as auto_renew_flag (both names are in the spec). */
  is_auto_renew: z.boolean(),
  next_due_date: z.string().nullable(),
  end_date: z.string().nullable(),
  notice_to_terminate_in_days: int.nullable(),
  notice_date: z.string().nullable(),
  budget_past_end_date_flag: z.boolean(),
  alert_trigger: z.enum(ALERT_TRIGGERS).nullable(),
  lead_time_to_alert_in_days: int.nullable(),
  linked_goals: z.array(linkedGoal),
  version: int,
  updated_at: z.string(),
});
export const contractWithCompany = contract.extend({ company_moniker: z.string() });
export const contractsAnswer = z.object({ contracts: z.array(contractWithCompany) });
export const contractWriteAnswer = z.object({
  ...records,
  tenant_company_contract_id: int,
  contract: contractWithCompany.optional(),
  tenant_company_contract_ids: z.array(int).optional(),
});

// Saved links
const linkFields = {
  link_url: z
    .url({ protocol: /^https?$/, message: 'Must be a web address starting with http:// or https://' })
    .max(2000, 'Max 2000 characters'),
  link_title: z.string().trim().min(1, 'Required.').max(200, 'Max 200 characters'),
};
const linkId = { tenant_company_link_id: bodyId };
const linkVersion = z.number().int().positive().optional();

export const linkBody = z.discriminatedUnion(
  'operation',
  [
    z.object({ operation: z.literal('insert'), payload: z.object(linkFields) }),
    z.object({ operation: z.literal('update'), payload: z.object({ ...linkId, ...linkFields, version: linkVersion }) }),
    z.object({ operation: z.literal('delete'), payload: z.object({ ...linkId, version: linkVersion }) }),
  ],
  { message: 'operation must be insert, update or delete' },
);
export const link = z.object({
  tenant_company_link_id: int,
  tenant_company_id: int,
  link_url: z.string(),
  link_title: z.string(),
  version: int,
  updated_at: z.string(),
});
export const linksAnswer = z.object({ links: z.array(link) });
export const linkWriteAnswer = z.object({ ...records, tenant_company_link_id: int, link: link.optional() });

// Asset types and statuses
const months = (max: number) =>
  z
    .number({ error: (i) => (i.code === 'invalid_type' ? 'Must be a whole number' : undefined) })
    .int('Must be a whole number')
    .min(0, 'Must be 0 or more')
    .max(max, `Must be ${max} or less`)
    .optional();
const flag = z.boolean().optional();
const settingsSchema = {
  default_replacement_cost: z
    .number({ error: (i) => (i.code === 'invalid_type' ? 'Must be a number' : undefined) })
    .min(0, 'Must be 0 or more')
    .max(1_000_000_000, 'Too large')
    .optional(),
  default_life_in_months: months(1200),
  approaching_duration_in_months_eol: months(120),
  approaching_duration_in_months_warranty: months(120),
  include_eol_in_missing_flag: flag,
  include_warranty_in_missing_flag: flag,
  include_make_in_missing_flag: flag,
  include_serial_in_missing_flag: flag,
  include_model_in_missing_flag: flag,
};
const typeVersion = z.number().int().positive().optional();
const assetTypeName = z.string().trim().min(1, 'Required.').max(100, 'Max 100 characters');

/** An asset type's settings as the type dialog sends them: a company's own (no name), or a tenant type's (named). */
export const assetTypeSettingsBody = z.object(settingsSchema);
export const namedAssetTypeBody = assetTypeSettingsBody.extend({ asset_type_moniker: assetTypeName });

export const tenantAssetTypeBody = z
  .object({
    assetTypeId: z.number().int().min(0, 'Must be 0 (new) or an asset type id'),
    asset_type_moniker: assetTypeName.optional(),
    ...settingsSchema,
    version: typeVersion,
  })
  .superRefine((v, ctx) => {
    if (v.assetTypeId === 0 && v.asset_type_moniker === undefined)
      ctx.addIssue({ code: 'custom', path: ['asset_type_moniker'], message: 'Required.' });
  });
export type TenantAssetTypeBody = z.output<typeof tenantAssetTypeBody>;

export const companyAssetTypeBody = z.object({
  assetTypeId: z.number().int().positive('Choose an asset type'),
  ...settingsSchema,
  version: typeVersion,
});
export type CompanyAssetTypeBody = z.output<typeof companyAssetTypeBody>;

export const assetTypeParams = tenantParams.extend({ assetTypeId: id });
export const companyAssetTypeParams = companyParams.extend({ assetTypeId: id });
export const versionQuery = z.object({ version: z.coerce.number().int().positive().optional() });
export const statusToggleBody = z.object({
  payload: z.object({ tenantAssetStatusIds: z.array(bodyId).min(1, 'Choose at least one asset status').max(500) }),
});
export const statusAddBody = z.object({
  moniker: z.string().trim().min(1, 'Required.').max(100, 'Max 100 characters'),
});

export const assetTypeSettings = z.object({
  default_replacement_cost: z.number(),
  default_life_in_months: int,
  approaching_duration_in_months_eol: int,
  approaching_duration_in_months_warranty: int,
  include_eol_in_missing_flag: z.boolean(),
  include_warranty_in_missing_flag: z.boolean(),
  include_make_in_missing_flag: z.boolean(),
  include_serial_in_missing_flag: z.boolean(),
  include_model_in_missing_flag: z.boolean(),
});
export const assetType = assetTypeSettings.extend({ asset_type_id: int, asset_type_moniker: z.string(), version: int });
export const companyAssetType = assetType.extend({ tenant_company_id: int, company_override: z.boolean() });
export const assetTypesAnswer = z.object({ assetTypes: z.array(assetType) });
export const companyAssetTypesAnswer = z.object({ assetTypes: z.array(companyAssetType) });
export const assetTypeWriteAnswer = z.object({ ...records, asset_type_id: int });
export const recordsAnswer = z.object(records);
export const assetStatus = z.object({
  tenant_asset_status_id: int,
  moniker: z.string(),
  is_active: z.boolean(),
  active_flag: z.union([z.literal(0), z.literal(1)]),
  sort: z.number(),
});
export const assetStatusesAnswer = z.object({ assetStatuses: z.array(assetStatus) });
export const assetStatusToggled = z.object({
  ...records,
  return_message: z.string(),
  msg_class: z.enum(['success', 'warning']),
});
export const assetStatusAdded = z.object({ ...records, tenant_asset_status_id: int });

// CSV import
/** The largest CSV text the API takes (the body limit is 10 MB of JSON). */
const MAX_CSV_CHARS = 8_000_000;

export const importKindParams = tenantParams.extend({
  kind: z.string().regex(/^[a-z][a-z0-9-]{0,49}$/, 'Unknown import kind'),
});
export const importBody = z.object({
  csv: z.string().min(1, 'Required.').max(MAX_CSV_CHARS, `The file is too large (max ${MAX_CSV_CHARS} characters)`),
  skipInvalid: z.boolean().optional(),
  dryRun: z.boolean().optional(),
  importId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'Letters, digits and dashes')
    .optional(),
});

const importKind = z.object({
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  module: z.string().nullable(),
  columns: z.array(z.object({ name: z.string(), required: z.boolean(), help: z.string().optional() })),
  example: z.record(z.string(), z.string()),
});
export const importKindsAnswer = z.object({ kinds: z.array(importKind) });
const importReport = z.object({
  kind: z.string(),
  status: z.enum(['imported', 'rejected', 'dry-run']),
  total: int,
  valid: int,
  imported: int,
  inserted: int,
  updated: int,
  rejected: z.array(z.object({ line: int, reasons: z.array(z.string()) })),
  skipInvalid: z.boolean(),
  dryRun: z.boolean(),
});
export const importAnswer = z.object({ report: importReport });

export type CompanyApi = z.infer<typeof company>;
export type ImportKindApi = z.infer<typeof importKind>;
export type ImportReportApi = z.infer<typeof importReport>;
