/**
 * The columns of the asset list (/assetList): which the page can show, their titles, the sort each one sorts by, the
 * default set, and the choice of each user (saved on the server, GET/PUT assetList/columns). Pure: the server and the
 * browser share it.
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

/** The columns of a user who chose none. */
export const DEFAULT_ASSET_COLUMNS: readonly AssetListColumn[] = [
  'name',
  'company',
  'asset_type',
  'status',
  'serial',
  'make',
  'model',
  'warranty_expiry',
  'lifecycle_state',
  'replacement_due',
  'age',
];

export const isAssetListColumn = (s: string): s is AssetListColumn =>
  (ASSET_LIST_COLUMNS as readonly string[]).includes(s);

/** A saved choice as the page shows it: known columns once each, in the saved order; nothing known: the default. */
export function normalizeColumns(saved: readonly string[] | null | undefined): AssetListColumn[] {
  const out: AssetListColumn[] = [];
  for (const c of saved ?? []) if (isAssetListColumn(c) && !out.includes(c)) out.push(c);
  return out.length ? out : [...DEFAULT_ASSET_COLUMNS];
}

export const assetColumnsPath = (tenantId: number) => `/v3/tenant/${tenantId}/assetList/columns`;

/** PUT assetList/columns: the columns in their order (at least one; each known, once). */
export const assetColumnsBody = z.object({
  columns: z
    .array(z.enum(ASSET_LIST_COLUMNS, { error: 'Unknown column' }))
    .min(1, 'Choose at least one column')
    .max(ASSET_LIST_COLUMNS.length)
    .superRefine((cols, ctx) => {
      cols.forEach((c, i) => {
        if (cols.indexOf(c) !== i) ctx.addIssue({ code: 'custom', path: [i], message: 'Column given twice' });
      });
    }),
});
export type AssetColumnsBody = z.input<typeof assetColumnsBody>;

export const assetColumnsAnswer = z.object({
  columns: z.array(z.enum(ASSET_LIST_COLUMNS)),
  /** false: the user saved none; these are the default. */
  saved: z.boolean(),
});
export type AssetColumnsAnswer = z.output<typeof assetColumnsAnswer>;

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
