/**
 * Data quality of assets (issue 17 part D; platform.md 3 "Asset type" include_*_in_missing_flag and "Tenant state:
 * data quality settings"; customer-success.md 2 page mspdataquality). Pure: the server's SQL
 * (server/quality/store.ts) mirrors these rules and tests/data-quality-api.test.ts checks the two agree.
 *
 * Rules (decisions where the spec is silent, README "Data quality"):
 * - A check counts for an asset when the tenant's settings enable it AND, for the five checks an asset type governs
 *   (eol, warranty, make, serial, model), the asset type's include_<field>_in_missing_flag is on (the company's own
 *   settings of the type override the tenant's, as for the lifecycle). The other checks (asset type, purchase date,
 *   assigned to, not seen recently) are the tenant's settings alone.
 * - An asset WITHOUT a type: every enabled check counts (there is no type to exempt it), and "Asset type" is itself a
 *   check (on by default): an untyped asset is the first thing to fix.
 * - Missing: text empty or blank; warranty: no warranty expiry; end of life: no eol_date and none derived from the
 *   purchase date and the type's default life (the lifecycle's rule); not seen recently: last_seen_at known and
 *   older than stale_after_days days (an asset never seen by an integration, last_seen_at empty, is not stale).
 * - Score: the percent of assets complete (nothing missing), rounded DOWN, so 100 means every asset is complete;
 *   null without assets. Per company, and for the tenant over all its assets (a big client weighs more).
 * - Band: good at or above good_score, fair at or above fair_score, else poor.
 */

/** The checks, in the order the page shows them. */
export const DQ_FIELDS = [
  'asset_type',
  'make',
  'model',
  'serial',
  'warranty',
  'eol',
  'purchase_date',
  'assigned_to',
  'stale',
] as const;
export type DqField = (typeof DQ_FIELDS)[number];

export const DQ_FIELD_LABELS: Record<DqField, string> = {
  asset_type: 'Asset type',
  make: 'Make',
  model: 'Model',
  serial: 'Serial',
  warranty: 'Warranty expiry',
  eol: 'End of life',
  purchase_date: 'Purchase date',
  assigned_to: 'Assigned to',
  stale: 'Not seen recently',
};

/** The asset type flags (companies' tenant_asset_types / tenant_company_asset_types) that govern a check. */
export const DQ_TYPE_FLAGS = {
  eol: 'include_eol_in_missing_flag',
  warranty: 'include_warranty_in_missing_flag',
  make: 'include_make_in_missing_flag',
  serial: 'include_serial_in_missing_flag',
  model: 'include_model_in_missing_flag',
} as const satisfies Partial<Record<DqField, string>>;
export type DqTypeFlag = (typeof DQ_TYPE_FLAGS)[keyof typeof DQ_TYPE_FLAGS];

/** The settings column that turns a check on. */
export const DQ_SETTING_OF: Record<DqField, `check_${DqField}`> = Object.fromEntries(
  DQ_FIELDS.map((f) => [f, `check_${f}`]),
) as Record<DqField, `check_${DqField}`>;

export type DqChecks = { [F in DqField as `check_${F}`]: boolean };

/** A tenant's data quality settings (absent: the defaults). */
export interface DataQualitySettings extends DqChecks {
  /** An asset whose last_seen_at is older than this many days is "not seen recently". */
  stale_after_days: number;
  /** Score cut points: good at or above good_score, fair at or above fair_score, else poor. */
  good_score: number;
  fair_score: number;
}

export const DEFAULT_DQ_SETTINGS: DataQualitySettings = {
  check_asset_type: true,
  check_make: true,
  check_model: true,
  check_serial: true,
  check_warranty: true,
  check_eol: true,
  check_purchase_date: false,
  check_assigned_to: false,
  check_stale: true,
  stale_after_days: 30,
  good_score: 90,
  fair_score: 70,
};

/** The effective settings of an asset's type (the company's row, else the tenant's). */
export type DqTypeSettings = Record<DqTypeFlag, boolean> & { default_life_in_months: number };

