/**
 * The asset list's url state (workspace/list/list-query.ts): a reload reads back what the page wrote, junk in the url
 * falls back to the defaults, the API query carries the filters (paging left out for the CSV), and a shift-click
 * range covers the rows between two clicks in either direction. The columns' merge (shared/columns.ts) too.
 */
import { DEFAULT_ASSET_COLUMNS, normalizeColumns, sortOfColumn } from '../shared/columns';
import {
  apiQuery,
  DEFAULT_STATE,
  hasFilters,
  listStateQuery,
  parseListState,
  rangeIds,
  type ListState,
} from '../workspace/list/list-query';

test('the url keeps every filter, the sort and the page; defaults are left out', () => {
  const s: ListState = {
    search: 'dell latitude',
    companies: [3, 7],
    types: [2],
    statuses: [5],
    states: ['warranty_expiring', 'eol_approaching'],
    dueSoon: 180,
    sort: 'replacement_due',
    dir: 'desc',
    page: 3,
    pageSize: 250,
  };
  const q = listStateQuery(s);
  expect(parseListState(`?${q}`)).toEqual(s);
  expect(listStateQuery(DEFAULT_STATE)).toBe('');
  expect(listStateQuery({ ...DEFAULT_STATE, states: ['unknown'] })).toBe('states=unknown');
  expect(listStateQuery({ ...DEFAULT_STATE, dueSoon: 90 })).toBe('dueSoon=90');
});

test('junk in the url falls back to the defaults', () => {
  expect(
    parseListState('?companies=1,x,-4,0,9&states=healthy,nope&sort=shoe&dir=up&page=-2&pageSize=77&dueSoon=30'),
  ).toEqual({
    ...DEFAULT_STATE,
    companies: [1, 9],
    states: ['healthy'],
  });
});

test('the API query: filters comma separated, none when empty; the CSV query has no paging', () => {
  const s: ListState = { ...DEFAULT_STATE, search: '  sn-1 ', companies: [1, 2], states: ['out_of_warranty'] };
  expect(apiQuery(s)).toEqual({
    search: 'sn-1',
    tenantCompanyIds: '1,2',
    assetTypeIds: undefined,
    tenantAssetStatusIds: undefined,
    lifecycleStates: 'out_of_warranty',
    dueSoonDays: undefined,
    sort: 'warranty_expiry',
    dir: 'asc',
    page: 1,
    pageSize: 100,
  });
  expect(apiQuery(s, false)).not.toHaveProperty('page');
  expect(apiQuery(s, false)).not.toHaveProperty('pageSize');
  expect(hasFilters(DEFAULT_STATE)).toBe(false);
  expect(hasFilters({ ...DEFAULT_STATE, search: '   ' })).toBe(false);
  expect(hasFilters(s)).toBe(true);
  const due: ListState = { ...DEFAULT_STATE, dueSoon: 365 };
  expect(apiQuery(due, false).dueSoonDays).toBe(365);
  expect(hasFilters(due)).toBe(true);
});

test('a shift-click range covers the rows between the two clicks, either way', () => {
  const rows = [10, 11, 12, 13, 14].map((asset_id) => ({ asset_id }));
  expect(rangeIds(rows, 1, 3, (r) => r.asset_id)).toEqual([11, 12, 13]);
  expect(rangeIds(rows, 4, 2, (r) => r.asset_id)).toEqual([12, 13, 14]);
});

test('saved columns: unknown keys dropped, repeats kept once, nothing known gives the default', () => {
  expect(normalizeColumns(['serial', 'gone', 'name', 'serial'])).toEqual(['serial', 'name']);
  expect(normalizeColumns(['gone'])).toEqual([...DEFAULT_ASSET_COLUMNS]);
  expect(normalizeColumns(null)).toEqual([...DEFAULT_ASSET_COLUMNS]);
  expect(sortOfColumn('due_soon')).toBe('replacement_due');
  expect(sortOfColumn('notes')).toBeNull();
  expect(sortOfColumn('age')).toBe('age');
});
