/** The asset type form: inputs as typed, validation, and the body of the update (assetTypeId 0 creates). */
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
export type AssetTypeErrors = Partial<Record<Exclude<keyof AssetTypeForm, 'flags'>, string>>;

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

const MONTH_LIMITS = {
  default_life_in_months: 1200,
  approaching_duration_in_months_eol: 120,
  approaching_duration_in_months_warranty: 120,
} as const;

export function validateAssetType(f: AssetTypeForm, needsName: boolean): AssetTypeErrors {
  const e: AssetTypeErrors = {};
  if (needsName && !f.asset_type_moniker.trim()) e.asset_type_moniker = 'Required.';
  else if (f.asset_type_moniker.trim().length > 100) e.asset_type_moniker = 'Max 100 characters';
  const cost = Number(f.default_replacement_cost.replace(/,/g, '').trim());
  if (f.default_replacement_cost.trim() === '' || !Number.isFinite(cost) || cost < 0 || cost > 1_000_000_000)
    e.default_replacement_cost = 'Enter an amount of 0 or more';
  for (const [k, max] of Object.entries(MONTH_LIMITS) as [keyof typeof MONTH_LIMITS, number][]) {
    if (!/^\d+$/.test(f[k].trim()) || Number(f[k]) > max) e[k] = `Enter whole months from 0 to ${max}`;
  }
  return e;
}

export function settingsOf(f: AssetTypeForm): AssetTypeSettings {
  return {
    default_replacement_cost: Number(f.default_replacement_cost.replace(/,/g, '').trim()),
    default_life_in_months: Number(f.default_life_in_months),
    approaching_duration_in_months_eol: Number(f.approaching_duration_in_months_eol),
    approaching_duration_in_months_warranty: Number(f.approaching_duration_in_months_warranty),
    ...f.flags,
  };
}
