/**
 * The columns of the asset list (/assetList): which the page can show, their titles, the sort each one sorts by and
 * the default set (each user's choice is kept by the kernel's data-table settings). Pure: the server and the browser
 * share it.
 */
import { z } from 'zod';
import { ASSET_LIST_SORTS, type AssetListSort } from './api';

export const ASSET_LIST_COLUMNS = [
  'name',
  'company',
  'asset_type',
  'status',
  'serial',
  'make',
  'model',
  'purchase_date',
  'warranty_start',
  'warranty_expiry',
  'warranty_state',
  'eol_date',
  'lifecycle_state',
  'replacement_due',
  'due_soon',
  'age',
  'operating_system',
  'assigned_to',
  'cost',
  'replacement_cost',
  'source',
  'source_id',
  'last_seen_at',
  'updated_at',
  'notes',
] as const;
export type AssetListColumn = (typeof ASSET_LIST_COLUMNS)[number];

export const ASSET_COLUMN_TITLES: Record<AssetListColumn, string> = {
  name: 'Name',
  company: 'Company',
  asset_type: 'Type',
  status: 'Status',
  serial: 'Serial',
  make: 'Make',
  model: 'Model',
  purchase_date: 'Purchased',
  warranty_start: 'Warranty start',
  warranty_expiry: 'Warranty expiry',
  warranty_state: 'Warranty',
  eol_date: 'End of life',
  lifecycle_state: 'Lifecycle',
  replacement_due: 'Replacement due',
  due_soon: 'Due soon',
  age: 'Age (months)',
  operating_system: 'Operating system',
  assigned_to: 'Assigned to',
  cost: 'Cost',
  replacement_cost: 'Replacement cost',
  source: 'Source',
  source_id: 'Source id',
  last_seen_at: 'Last seen',
  updated_at: 'Updated',
  notes: 'Notes',
};

/** The sort of the assetList route a column header sorts by (none: not sortable). */
export function sortOfColumn(c: AssetListColumn): AssetListSort | null {
  if (c === 'due_soon') return 'replacement_due';
  return (ASSET_LIST_SORTS as readonly string[]).includes(c) ? (c as AssetListSort) : null;
}

/**
 * The columns of a user who chose none, in their order: what names the asset, then its lifecycle (warranty expiry,
 * lifecycle state, replacement due: in view at 1400 px), then the rest.
 */
export const DEFAULT_ASSET_COLUMNS: readonly AssetListColumn[] = [
  'name',
  'company',
  'warranty_expiry',
  'lifecycle_state',
  'replacement_due',
  'asset_type',
  'status',
  'serial',
  'make',
  'model',
  'age',
];

/** The key of the list's settings of each user (the kernel's data-table settings: GET/PUT tableSettings/assetList). */
export const ASSET_LIST_TABLE_KEY = 'assetList';

/** An asset's field sources (asset_field_sources): which source gave each field, and when. */
export const assetFieldSource = z.object({
  field: z.string(),
  source: z.string(),
  source_id: z.string().nullable(),
  seen_at: z.string(),
});
export type AssetFieldSource = z.output<typeof assetFieldSource>;
export const assetSourcesAnswer = z.object({ sources: z.array(assetFieldSource) });
export const assetSourcesPath = (tenantId: number, assetId: number) =>
  `/v3/tenant/${tenantId}/assets/${assetId}/sources`;
