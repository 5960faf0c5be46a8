/**
 * The asset list's table: a Blueprint Table (only the visible cells are rendered), the user's columns in their order,
 * a checkbox column for choosing rows (shift-click: the range from the last one clicked; the header box: every row
 * of the page), sorting by a click on a column header (again: the other direction). The name opens the asset's
 * drawer; so does Enter on a focused cell (arrow keys move the focus).
 */
import { Checkbox, HotkeysProvider, Icon } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, Table, type FocusedCellCoordinates } from '@blueprintjs/table';
import '@blueprintjs/table/lib/css/table.css';
import { useCallback, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useTenantFormat } from '../../../../workspace/sdk';
import type { Asset, AssetListSort } from '../../shared/api';
import { ASSET_COLUMN_TITLES, sortOfColumn, type AssetListColumn } from '../../shared/columns';
import { cellText } from './format';
import { rangeIds } from './list-query';

const WIDTHS: Partial<Record<AssetListColumn, number>> = {
  name: 200,
  company: 180,
  notes: 260,
  lifecycle_state: 190,
  operating_system: 170,
};
const NUMERIC: ReadonlySet<AssetListColumn> = new Set(['age', 'cost', 'replacement_cost']);

export interface AssetTableProps {
  assets: Asset[];
  columns: AssetListColumn[];
  sort: AssetListSort;
  dir: 'asc' | 'desc';
  /** null: no selection column (Read Only). */
  selected: ReadonlySet<number> | null;
  onSelect(ids: number[], on: boolean): void;
  onSort(sort: AssetListSort, dir: 'asc' | 'desc'): void;
  onOpen(asset: Asset): void;
}

export function AssetTable({ assets, columns, sort, dir, selected, onSelect, onSort, onOpen }: AssetTableProps) {
  const f = useTenantFormat();
  const lastClicked = useRef<number | null>(null);
  const focusedRow = useRef<number | null>(null);
  const selectable = selected !== null;
  const allOnPage = selectable && assets.length > 0 && assets.every((a) => selected.has(a.asset_id));
  const someOnPage = selectable && assets.some((a) => selected.has(a.asset_id));

  const clickBox = useCallback(
    (row: number, e: MouseEvent<HTMLInputElement>) => {
      const a = assets[row];
      if (!a || !selected) return;
      const on = !selected.has(a.asset_id);
      const from = lastClicked.current;
      if (e.shiftKey && from !== null && from !== row)
        onSelect(
          rangeIds(assets, from, row, (x) => x.asset_id),
          on,
        );
      else onSelect([a.asset_id], on);
      lastClicked.current = row;
    },
    [assets, selected, onSelect],
  );

  const boxCell = useCallback(
    (row: number) => {
      const a = assets[row];
      if (!a || !selected) return <Cell />;
      return (
        <Cell interactive className="asset-check-cell">
          <Checkbox
            checked={selected.has(a.asset_id)}
            aria-label={`Select ${a.name}`}
            onClick={(e) => clickBox(row, e as MouseEvent<HTMLInputElement>)}
            onChange={() => undefined}
          />
        </Cell>
      );
    },
    [assets, selected, clickBox],
  );

  const valueCell = useCallback(
    (c: AssetListColumn) => (row: number) => {
      const a = assets[row];
      if (!a) return <Cell />;
      const text = cellText(a, c, f);
      if (c === 'name')
        return (
          <Cell interactive tooltip={text} className="asset-name-cell">
            <button type="button" className="asset-link" onClick={() => onOpen(a)}>
              {text}
            </button>
          </Cell>
        );
      return (
        <Cell
          tooltip={text}
          className={`${NUMERIC.has(c) ? 'asset-num' : ''} ${c === 'lifecycle_state' ? `asset-state asset-state-${a.lifecycle_state}` : ''}`}
        >
          {text}
        </Cell>
      );
    },
    [assets, f, onOpen],
  );

  const header = useCallback(
    (c: AssetListColumn) => () => {
      const s = sortOfColumn(c);
      const title = ASSET_COLUMN_TITLES[c];
      if (!s) return <ColumnHeaderCell name={title} />;
      const active = s === sort;
      return (
        <ColumnHeaderCell
          name={title}
          nameRenderer={() => (
            <button
              type="button"
              className="asset-sort"
              aria-label={`Sort by ${title}${active ? (dir === 'asc' ? ', sorted ascending' : ', sorted descending') : ''}`}
              onClick={() => onSort(s, active && dir === 'asc' ? 'desc' : 'asc')}
            >
              {title}
              {active && <Icon icon={dir === 'asc' ? 'caret-up' : 'caret-down'} size={12} />}
            </button>
          )}
        />
      );
    },
    [sort, dir, onSort],
  );

  const boxHeader = useCallback(
    () => (
      <ColumnHeaderCell
        nameRenderer={() => (
          <Checkbox
            checked={allOnPage}
            indeterminate={someOnPage && !allOnPage}
            aria-label="Select all on this page"
            onChange={() =>
              onSelect(
                assets.map((a) => a.asset_id),
                !allOnPage,
              )
            }
          />
        )}
      />
    ),
    [assets, allOnPage, someOnPage, onSelect],
  );

  const widths = useMemo(
    () => [...(selectable ? [40] : []), ...columns.map((c) => WIDTHS[c] ?? 140)],
    [columns, selectable],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter') return;
    const t = e.target as HTMLElement;
    if (t.closest('button, input, a')) return;
    const a = focusedRow.current === null ? undefined : assets[focusedRow.current];
    if (a) {
      e.preventDefault();
      e.stopPropagation();
      onOpen(a);
    }
  };

  return (
    <HotkeysProvider>
      <div
        className="asset-table"
        role="region"
        aria-label="Assets"
        data-rows={assets.length}
        onKeyDownCapture={onKeyDown}
      >
        <Table
          key={columns.join(',') + (selectable ? '+' : '')}
          numRows={assets.length}
          enableRowHeader={false}
          enableFocusedCell
          onFocusedCell={(c: FocusedCellCoordinates) => {
            focusedRow.current = c.row;
          }}
          enableMultipleSelection={false}
          columnWidths={widths}
          defaultRowHeight={30}
          numFrozenColumns={selectable ? 2 : 1}
          cellRendererDependencies={[assets, selected, f, sort, dir]}
        >
          {[
            ...(selectable
              ? [<Column key="select" id="select" cellRenderer={boxCell} columnHeaderCellRenderer={boxHeader} />]
              : []),
            ...columns.map((c) => (
              <Column
                key={c}
                id={c}
                name={ASSET_COLUMN_TITLES[c]}
                cellRenderer={valueCell(c)}
                columnHeaderCellRenderer={header(c)}
              />
            )),
          ]}
        </Table>
      </div>
    </HotkeysProvider>
  );
}
