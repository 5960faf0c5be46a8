/**
 * The asset list's table: the workspace's DataTable over one page of the assetList route, sorted and paged by the
 * server (blank dates last both ways), the columns each user chose kept on the server (tableSettings/assetList),
 * check boxes for choosing rows (shift-click: a range; the header box: the page). The name opens the asset's
 * drawer; so does Enter on a focused row.
 */
import { useMemo, type ReactNode } from 'react';
import { DataTable, useTenantFormat, type DataTablePaging } from '../../../../workspace/sdk';
import type { Asset, AssetListSort } from '../../shared/api';
import { ASSET_LIST_TABLE_KEY } from '../../shared/columns';
import { assetColumns } from './asset-columns';

interface AssetTableProps {
  assets: Asset[];
  sort: AssetListSort;
  dir: 'asc' | 'desc';
  paging: DataTablePaging;
  loading: boolean;
  /** null: no selection column (Read Only). */
  selected: ReadonlySet<number> | null;
  empty: ReactNode;
  onSelect(ids: number[], on: boolean): void;
  onSort(sort: AssetListSort, dir: 'asc' | 'desc'): void;
  onOpen(asset: Asset): void;
}

const NOUN = ['asset', 'assets'] as const;

export function AssetTable(p: AssetTableProps) {
  const f = useTenantFormat();
  const { onOpen, onSelect, selected } = p;
  const columns = useMemo(() => assetColumns(f, onOpen), [f, onOpen]);
  const selection = useMemo(
    () =>
      selected
        ? { selected, onChange: (keys: (string | number)[], on: boolean) => onSelect(keys.map(Number), on) }
        : undefined,
    [selected, onSelect],
  );
  return (
    <DataTable
      label="Assets"
      tableKey={ASSET_LIST_TABLE_KEY}
      className="asset-table"
      columns={columns}
      rows={p.assets}
      rowKey={(a) => a.asset_id}
      rowLabel={(a) => a.name}
      noun={NOUN}
      loading={p.loading}
      empty={p.empty}
      sort={{ key: p.sort, dir: p.dir }}
      onSortChange={(s) => p.onSort(s.key as AssetListSort, s.dir)}
      paging={p.paging}
      selection={selection}
      onRowOpen={onOpen}
    />
  );
}
