/**
 * The DataTable's model (model.ts) through TanStack Table's own sorted row model (table-core, as the component
 * uses it): blanks (null, undefined, empty text, invalid dates) last in both directions, numbers, dates and texts
 * in their natural order, ties in the rows' order; the user's saved columns read against the table's columns; the
 * sort a header click gives.
 */
import { constructTable, tableFeatures, type SortingState } from '@tanstack/table-core';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import {
  columnDefs,
  compareValues,
  dataTableFeatures,
  isDefaultChoice,
  layoutOf,
  nextSort,
  rangeOf,
  shownColumns,
  sortValue,
  type DataTableColumn,
} from './model';

interface Asset {
  name: string;
  expiry: string | null;
  cost?: number | null;
  seen?: Date | null;
}

const columns: DataTableColumn<Asset>[] = [
  { id: 'name', header: 'Name', value: (a) => a.name, required: true },
  { id: 'expiry', header: 'Warranty expiry', value: (a) => a.expiry },
  { id: 'cost', header: 'Cost', value: (a) => a.cost, align: 'end' },
  { id: 'seen', header: 'Last seen', value: (a) => a.seen, defaultShown: false },
  { id: 'actions', header: 'Actions', cell: () => null, sort: false },
];

const features = tableFeatures({ ...dataTableFeatures, coreReactivityFeature: storeReactivityBindings() });

function sorted(data: Asset[], sorting: SortingState): string[] {
  const table = constructTable({
    features,
    columns: columnDefs(columns),
    data,
    getRowId: (a: Asset) => a.name,
    state: { sorting },
  });
  return table.getRowModel().rows.map((r) => r.original.name);
}

const rows: Asset[] = [
  { name: 'a', expiry: '2026-05-01', cost: 100 },
  { name: 'b', expiry: null, cost: null },
  { name: 'c', expiry: '2025-01-31', cost: 9 },
  { name: 'd', expiry: '', cost: undefined },
  { name: 'e', expiry: '2027-12-31', cost: 1200 },
  { name: 'f', expiry: null, cost: 0 },
];

test('blank warranty expiries come last ascending and descending; the others in date order', () => {
  expect(sorted(rows, [{ id: 'expiry', desc: false }])).toEqual(['c', 'a', 'e', 'b', 'd', 'f']);
  expect(sorted(rows, [{ id: 'expiry', desc: true }])).toEqual(['e', 'a', 'c', 'b', 'd', 'f']);
});

test('numbers sort by value (not as text), zero is a value, blanks last both ways', () => {
  expect(sorted(rows, [{ id: 'cost', desc: false }])).toEqual(['f', 'c', 'a', 'e', 'b', 'd']);
  expect(sorted(rows, [{ id: 'cost', desc: true }])).toEqual(['e', 'a', 'c', 'f', 'b', 'd']);
});

test('dates by time, invalid dates blank; texts naturally (case and digits)', () => {
  const dated: Asset[] = [
    { name: 'x', expiry: null, seen: new Date('2024-03-01T10:00:00Z') },
    { name: 'y', expiry: null, seen: new Date('invalid') },
    { name: 'z', expiry: null, seen: new Date('2023-12-31T23:59:59Z') },
  ];
  expect(sorted(dated, [{ id: 'seen', desc: false }])).toEqual(['z', 'x', 'y']);
  expect(sorted(dated, [{ id: 'seen', desc: true }])).toEqual(['x', 'z', 'y']);
  const named = ['Laptop 10', 'laptop 9', 'Desk', 'ärmel'].map((name) => ({ name, expiry: null }));
  expect(sorted(named, [{ id: 'name', desc: false }])).toEqual(['ärmel', 'Desk', 'laptop 9', 'Laptop 10']);
  expect(compareValues('a', 'A')).toBe(0);
  expect(compareValues(2, 10)).toBeLessThan(0);
  expect([sortValue('  '), sortValue(null), sortValue(Number.NaN), sortValue(0), sortValue(false)]).toEqual([
    undefined,
    undefined,
    undefined,
    0,
    false,
  ]);
});

test('a column without a sort is left alone; no sort keeps the rows in their order', () => {
  expect(sorted(rows, [{ id: 'actions', desc: false }])).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  expect(sorted(rows, [])).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
});

test("the user's saved columns: known ones once in their order, required and later ones kept, nothing known the default", () => {
  expect(shownColumns(columns, null)).toEqual(['name', 'expiry', 'cost', 'actions']);
  expect(shownColumns(columns, ['cost', 'seen', 'cost', 'gone', 'name'])).toEqual(['cost', 'seen', 'name']);
  expect(shownColumns(columns, ['expiry'])).toEqual(['name', 'expiry']);
  expect(shownColumns(columns, ['gone'])).toEqual(['name', 'expiry', 'cost', 'actions']);
  // A column added after the choice was saved shows when it shows by default (and the choice recorded the hidden).
  expect(shownColumns(columns, ['cost', 'name'], ['expiry', 'seen'])).toEqual(['cost', 'name', 'actions']);
  expect(shownColumns(columns, ['cost', 'name'], null)).toEqual(['cost', 'name']);
  expect(isDefaultChoice(columns, ['name', 'expiry', 'cost', 'actions'])).toBe(true);
  expect(isDefaultChoice(columns, ['name', 'cost', 'expiry', 'actions'])).toBe(false);
  expect(layoutOf(columns, ['cost', 'name'])).toEqual({
    columnOrder: ['cost', 'name', 'expiry', 'seen', 'actions'],
    columnVisibility: { cost: true, name: true, expiry: false, seen: false, actions: false },
  });
});

test('a header click sorts by its column first way, again the other way', () => {
  expect(nextSort(null, 'expiry')).toEqual({ key: 'expiry', dir: 'asc' });
  expect(nextSort({ key: 'expiry', dir: 'asc' }, 'expiry')).toEqual({ key: 'expiry', dir: 'desc' });
  expect(nextSort({ key: 'expiry', dir: 'desc' }, 'expiry')).toEqual({ key: 'expiry', dir: 'asc' });
  expect(nextSort({ key: 'expiry', dir: 'desc' }, 'cost', 'desc')).toEqual({ key: 'cost', dir: 'desc' });
});

test('a shift-click range covers the rows between the two clicks, either way', () => {
  const keys = [10, 11, 12, 13, 14];
  expect(rangeOf(keys, 1, 3)).toEqual([11, 12, 13]);
  expect(rangeOf(keys, 4, 2)).toEqual([12, 13, 14]);
  expect(rangeOf(keys, 2, 2)).toEqual([12]);
});
