/** SQL of the asset list's per-user columns and of an asset's field sources; each takes the caller's transaction (RLS). */
import type { Trx } from '../../../../kernel/index';
import type { AssetFieldSource } from '../../shared/columns';

export async function selectColumns(db: Trx, userId: number): Promise<string[] | null> {
  const r = await db('asset_list_columns').first('columns').where('user_id', userId);
  return r ? (r.columns as string[]) : null;
}

export async function upsertColumns(db: Trx, tenantId: number, userId: number, columns: string[]): Promise<void> {
  await db('asset_list_columns')
    .insert({ tenant_id: tenantId, user_id: userId, columns: JSON.stringify(columns), updated_at: db.fn.now() })
    .onConflict(['tenant_id', 'user_id'])
    .merge(['columns', 'updated_at']);
}

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
