/**
 * The DataTable's headless model (TanStack Table v9, @tanstack/react-table): the features it registers (sorting,
 * column visibility and order), the column definitions made from the DataTable's columns, and the comparison of
 * cell values. Blank values (null, undefined, an empty text) sort last in both directions: the accessor gives them
 * as undefined and the columns say `sortUndefined: 'last'`, which the sorted row model applies before the direction.
 * Pure (no React): the unit tests build tables of it with table-core.
 */
import {
  columnOrderingFeature,
  columnVisibilityFeature,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type Row,
  type RowData,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

/** A value a column sorts by (and shows, unless it renders its own cell). */
export type CellValue = string | number | boolean | Date | null | undefined;

export interface DataTableColumn<T> {
  /** Stable id: the key of the user's settings and of the server's sort. */
  id: string;
  /** The header text (also the column's name in the column chooser). */
  header: string;
  /** The value the column sorts by and shows; blank (null, undefined, '') sorts last both ways. */
  value?: (row: T) => CellValue;
  /** The cell's content; default: the value as text. */
  cell?: (row: T) => ReactNode;
  /** false: not sortable. A text: the key sent to a server-sorted table's loader (default: the id). */
  sort?: boolean | string;
  /** The first direction of a click (default 'asc'). */
  firstDir?: 'asc' | 'desc';
  /** Numbers and money: right-aligned. */
  align?: 'start' | 'end';
  /** Least width in pixels (the column is at least this wide). */
  width?: number;
  /** Long texts wrap (notes, descriptions); other cells keep to one line and the table scrolls sideways. */
  wrap?: boolean;
  /** Shown unless the user chose otherwise (default true). */
  defaultShown?: boolean;
  /** Always shown: the chooser cannot hide it (the row's name). */
  required?: boolean;
  /** Class of each cell of the column (or per row). */
  className?: string | ((row: T) => string | undefined);
}

export type SortDir = 'asc' | 'desc';
export interface DataTableSort {
  /** The column id (client sorting) or the column's sort key (server sorting). */
  key: string;
  dir: SortDir;
}

export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnVisibilityFeature,
  columnOrderingFeature,
});
type DataTableFeatures = typeof dataTableFeatures;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** A value as the comparison sees it: blank (null, undefined, empty or white text, an invalid date) is undefined. */
export function sortValue(v: CellValue): Exclude<CellValue, null | ''> {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string') return v.trim() === '' ? undefined : v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v;
  if (typeof v === 'number' && Number.isNaN(v)) return undefined;
  return v;
}

/** Ascending comparison of two values that are not blank: numbers, dates and booleans by value, texts naturally. */
export function compareValues(a: CellValue, b: CellValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** Whether a column sorts at all. */
export const sortable = <T>(c: DataTableColumn<T>): boolean => c.sort !== false && (!!c.value || c.sort !== undefined);
/** The key a column sorts by: its own sort key (server sorting) or its id. */
export const sortKeyOf = <T>(c: DataTableColumn<T>): string => (typeof c.sort === 'string' ? c.sort : c.id);

/** The TanStack column definitions of the DataTable's columns (keep `columns` stable: memoise it). */
export function columnDefs<T extends RowData>(
  columns: readonly DataTableColumn<T>[],
): ColumnDef<DataTableFeatures, T>[] {
  return columns.map((c): ColumnDef<DataTableFeatures, T> => ({
    id: c.id,
    header: c.header,
    accessorFn: (row: T) => sortValue(c.value?.(row)),
    enableSorting: sortable(c),
    enableHiding: !c.required,
    sortDescFirst: c.firstDir === 'desc',
    sortUndefined: 'last',
    sortFn: (a: Row<DataTableFeatures, T>, b: Row<DataTableFeatures, T>, id: string) =>
      compareValues(a.getValue<CellValue>(id), b.getValue<CellValue>(id)),
  }));
}

/** The columns shown by default, in their order. */
export const defaultShown = <T>(columns: readonly DataTableColumn<T>[]): string[] =>
  columns.filter((c) => c.defaultShown !== false || c.required).map((c) => c.id);

/**
 * The columns a user's saved choice shows, in its order: known ids once each, required columns added (in front, in
 * their order) when missing, and columns that came after the choice was saved (in neither `saved` nor `hidden`)
 * added at the end when shown by default; `hidden` null (not recorded): nothing is added. Nothing known (or nothing
 * saved): the default.
 */
export function shownColumns<T>(
  columns: readonly DataTableColumn<T>[],
  saved: readonly string[] | null,
  hidden: readonly string[] | null = null,
): string[] {
  const known = new Set(columns.map((c) => c.id));
  const out: string[] = [];
  for (const id of saved ?? []) if (known.has(id) && !out.includes(id)) out.push(id);
  if (!out.length) return defaultShown(columns);
  const missing = columns.filter((c) => c.required && !out.includes(c.id)).map((c) => c.id);
  const later = hidden
    ? defaultShown(columns).filter((id) => !out.includes(id) && !missing.includes(id) && !hidden.includes(id))
    : [];
  return [...missing, ...out, ...later];
}

/** Whether a choice is the default one (then nothing needs keeping). */
export const isDefaultChoice = <T>(columns: readonly DataTableColumn<T>[], shown: readonly string[]): boolean => {
  const d = defaultShown(columns);
  return d.length === shown.length && d.every((id, i) => shown[i] === id);
};

/** TanStack's column order and visibility for the shown columns (hidden ones after them, explicitly false). */
export function layoutOf<T>(
  columns: readonly DataTableColumn<T>[],
  shown: readonly string[],
): { columnOrder: string[]; columnVisibility: Record<string, boolean> } {
  const hidden = columns.map((c) => c.id).filter((id) => !shown.includes(id));
  return {
    columnOrder: [...shown, ...hidden],
    columnVisibility: Object.fromEntries([...shown.map((id) => [id, true]), ...hidden.map((id) => [id, false])]),
  };
}

/** The next sort after a click on a column's header: the other direction when it is the sort, else its first. */
export function nextSort(current: DataTableSort | null, key: string, firstDir: SortDir = 'asc'): DataTableSort {
  if (current?.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: firstDir };
}

/** The keys between two rows' places (inclusive, either order): a shift-click range of check boxes. */
export function rangeOf<K>(keys: readonly K[], from: number, to: number): K[] {
  const [a, b] = from <= to ? [from, to] : [to, from];
  return keys.slice(a, b + 1);
}

/** The cell's text when the column renders none of its own. */
export function valueText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}
