/** The AIR chart rules (shared/charts.ts): buckets, months, quarters, the reference aggregation and the list link. */
import {
  ageBucket,
  assetListHref,
  chartsOf,
  quarterOf,
  quartersEnd,
  replacementQuarters,
  warrantyEnd,
  warrantyMonths,
  type ChartAsset,
} from '../shared/charts';
import type { LifecycleSettings } from '../shared/lifecycle';

const laptop: LifecycleSettings = {
  default_replacement_cost: 1200,
  default_life_in_months: 48,
  approaching_duration_in_months_eol: 6,
  approaching_duration_in_months_warranty: 3,
};
const server: LifecycleSettings = { ...laptop, default_replacement_cost: 8000, default_life_in_months: 60 };
const asset = (over: Partial<ChartAsset>): ChartAsset => ({
  asset_type_id: 1,
  asset_type: 'Laptop',
  settings: laptop,
  purchase_date: null,
  warranty_expiry: null,
  eol_date: null,
  cost: null,
  ...over,
});

test('age buckets: whole years, 5+ above, unknown without a purchase date', () => {
  expect([0, 11, 12, 23, 24, 59, 60, 200].map(ageBucket)).toEqual([
    '0-1',
    '0-1',
    '1-2',
    '1-2',
    '2-3',
    '4-5',
    '5+',
    '5+',
  ]);
  expect(ageBucket(null)).toBe('unknown');
});

test('warranty months: 12 from the month of asOf, across the year end; the window ends after the 12th month', () => {
  expect(warrantyMonths('2026-11-27')).toEqual([
    '2026-11',
    '2026-12',
    '2027-01',
    '2027-02',
    '2027-03',
    '2027-04',
    '2027-05',
    '2027-06',
    '2027-07',
    '2027-08',
    '2027-09',
    '2027-10',
  ]);
  expect(warrantyEnd('2026-11-27')).toBe('2027-11-01');
  expect(warrantyEnd('2026-01-31')).toBe('2027-01-01');
});

test('quarters: calendar quarters from the quarter of asOf; 4 to 8 of them', () => {
  expect(quarterOf('2026-01-01')).toBe('2026-Q1');
  expect(quarterOf('2026-03-31')).toBe('2026-Q1');
  expect(quarterOf('2026-04-01')).toBe('2026-Q2');
  expect(quarterOf('2026-12-31')).toBe('2026-Q4');
  expect(replacementQuarters('2026-11-27', 4)).toEqual([
    { quarter: '2026-Q4', start: '2026-10-01' },
    { quarter: '2027-Q1', start: '2027-01-01' },
    { quarter: '2027-Q2', start: '2027-04-01' },
    { quarter: '2027-Q3', start: '2027-07-01' },
  ]);
  expect(quartersEnd('2026-11-27', 4)).toBe('2027-10-01');
  expect(quartersEnd('2026-11-27', 8)).toBe('2028-10-01');
});

