/**
 * One data table for every list of the workspace (workspace/sdk.ts): a native <table> with Blueprint's HTMLTable
 * styles, modelled by TanStack Table (model.ts).
 *
 * - Sorting by a click on a header (again: the other direction), the direction shown by an arrow and `aria-sort`.
 *   Client data sorts here, blanks last in both directions; a server-sorted table passes `sort` and
 *   `onSortChange` and loads the page sorted (its store puts NULLs last too).
 * - Server paging (`paging`: page, page size, total) or all rows at once.
 * - A column chooser ("Columns"): the columns shown and their order, kept for the user on the server under
 *   `tableKey` (with the last client sort), read back on every visit.
 * - Keyboard: headers are buttons (Left / Right / Home / End move between them); rows that open something
 *   (`onRowOpen`) are focusable, Up / Down move, Enter opens (keyboard.ts).
 * - Loading (rows null: a spinner; `loading`: the rows stay, a spinner in the bar and aria-busy), empty (`empty`),
 *   a sticky header, a box that fills the page's height with both scrollbars in view, optional row selection
 *   (check boxes, shift-click for a range).
 *
 * Keep `columns` stable (a module constant or useMemo): they define the table model.
 */
import { Button, Checkbox, HTMLTable, Icon, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTable, type RowData } from '@tanstack/react-table';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { ColumnChooser } from './ColumnChooser';
import { headerKey, rowKey } from './keyboard';
import {
  columnDefs,
  dataTableFeatures,
  defaultShown,
  isDefaultChoice,
  layoutOf,
  nextSort,
  rangeOf,
  shownColumns,
  sortable,
  sortKeyOf,
  valueText,
  type DataTableColumn,
  type DataTableSort,
} from './model';
import { Pager, countText, type DataTablePaging } from './Pager';
import { useFillHeight } from './fill-height';
import { useTableSettings } from './settings';
import './data-table.css';

export interface DataTableSelection {
  selected: ReadonlySet<string | number>;
  /** Rows chosen (on) or let go (off): one, a shift-click range, or every row of the page. */
  onChange(keys: (string | number)[], on: boolean): void;
}

export interface DataTableProps<T> {
  /** The table's accessible name (and of its scrolling region), e.g. 'Assets'. */
  label: string;
  /** Key of the user's settings on the server ('assetList'); none: the choice lasts while the page is open. */
  tableKey?: string;
  columns: readonly DataTableColumn<T>[];
  /** The rows (of this page, when paged); null while the first load runs. */
  rows: readonly T[] | null;
  rowKey(row: T): string | number;
  /** A reload is running: the rows stay, marked busy. */
  loading?: boolean;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** The singular and plural of a row, for the count ('asset', 'assets'); none: no count line. */
  noun?: readonly [string, string];
  /** Client sorting: the sort before the user chose one. */
  defaultSort?: DataTableSort;
  /** Server sorting: the sort the rows come in (key: a column's sort key) and its change (load again). */
  sort?: DataTableSort;
  onSortChange?(sort: DataTableSort): void;
  /** Server paging. */
  paging?: DataTablePaging;
  /** The name of the paging bar (default: '<Noun> pages'). */
  pagingLabel?: string;
  /** Content shown under a row across the whole table (an inline form, details), or null. */
  rowDetail?(row: T): ReactNode | null;
  /** What Enter on a focused row (or the page's own link in it) opens. */
  onRowOpen?(row: T): void;
  /** The row's name (its accessible name, read when it is focused) and its check box's ('Select …'). */
  rowLabel?(row: T): string;
  selection?: DataTableSelection;
  /** Controls at the end of the bar, before "Columns". */
  toolbar?: ReactNode;
  /** Fill the page's height (default true); false: as tall as the rows (small tables in a card). */
  fill?: boolean;
  /** No column chooser (tables of a few fixed columns). */
  fixedColumns?: boolean;
  className?: string;
  rowClassName?(row: T): string | undefined;
}

