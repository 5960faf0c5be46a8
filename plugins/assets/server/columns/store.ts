/** SQL of an asset's field sources; each takes the caller's transaction (RLS). */
import type { Trx } from '../../../../kernel/index';
import type { AssetFieldSource } from '../../shared/columns';

export async function assetExists(db: Trx, assetId: number): Promise<boolean> {
  return !!(await db('assets').first('asset_id').where('asset_id', assetId));
}

export async function selectFieldSources(db: Trx, assetId: number): Promise<AssetFieldSource[]> {
  const rows = await db('asset_field_sources')
    .select('field', 'source', 'source_id', 'seen_at')
    .where('asset_id', assetId)
    .orderBy('field');
  return rows.map((r) => ({
    field: r.field as string,
    source: r.source as string,
    source_id: (r.source_id as string | null) ?? null,
    seen_at: r.seen_at instanceof Date ? r.seen_at.toISOString() : String(r.seen_at),
  }));
}
