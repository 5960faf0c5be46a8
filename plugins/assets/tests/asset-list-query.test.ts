/**
 * The asset list's url state (workspace/list/list-query.ts): a reload reads back what the page wrote, junk in the url
 * falls back to the defaults, the API query carries the filters (paging left out for the CSV), and a shift-click
 * The list's columns as its DataTable declares them (workspace/list/asset-columns.tsx) too.
 */
import type { TenantFormatter } from '../../../workspace/sdk';
import { ASSET_LIST_COLUMNS, DEFAULT_ASSET_COLUMNS, sortOfColumn } from '../shared/columns';
import { assetColumns } from '../workspace/list/asset-columns';
import {
  apiQuery,
  DEFAULT_STATE,
  hasFilters,
  listStateQuery,
  parseListState,
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

test('the columns: the default set first (the lifecycle ones among the first five), the rest hidden; the name always shown', () => {
  const cols = assetColumns({} as TenantFormatter, () => undefined);
  expect(cols.map((c) => c.id)).toEqual([
    ...DEFAULT_ASSET_COLUMNS,
    ...ASSET_LIST_COLUMNS.filter((c) => !DEFAULT_ASSET_COLUMNS.includes(c)),
  ]);
  expect(cols.filter((c) => c.defaultShown).map((c) => c.id)).toEqual([...DEFAULT_ASSET_COLUMNS]);
  expect(DEFAULT_ASSET_COLUMNS.slice(0, 5)).toEqual(
    expect.arrayContaining(['warranty_expiry', 'lifecycle_state', 'replacement_due']),
  );
  expect(cols.filter((c) => c.required).map((c) => c.id)).toEqual(['name']);
  // Each sorts on the server by its sort of the assetList route; notes has none.
  const sortOf = Object.fromEntries(cols.map((c) => [c.id, c.sort]));
  expect(sortOf).toMatchObject({
    due_soon: 'replacement_due',
    age: 'age',
    warranty_expiry: 'warranty_expiry',
    notes: false,
  });
  expect(sortOfColumn('notes')).toBeNull();
});
