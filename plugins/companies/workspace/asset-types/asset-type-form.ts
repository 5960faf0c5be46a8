/**
 * The asset type form: inputs as typed and the settings sent (the dialog checks them with the API's schema,
 * namedAssetTypeBody or assetTypeSettingsBody, through the workspace form helper).
 */
import type { AssetType, AssetTypeSettings } from '../../shared/api-types';
import { MISSING_FLAGS } from '../../shared/api-types';

export interface AssetTypeForm {
  asset_type_moniker: string;
  default_replacement_cost: string;
  default_life_in_months: string;
  approaching_duration_in_months_eol: string;
  approaching_duration_in_months_warranty: string;
  flags: Record<(typeof MISSING_FLAGS)[number][0], boolean>;
}

/** Deleting an asset type that fails (platform.md section 5). */
export const MSG_DELETE_FAILED =
  'There was an error deleting your asset type. If this continues please contact support';

const noFlags = () => Object.fromEntries(MISSING_FLAGS.map(([k]) => [k, false])) as AssetTypeForm['flags'];

export function newAssetTypeForm(): AssetTypeForm {
  return {
    asset_type_moniker: '',
    default_replacement_cost: '0',
    default_life_in_months: '0',
    approaching_duration_in_months_eol: '0',
    approaching_duration_in_months_warranty: '0',
    flags: noFlags(),
  };
}

export function assetTypeFormOf(t: AssetType): AssetTypeForm {
  return {
    asset_type_moniker: t.asset_type_moniker,
    default_replacement_cost: String(t.default_replacement_cost),
    default_life_in_months: String(t.default_life_in_months),
    approaching_duration_in_months_eol: String(t.approaching_duration_in_months_eol),
    approaching_duration_in_months_warranty: String(t.approaching_duration_in_months_warranty),
    flags: Object.fromEntries(MISSING_FLAGS.map(([k]) => [k, t[k]])) as AssetTypeForm['flags'],
  };
}

/** A typed amount or count: commas dropped (platform.md section 5); empty or not a number is NaN (the schema says so). */
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.replace(/,/g, '').trim()));

export function settingsOf(f: AssetTypeForm): AssetTypeSettings {
  return {
    default_replacement_cost: num(f.default_replacement_cost),
    default_life_in_months: num(f.default_life_in_months),
    approaching_duration_in_months_eol: num(f.approaching_duration_in_months_eol),
    approaching_duration_in_months_warranty: num(f.approaching_duration_in_months_warranty),
    ...f.flags,
  };
}
