/**
 * The data quality rules (shared/data-quality.ts): which checks count (the settings AND the asset type's
 * include_*_in_missing_flag; an asset without a type: every enabled check), what "missing" means per field (blank
 * text, derived end of life, stale after N days), the score (percent complete, rounded down) and its band.
 */
import {
  DEFAULT_DQ_SETTINGS,
  checkApplies,
  emptyTally,
  missingFields,
  qualityBand,
  qualityScore,
  sumTallies,
  tallyAsset,
  type DataQualitySettings,
  type DqAsset,
  type DqTypeSettings,
} from '../shared/data-quality';

const NOW = new Date('2025-06-15T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

const allFlags: DqTypeSettings = {
  include_eol_in_missing_flag: true,
  include_warranty_in_missing_flag: true,
  include_make_in_missing_flag: true,
  include_serial_in_missing_flag: true,
  include_model_in_missing_flag: true,
  default_life_in_months: 0,
};
const noFlags: DqTypeSettings = {
  include_eol_in_missing_flag: false,
  include_warranty_in_missing_flag: false,
  include_make_in_missing_flag: false,
  include_serial_in_missing_flag: false,
  include_model_in_missing_flag: false,
  default_life_in_months: 0,
};

const complete: DqAsset = {
  asset_type_id: 7,
  make: 'Dell',
  model: 'Latitude 5420',
  serial: 'ABC123',
  warranty_expiry: '2026-01-01',
  eol_date: '2027-01-01',
  purchase_date: '2022-01-01',
  assigned_to: 'Jo',
  last_seen_at: daysAgo(1),
};
const empty: DqAsset = {
  asset_type_id: 7,
  make: null,
  model: null,
  serial: null,
  warranty_expiry: null,
  eol_date: null,
  purchase_date: null,
  assigned_to: null,
  last_seen_at: null,
};
const all: DataQualitySettings = { ...DEFAULT_DQ_SETTINGS, check_purchase_date: true, check_assigned_to: true };

describe('which checks count', () => {
  test('a type-governed check counts only when the setting and the type flag are both on', () => {
    expect(checkApplies('make', DEFAULT_DQ_SETTINGS, allFlags)).toBe(true);
    expect(checkApplies('make', DEFAULT_DQ_SETTINGS, noFlags)).toBe(false);
    expect(checkApplies('make', { ...DEFAULT_DQ_SETTINGS, check_make: false }, allFlags)).toBe(false);
    expect(checkApplies('warranty', DEFAULT_DQ_SETTINGS, { ...noFlags, include_warranty_in_missing_flag: true })).toBe(
      true,
    );
  });

  test('checks without a type flag follow the settings alone', () => {
    for (const type of [allFlags, noFlags, null]) {
      expect(checkApplies('asset_type', DEFAULT_DQ_SETTINGS, type)).toBe(true);
      expect(checkApplies('stale', DEFAULT_DQ_SETTINGS, type)).toBe(true);
      expect(checkApplies('purchase_date', DEFAULT_DQ_SETTINGS, type)).toBe(false);
      expect(checkApplies('assigned_to', all, type)).toBe(true);
    }
  });

  test('an asset without a type is checked for every enabled check, the type included', () => {
    const untyped = { ...empty, asset_type_id: null };
    expect(missingFields(untyped, null, DEFAULT_DQ_SETTINGS, NOW)).toEqual([
      'asset_type',
      'make',
      'model',
      'serial',
      'warranty',
      'eol',
    ]);
  });

  test('a type with no flags exempts the asset from the five type checks; the others still count', () => {
    expect(missingFields(empty, noFlags, all, NOW)).toEqual(['purchase_date', 'assigned_to']);
    expect(missingFields(empty, allFlags, all, NOW)).toEqual([
      'make',
      'model',
      'serial',
      'warranty',
      'eol',
      'purchase_date',
      'assigned_to',
    ]);
    expect(missingFields(complete, allFlags, all, NOW)).toEqual([]);
  });
});

describe('what missing means', () => {
  test('blank text is missing; any text is not', () => {
    expect(missingFields({ ...complete, make: '   ', serial: '' }, allFlags, all, NOW)).toEqual(['make', 'serial']);
  });

  test('an end of life derived from the purchase date and the type life is known', () => {
    const noEol = { ...complete, eol_date: null };
    expect(missingFields(noEol, allFlags, all, NOW)).toEqual(['eol']);
    expect(missingFields(noEol, { ...allFlags, default_life_in_months: 48 }, all, NOW)).toEqual([]);
    // No purchase date: nothing to derive from.
    expect(
      missingFields({ ...noEol, purchase_date: null }, { ...allFlags, default_life_in_months: 48 }, all, NOW),
    ).toEqual(['eol', 'purchase_date']);
  });

  test('stale: seen longer ago than the days set; never seen is not stale', () => {
    const s = { ...all, stale_after_days: 30 };
    expect(missingFields({ ...complete, last_seen_at: daysAgo(29) }, allFlags, s, NOW)).toEqual([]);
    expect(missingFields({ ...complete, last_seen_at: daysAgo(31) }, allFlags, s, NOW)).toEqual(['stale']);
    expect(missingFields({ ...complete, last_seen_at: null }, allFlags, s, NOW)).toEqual([]);
    expect(
      missingFields({ ...complete, last_seen_at: daysAgo(31) }, allFlags, { ...s, stale_after_days: 60 }, NOW),
    ).toEqual([]);
    expect(
      missingFields({ ...complete, last_seen_at: daysAgo(365) }, allFlags, { ...s, check_stale: false }, NOW),
    ).toEqual([]);
  });
});

describe('scores and bands', () => {
  test('the score is the percent of assets complete, rounded down; 100 only when all are complete', () => {
    expect(qualityScore(0, 0)).toBeNull();
    expect(qualityScore(3, 4)).toBe(75);
    expect(qualityScore(199, 200)).toBe(99);
    expect(qualityScore(2, 3)).toBe(66);
    expect(qualityScore(5, 5)).toBe(100);
    expect(qualityScore(0, 5)).toBe(0);
  });

  test('bands by the cut points: good at or above good, fair at or above fair, else poor', () => {
    const cuts = { good_score: 90, fair_score: 70 };
    expect(qualityBand(90, cuts)).toBe('good');
    expect(qualityBand(89, cuts)).toBe('fair');
    expect(qualityBand(70, cuts)).toBe('fair');
    expect(qualityBand(69, cuts)).toBe('poor');
    expect(qualityBand(null, cuts)).toBeNull();
    expect(qualityBand(60, { good_score: 80, fair_score: 50 })).toBe('fair');
  });

  test('tallies count assets, complete ones and misses per field; the tenant sums its companies', () => {
    const a = tallyAsset(tallyAsset(emptyTally(), []), ['make', 'serial']);
    const b = tallyAsset(emptyTally(), ['make']);
    expect(a).toMatchObject({ assets: 2, complete: 1, missing: { make: 1, serial: 1, model: 0 } });
    const t = sumTallies([a, b]);
    expect(t).toMatchObject({ assets: 3, complete: 1, missing: { make: 2, serial: 1 } });
    expect(qualityScore(t.complete, t.assets)).toBe(33);
  });
});
