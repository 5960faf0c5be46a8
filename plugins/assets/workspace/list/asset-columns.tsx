/**
 * The asset list's columns as the DataTable declares them: the default set first in its order (the lifecycle
 * columns early, so they are in view), then the others hidden until a user shows them; each sorts on the server by
 * its sort of the assetList route (none: not sortable). The name opens the asset's drawer.
 */
import type { DataTableColumn, TenantFormatter } from '../../../../workspace/sdk';
import type { Asset } from '../../shared/api';
import {
  ASSET_COLUMN_TITLES,
  ASSET_LIST_COLUMNS,
  DEFAULT_ASSET_COLUMNS,
  sortOfColumn,
  type AssetListColumn,
} from '../../shared/columns';
import { cellText } from './format';

const WIDTHS: Partial<Record<AssetListColumn, number>> = {
  name: 160,
  company: 140,
  lifecycle_state: 130,
};
const NUMERIC: ReadonlySet<AssetListColumn> = new Set(['age', 'cost', 'replacement_cost']);

export function assetColumns(f: TenantFormatter, onOpen: (a: Asset) => void): DataTableColumn<Asset>[] {
  const order = [...DEFAULT_ASSET_COLUMNS, ...ASSET_LIST_COLUMNS.filter((c) => !DEFAULT_ASSET_COLUMNS.includes(c))];
  return order.map((c): DataTableColumn<Asset> => ({
    id: c,
    header: ASSET_COLUMN_TITLES[c],
    value: (a) => cellText(a, c, f),
    sort: sortOfColumn(c) ?? false,
    align: NUMERIC.has(c) ? 'end' : undefined,
    width: WIDTHS[c],
    wrap: c === 'notes',
    defaultShown: DEFAULT_ASSET_COLUMNS.includes(c),
    required: c === 'name',
    className: c === 'lifecycle_state' ? (a) => `asset-state asset-state-${a.lifecycle_state}` : undefined,
    cell:
      c === 'name'
        ? (a) => (
            <button type="button" className="asset-link" onClick={() => onOpen(a)}>
              {a.name}
            </button>
          )
        : undefined,
  }));
}
