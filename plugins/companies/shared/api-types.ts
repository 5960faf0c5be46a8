/** Shapes of the company-data API that the server answers and the workspace reads. */
export interface AssetTypeSettings {
  default_replacement_cost: number;
  default_life_in_months: number;
  approaching_duration_in_months_eol: number;
  approaching_duration_in_months_warranty: number;
  include_eol_in_missing_flag: boolean;
  include_warranty_in_missing_flag: boolean;
  include_make_in_missing_flag: boolean;
  include_serial_in_missing_flag: boolean;
  include_model_in_missing_flag: boolean;
}
export interface AssetType extends AssetTypeSettings { asset_type_id: number; asset_type_moniker: string; version: number }
export interface CompanyAssetType extends AssetType { tenant_company_id: number; company_override: boolean }

export interface AssetStatusRow { tenant_asset_status_id: number; moniker: string; is_active: boolean; active_flag: 0 | 1; sort: number }

export interface LinkRow { tenant_company_link_id: number; tenant_company_id: number; link_url: string; link_title: string; version: number; updated_at: string }

export interface LocationRow { tenant_company_location_id: number; tenant_company_id: number; location_name: string }

export interface FilterData {
  locations: { tenant_company_location_id: number; location_name: string }[];
  asset_types: { asset_type_id: number; asset_type_moniker: string }[];
  /** The active statuses (the ones assets are shown for). */
  asset_statuses: { tenant_asset_status_id: number; moniker: string }[];
}

/** The missing-data flags of an asset type, with their labels. */
export const MISSING_FLAGS = [
  ['include_eol_in_missing_flag', 'End of life'],
  ['include_warranty_in_missing_flag', 'Warranty'],
  ['include_make_in_missing_flag', 'Make'],
  ['include_serial_in_missing_flag', 'Serial'],
  ['include_model_in_missing_flag', 'Model'],
] as const;
