/** Shapes of the company-data API that the server answers and the workspace reads: inferred from the route schemas (api.ts). */
import type { z } from 'zod';
import type { assetStatus, assetType, assetTypeSettings, companyAssetType, filterData, link, location } from './api';

export type AssetTypeSettings = z.infer<typeof assetTypeSettings>;
export type AssetType = z.infer<typeof assetType>;
export type CompanyAssetType = z.infer<typeof companyAssetType>;
export type AssetStatusRow = z.infer<typeof assetStatus>;
export type LinkRow = z.infer<typeof link>;
export type LocationRow = z.infer<typeof location>;
export type FilterData = z.infer<typeof filterData>;

/** The missing-data flags of an asset type, with their labels. */
export const MISSING_FLAGS = [
  ['include_eol_in_missing_flag', 'End of life'],
  ['include_warranty_in_missing_flag', 'Warranty'],
  ['include_make_in_missing_flag', 'Make'],
  ['include_serial_in_missing_flag', 'Serial'],
  ['include_model_in_missing_flag', 'Model'],
] as const;