/** What the checks read of an asset. */
export interface DqAsset {
  asset_type_id: number | null;
  make: string | null;
  model: string | null;
  serial: string | null;
  warranty_expiry: string | null;
  eol_date: string | null;
  purchase_date: string | null;
  assigned_to: string | null;
  last_seen_at: string | Date | null;
}

const DAY_MS = 86_400_000;
const blank = (v: string | null) => v === null || v.trim() === '';

/** Whether `field` counts for an asset of this type (null: no type) under the settings. */
export function checkApplies(field: DqField, settings: DataQualitySettings, type: DqTypeSettings | null): boolean {
  if (!settings[DQ_SETTING_OF[field]]) return false;
  const flag = (DQ_TYPE_FLAGS as Partial<Record<DqField, DqTypeFlag>>)[field];
  return flag === undefined || type === null || type[flag];
}

/** Whether the asset lacks `field` (whether or not the check counts). */
export function lacks(field: DqField, a: DqAsset, type: DqTypeSettings | null, now: Date, staleDays: number): boolean {
  switch (field) {
    case 'asset_type':
      return a.asset_type_id === null;
    case 'make':
      return blank(a.make);
    case 'model':
      return blank(a.model);
    case 'serial':
      return blank(a.serial);
    case 'warranty':
      return a.warranty_expiry === null;
    case 'eol':
      return a.eol_date === null && (a.purchase_date === null || (type?.default_life_in_months ?? 0) <= 0);
    case 'purchase_date':
      return a.purchase_date === null;
    case 'assigned_to':
      return blank(a.assigned_to);
    case 'stale':
      return a.last_seen_at !== null && new Date(a.last_seen_at).getTime() < now.getTime() - staleDays * DAY_MS;
  }
}

/** The checks an asset fails, in DQ_FIELDS order. */
export function missingFields(
  a: DqAsset,
  type: DqTypeSettings | null,
  settings: DataQualitySettings,
  now: Date = new Date(),
): DqField[] {
  return DQ_FIELDS.filter((f) => checkApplies(f, settings, type) && lacks(f, a, type, now, settings.stale_after_days));
}

/** Percent of assets complete, rounded down (100 only when all are); null without assets. */
export function qualityScore(complete: number, assets: number): number | null {
  if (assets <= 0) return null;
  return Math.floor((100 * complete) / assets);
}

export const DQ_BANDS = ['good', 'fair', 'poor'] as const;
export type DqBand = (typeof DQ_BANDS)[number];
export const DQ_BAND_LABELS: Record<DqBand, string> = { good: 'Good', fair: 'Fair', poor: 'Poor' };

/** The band of a score under the cut points; null without a score. */
export function qualityBand(
  score: number | null,
  s: Pick<DataQualitySettings, 'good_score' | 'fair_score'>,
): DqBand | null {
  if (score === null) return null;
  if (score >= s.good_score) return 'good';
  if (score >= s.fair_score) return 'fair';
  return 'poor';
}

/** Counts of one group of assets (a company, the tenant) as the scores read them. */
export interface DqTally {
  assets: number;
  complete: number;
  missing: Record<DqField, number>;
}

export const emptyTally = (): DqTally => ({
  assets: 0,
  complete: 0,
  missing: Object.fromEntries(DQ_FIELDS.map((f) => [f, 0])) as Record<DqField, number>,
});

/** Adds one asset's missing fields to a tally. */
export function tallyAsset(t: DqTally, missing: readonly DqField[]): DqTally {
  t.assets += 1;
  if (missing.length === 0) t.complete += 1;
  for (const f of missing) t.missing[f] += 1;
  return t;
}

/** The sum of several tallies (the tenant's from its companies'). */
export function sumTallies(ts: readonly DqTally[]): DqTally {
  const out = emptyTally();
  for (const t of ts) {
    out.assets += t.assets;
    out.complete += t.complete;
    for (const f of DQ_FIELDS) out.missing[f] += t.missing[f];
  }
  return out;
}
