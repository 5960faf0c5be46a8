/**
 * SQL of the assets import and the demo data (part E), and nothing else: each function takes the caller's
 * transaction (tenant-scoped under RLS). Writes are in bulk (one insert per chunk, one upsert of field sources).
 */
import type { Trx } from '../../../kernel/index';
import { COMPANY_TABLES } from '../../companies/public';
import type { AssetValues } from '../server/store';
import type { Asset } from '../shared/api';
import type { AssetSource } from '../shared/fields';

const ASSETS = 'assets';
const FIELD_SOURCES = 'asset_field_sources';

/** A tenant's asset types, statuses and company locations, by lower-case name. */
export interface Vocabulary {
  types: Map<string, number>;
  statuses: Map<string, number>;
  /** `${tenant_company_id}|${lower(location_name)}` -> location id. */
  locations: Map<string, number>;
}

export async function selectVocabulary(db: Trx): Promise<Vocabulary> {
  const { assetTypes, assetStatuses, locations } = COMPANY_TABLES;
  const [types, statuses, locs] = await Promise.all([
    db(assetTypes.table).select(`${assetTypes.id} as id`, 'asset_type_moniker as name'),
    db(assetStatuses.table).select(`${assetStatuses.id} as id`, 'moniker as name'),
    db(locations.table).select(`${locations.id} as id`, 'tenant_company_id', 'location_name as name'),
  ]);
  const byName = (rows: { id: number | string; name: string }[]) =>
    new Map(rows.map((r) => [r.name.trim().toLowerCase(), Number(r.id)]));
  return {
    types: byName(types),
    statuses: byName(statuses),
    locations: new Map(
      (locs as { id: number | string; tenant_company_id: number | string; name: string }[])
        .filter((r) => r.name !== '-1')
        .map((r) => [`${Number(r.tenant_company_id)}|${r.name.trim().toLowerCase()}`, Number(r.id)]),
    ),
  };
}

/** An existing asset as the merge reads it: dates as YYYY-MM-DD, the last seen time as ISO text. */
export type StoredAsset = AssetValues &
  Pick<Asset, 'asset_id' | 'last_seen_at' | 'source' | 'source_id' | 'updated_at'>;

const day = (col: string) => `to_char(${col}, 'YYYY-MM-DD') as ${col}`;

/** Assets whose serial, lower case without spaces, is one of `squashedSerials` (the caller checks the make). */
export async function selectAssetsBySerial(db: Trx, squashedSerials: readonly string[]): Promise<StoredAsset[]> {
  if (!squashedSerials.length) return [];
  const rows = await db(ASSETS)
    .whereNotNull('serial')
    .whereRaw("regexp_replace(lower(serial), '\\s+', '', 'g') = any(?)", [[...new Set(squashedSerials)]])
    .orderBy('asset_id')
    .select(
      'asset_id',
      'tenant_company_id',
      'asset_type_id',
      'tenant_asset_status_id',
      'location_id',
      'name',
      'serial',
      'make',
      'model',
      db.raw(day('purchase_date')),
      db.raw(day('warranty_start')),
      db.raw(day('warranty_expiry')),
      db.raw(day('eol_date')),
      'operating_system',
      'assigned_to',
      'cost',
      'notes',
      'last_seen_at',
      'source',
      'source_id',
      'updated_at',
    );
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return rows.map((r: Record<string, unknown>) => ({
    ...(r as unknown as StoredAsset),
    asset_id: Number(r.asset_id),
    tenant_company_id: Number(r.tenant_company_id),
    asset_type_id: n(r.asset_type_id),
    tenant_asset_status_id: n(r.tenant_asset_status_id),
    location_id: n(r.location_id),
    cost: n(r.cost),
    last_seen_at: iso(r.last_seen_at),
    updated_at: iso(r.updated_at) as string,
  }));
}

export interface FieldSourceRow {
  asset_id: number;
  field: string;
  source: AssetSource;
  source_id: string | null;
  seen_at: string;
}

export async function selectFieldSourcesOf(db: Trx, assetIds: readonly number[]): Promise<FieldSourceRow[]> {
  if (!assetIds.length) return [];
  const rows = await db(FIELD_SOURCES)
    .whereIn('asset_id', [...new Set(assetIds)])
    .select('asset_id', 'field', 'source', 'source_id', 'seen_at');
  return rows.map((r: FieldSourceRow & { seen_at: Date | string }) => ({
    ...r,
    asset_id: Number(r.asset_id),
    seen_at: new Date(r.seen_at).toISOString(),
  }));
}

/** The stored columns an import or the demo data writes: the edited fields, where they came from and when. */
export type AssetInsert = AssetValues & Pick<Asset, 'source' | 'source_id' | 'last_seen_at'>;

/** Inserts the rows in chunks; answers their ids in the order given. */
export async function insertAssets(db: Trx, tenantId: number, rows: readonly AssetInsert[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const out = await db(ASSETS)
      .insert(rows.slice(i, i + 500).map((r) => ({ tenant_id: tenantId, ...r })))
      .returning('asset_id');
    ids.push(...out.map((o: { asset_id: number | string }) => Number(o.asset_id)));
  }
  return ids;
}

/** Changes an asset's columns (a new version); no version check: the import holds the row it read. */
export async function patchAsset(db: Trx, assetId: number, patch: Partial<AssetInsert>): Promise<void> {
  if (!Object.keys(patch).length) return;
  await db(ASSETS)
    .where({ asset_id: assetId })
    .update({ ...patch, version: db.raw('version + 1'), updated_at: db.fn.now() });
}

/** Upserts the source of each field (one row per asset and field; the newest replaces). */
export async function upsertFieldSources(db: Trx, tenantId: number, rows: readonly FieldSourceRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db(FIELD_SOURCES)
      .insert(rows.slice(i, i + 1000).map((r) => ({ tenant_id: tenantId, ...r })))
      .onConflict(['tenant_id', 'asset_id', 'field'])
      .merge(['source', 'source_id', 'seen_at']);
  }
}

/** The demo data's identities already present: names by company, and make|serial keys (lower case). */
export async function selectAssetIdentities(db: Trx): Promise<{ names: Set<string>; serials: Set<string> }> {
  const rows = (await db(ASSETS).select('tenant_company_id', 'name', 'make', 'serial')) as {
    tenant_company_id: number | string;
    name: string;
    make: string | null;
    serial: string | null;
  }[];
  return {
    names: new Set(rows.map((r) => `${Number(r.tenant_company_id)}|${r.name.toLowerCase()}`)),
    serials: new Set(
      rows.filter((r) => r.serial !== null).map((r) => `${(r.make ?? '').toLowerCase()}|${r.serial!.toLowerCase()}`),
    ),
  };
}