describe('chartsOf (the reference the SQL is checked against)', () => {
  const asOf = '2026-11-27';
  const assets: ChartAsset[] = [
    // Bought 2022-11-27: EOL 2026-11-27 (reached today: overdue), 4 years old, cost from the type: 1200.
    asset({ purchase_date: '2022-11-27', warranty_expiry: '2025-11-27' }),
    // EOL in 2027-02 (approaching, Q1, within 90 days), own cost 1500, warranty expiring in 2026-12.
    asset({ purchase_date: '2023-02-15', warranty_expiry: '2026-12-10', cost: 1500 }),
    // Healthy laptop: EOL 2029-06-01 (beyond 8 quarters), warranty in 2027-06.
    asset({ purchase_date: '2025-06-01', warranty_expiry: '2027-06-30' }),
    // Server with an explicit EOL 2027-05-20 (Q2, within 180 days), no purchase date.
    asset({
      asset_type_id: 2,
      asset_type: 'Server',
      settings: server,
      eol_date: '2027-05-20',
      warranty_expiry: '2026-11-27',
    }),
    // No type, nothing known: unknown, no cost, age unknown.
    asset({ asset_type_id: null, asset_type: null, settings: null }),
    // No type with a cost and a warranty that expired earlier this month (not in the chart).
    asset({ asset_type_id: null, asset_type: null, settings: null, cost: 300, warranty_expiry: '2026-11-02' }),
  ];
  const c = chartsOf(assets, asOf, 4);

  test('lifecycle counts: every state in precedence order', () => {
    expect(c.total).toBe(6);
    expect(Object.fromEntries(c.lifecycle.map((l) => [l.state, l.count]))).toEqual({
      eol_reached: 1,
      out_of_warranty: 1,
      eol_approaching: 2,
      warranty_expiring: 0,
      unknown: 1,
      healthy: 1,
    });
    expect(c.lifecycle[0]).toEqual({ state: 'eol_reached', label: 'End of life reached', count: 1 });
  });

  test('warranty expiries: from asOf (today included) per month, zeros kept', () => {
    expect(c.warrantyExpiries).toHaveLength(12);
    expect(c.warrantyExpiries.filter((m) => m.count)).toEqual([
      { month: '2026-11', count: 1 },
      { month: '2026-12', count: 1 },
      { month: '2027-06', count: 1 },
    ]);
  });

  test('replacement per quarter, overdue apart, and the cumulative due soon windows', () => {
    expect(c.replacementByQuarter).toEqual([
      { quarter: '2026-Q4', start: '2026-10-01', count: 0, cost: 0 },
      { quarter: '2027-Q1', start: '2027-01-01', count: 1, cost: 1500 },
      { quarter: '2027-Q2', start: '2027-04-01', count: 1, cost: 8000 },
      { quarter: '2027-Q3', start: '2027-07-01', count: 0, cost: 0 },
    ]);
    expect(c.overdue).toEqual({ count: 1, cost: 1200 });
    expect(c.dueSoon).toEqual([
      { days: 90, count: 1, cost: 1500 },
      { days: 120, count: 1, cost: 1500 },
      { days: 180, count: 2, cost: 9500 },
      { days: 365, count: 2, cost: 9500 },
    ]);
  });

  test('per type: count, average age (months), average and total replacement cost; No type last', () => {
    expect(c.types).toEqual([
      {
        asset_type_id: 1,
        asset_type: 'Laptop',
        count: 3,
        average_age_months: 36.7, // 48, 45 and 17 months
        average_replacement_cost: 1300,
        replacement_cost: 3900,
      },
      {
        asset_type_id: 2,
        asset_type: 'Server',
        count: 1,
        average_age_months: null,
        average_replacement_cost: 8000,
        replacement_cost: 8000,
      },
      {
        asset_type_id: null,
        asset_type: 'No type',
        count: 2,
        average_age_months: null,
        average_replacement_cost: 300,
        replacement_cost: 300,
      },
    ]);
    expect(c.ageByType).toEqual([
      { asset_type_id: 1, asset_type: 'Laptop', bucket: '1-2', count: 1 },
      { asset_type_id: 1, asset_type: 'Laptop', bucket: '3-4', count: 1 },
      { asset_type_id: 1, asset_type: 'Laptop', bucket: '4-5', count: 1 },
      { asset_type_id: 2, asset_type: 'Server', bucket: 'unknown', count: 1 },
      { asset_type_id: null, asset_type: 'No type', bucket: 'unknown', count: 2 },
    ]);
  });

  test('no assets: zeros everywhere, 12 months and the asked quarters', () => {
    const e = chartsOf([], asOf, 8);
    expect(e.total).toBe(0);
    expect(e.lifecycle.every((l) => l.count === 0)).toBe(true);
    expect(e.warrantyExpiries).toHaveLength(12);
    expect(e.replacementByQuarter).toHaveLength(8);
    expect(e.types).toEqual([]);
    expect(e.dueSoon.map((w) => w.count)).toEqual([0, 0, 0, 0]);
  });
});

test('the asset list link carries the states and companies in the query', () => {
  expect(assetListHref(['eol_reached'])).toBe('/assetList?states=eol_reached');
  expect(assetListHref(['out_of_warranty', 'eol_reached'], [4, 9])).toBe(
    '/assetList?companies=4%2C9&states=out_of_warranty%2Ceol_reached',
  );
  expect(assetListHref([])).toBe('/assetList');
});