const NO_ROWS: never[] = [];
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function DataTable<T extends RowData>(p: DataTableProps<T>) {
  const { columns, rows, tableKey } = p;
  const { settings, save } = useTableSettings(tableKey);
  const server = !!p.onSortChange;
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const defs = useMemo(() => columnDefs(columns), [columns]);
  const shown = useMemo(
    () => shownColumns(columns, settings?.columns ?? null, settings?.hidden ?? null),
    [columns, settings],
  );
  const layout = useMemo(() => layoutOf(columns, shown), [columns, shown]);

  // Client sort: the user's kept one once read, else the default; a click changes it (and keeps it).
  const [clientSort, setClientSort] = useState<DataTableSort | null>(p.defaultSort ?? null);
  const sortApplied = useRef(false);
  useEffect(() => {
    if (sortApplied.current || !settings) return;
    sortApplied.current = true;
    if (settings.sort && byId.get(settings.sort.key) && sortable(byId.get(settings.sort.key)!))
      setClientSort(settings.sort);
  }, [settings, byId]);
  const current: DataTableSort | null = server ? (p.sort ?? null) : clientSort;
  // The column the rows are sorted by (a shown one first: two columns may share a server sort key).
  const sortedColumn = current
    ? [...shown.map((id) => byId.get(id)!), ...columns].find(
        (c) => (server ? sortKeyOf(c) : c.id) === current.key && sortable(c),
      )
    : undefined;
  const sorting = useMemo(
    () => (sortedColumn && current ? [{ id: sortedColumn.id, desc: current.dir === 'desc' }] : []),
    [sortedColumn, current],
  );

  const table = useTable<typeof dataTableFeatures, T>({
    features: dataTableFeatures,
    columns: defs,
    data: (rows ?? NO_ROWS) as T[],
    getRowId: (row: T) => String(p.rowKey(row)),
    manualSorting: server,
    state: { sorting, columnOrder: layout.columnOrder, columnVisibility: layout.columnVisibility },
  });

  const sortBy = (c: DataTableColumn<T>) => {
    const key = server ? sortKeyOf(c) : c.id;
    const next = nextSort(current, key, c.firstDir);
    if (server) p.onSortChange?.(next);
    else {
      setClientSort(next);
      if (tableKey && settings)
        void save({ columns: settings.columns, hidden: settings.hidden, sort: next }).catch(() => undefined);
    }
  };

  // Columns chooser.
  const [choosing, setChoosing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const saveColumns = async (chosen: string[]) => {
    setSaving(true);
    setSaveError(null);
    try {
      const byDefault = isDefaultChoice(columns, chosen);
      await save({
        columns: byDefault ? null : chosen,
        hidden: byDefault ? null : columns.map((c) => c.id).filter((id) => !chosen.includes(id)),
        sort: server ? (settings?.sort ?? null) : clientSort,
      });
      setChoosing(false);
    } catch (e) {
      setSaveError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  // Selection: shift-click ranges from the last box clicked.
  const lastClicked = useRef<number | null>(null);
  const modelRows = table.getRowModel().rows;
  const keys = modelRows.map((r) => p.rowKey(r.original));
  const sel = p.selection;
  const allOnPage = !!sel && keys.length > 0 && keys.every((k) => sel.selected.has(k));
  const someOnPage = !!sel && keys.some((k) => sel.selected.has(k));
  const clickBox = useCallback(
    (i: number, e: MouseEvent<HTMLInputElement>) => {
      if (!sel) return;
      const key = keys[i];
      const on = !sel.selected.has(key);
      const from = lastClicked.current;
      if (e.shiftKey && from !== null && from !== i) sel.onChange(rangeOf(keys, from, i), on);
      else sel.onChange([key], on);
      lastClicked.current = i;
    },
    [sel, keys],
  );

  // Row focus: one row in the tab order at a time.
  const [activeRow, setActiveRow] = useState(0);
  const openable = !!p.onRowOpen;

  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const fill = p.fill ?? true;
  const height = useFillHeight(box, fill);
  // At most down to the page's bottom: a long list fills the page, a short one keeps its own height.
  const boxStyle: CSSProperties | undefined = fill && height ? { maxHeight: height } : undefined;

  const visible = table.getVisibleLeafColumns();
  const selectedCount = sel ? sel.selected.size : 0;
  const busy = !!p.loading || rows === null || (tableKey !== undefined && settings === null);
  const extra = selectedCount > 0 ? ` · ${selectedCount} selected` : '';

  const bar = (
    <div className="lci-dt-bar">
      {p.paging && p.noun ? (
        <Pager paging={p.paging} noun={p.noun} extra={extra} label={p.pagingLabel} />
      ) : p.noun && rows ? (
        <span className="lci-dt-count" aria-live="polite">
          {countText(rows.length, p.noun)}
          {extra}
        </span>
      ) : null}
      {busy && rows !== null && <Spinner size={16} aria-label="Loading" />}
      <span className="lci-dt-tools">
        {p.toolbar}
        {!p.fixedColumns && (
          <Button variant="outlined" icon="column-layout" text="Columns" onClick={() => setChoosing(true)} />
        )}
      </span>
    </div>
  );

  let body: ReactNode;
  if (rows === null || (tableKey !== undefined && settings === null && rows.length > 0)) {
    body = (
      <div className="lci-dt-loading" aria-busy="true">
        <Spinner size={24} aria-label={`Loading ${p.label.toLowerCase()}`} />
      </div>
    );
  } else if (rows.length === 0) {
    body = p.empty ?? <NonIdealState icon="th" title={`No ${p.noun?.[1] ?? 'rows'}`} />;
  } else {
    const offset = p.paging ? (p.paging.page - 1) * p.paging.pageSize : 0;
    body = (
      <div
        ref={setBox}
        className={`lci-dt-scroll${fill ? ' lci-dt-fill' : ''}`}
        style={boxStyle}
        role="region"
        aria-label={p.label}
        tabIndex={0}
      >
        <HTMLTable
          compact
          striped
          interactive={openable}
          className="lci-dt"
          aria-label={p.label}
          aria-busy={busy || undefined}
          aria-rowcount={p.paging ? p.paging.total + 1 : undefined}
          data-rows={modelRows.length}
        >
          <thead>
            <tr aria-rowindex={p.paging ? 1 : undefined}>
              {sel && (
                <th className="lci-dt-check" scope="col">
                  <Checkbox
                    checked={allOnPage}
                    indeterminate={someOnPage && !allOnPage}
                    aria-label="Select all on this page"
                    onChange={() => sel.onChange(keys, !allOnPage)}
                  />
                </th>
              )}
              {visible.map((col) => {
                const c = byId.get(col.id)!;
                const can = sortable(c);
                const dir = sortedColumn?.id === c.id && current ? current.dir : null;
                const style: CSSProperties = { minWidth: c.width };
                return (
                  <th
                    key={c.id}
                    scope="col"
                    aria-sort={can ? (dir ? ARIA_SORT[dir] : 'none') : undefined}
                    className={c.align === 'end' ? 'lci-dt-end' : undefined}
                    style={style}
                  >
                    {can ? (
                      <button
                        type="button"
                        className="lci-dt-sort"
                        title={`Sort by ${c.header}`}
                        onClick={() => sortBy(c)}
                        onKeyDown={(e) => headerKey(e)}
                      >
                        {c.header}
                        <Icon
                          icon={dir === 'asc' ? 'caret-up' : dir === 'desc' ? 'caret-down' : 'double-caret-vertical'}
                          size={12}
                          className={dir ? 'lci-dt-dir' : 'lci-dt-dir-none'}
                          aria-hidden
                        />
                      </button>
                    ) : (
                      c.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {modelRows.map((row, i) => {
              const r = row.original;
              const key = keys[i];
              const detail = p.rowDetail?.(r) ?? null;
              return [
                <tr
                  key={row.id}
                  className={['lci-dt-row', p.rowClassName?.(r)].filter(Boolean).join(' ')}
                  aria-rowindex={p.paging ? offset + i + 2 : undefined}
                  aria-label={p.rowLabel?.(r)}
                  aria-selected={sel ? sel.selected.has(key) : undefined}
                  tabIndex={openable ? (i === Math.min(activeRow, modelRows.length - 1) ? 0 : -1) : undefined}
                  onFocus={openable ? () => setActiveRow(i) : undefined}
                  onKeyDown={openable ? (e) => rowKey(e, () => p.onRowOpen!(r)) : undefined}
                >
                  {sel && (
                    <td className="lci-dt-check">
                      <Checkbox
                        checked={sel.selected.has(key)}
                        aria-label={`Select ${p.rowLabel?.(r) ?? key}`}
                        onClick={(e) => clickBox(i, e as MouseEvent<HTMLInputElement>)}
                        onChange={() => undefined}
                      />
                    </td>
                  )}
                  {row.getVisibleCells().map((cell) => {
                    const c = byId.get(cell.column.id)!;
                    const own = typeof c.className === 'function' ? c.className(r) : c.className;
                    const cls = [c.align === 'end' && 'lci-dt-end', c.wrap && 'lci-dt-wrap', own]
                      .filter(Boolean)
                      .join(' ');
                    return (
                      <td key={cell.id} className={cls || undefined} data-column={c.id}>
                        {c.cell ? c.cell(r) : valueText(c.value?.(r))}
                      </td>
                    );
                  })}
                </tr>,
                detail !== null && (
                  <tr key={`${row.id}-detail`} className="lci-dt-detail">
                    <td colSpan={visible.length + (sel ? 1 : 0)}>{detail}</td>
                  </tr>
                ),
              ];
            })}
          </tbody>
        </HTMLTable>
      </div>
    );
  }

  return (
    <div className={['lci-data-table', p.className].filter(Boolean).join(' ')}>
      {bar}
      {body}
      {!p.fixedColumns && (
        <ColumnChooser
          open={choosing}
          label={p.label}
          columns={columns}
          shown={shown}
          defaults={defaultShown(columns)}
          kept={!!tableKey}
          saving={saving}
          error={saveError}
          onSave={(c) => void saveColumns(c)}
          onClose={() => setChoosing(false)}
        />
      )}
    </div>
  );
}
