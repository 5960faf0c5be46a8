/** Asset statuses (platform.md section 3 "Asset status", 4.6): the update toggles is_active / active_flag of the listed ids. */
import { notFound, type Trx } from '../../../kernel/index';
import type { AssetStatusRow } from '../shared/api-types';
import { toggleAssetStatuses } from '../shared/asset-status-toggle';

const shape = (r: {
  tenant_asset_status_id: number;
  moniker: string;
  is_active: boolean;
  sort: number;
}): AssetStatusRow => ({
  tenant_asset_status_id: Number(r.tenant_asset_status_id),
  moniker: r.moniker,
  is_active: r.is_active,
  active_flag: r.is_active ? 1 : 0,
  sort: Number(r.sort),
});

export async function listAssetStatuses(db: Trx): Promise<AssetStatusRow[]> {
  return (
    await db('tenant_asset_statuses')
      .select('tenant_asset_status_id', 'moniker', 'is_active', 'sort')
      .orderBy('sort')
      .orderBy('moniker')
  ).map(shape);
}

/** Toggles the listed statuses; every id must be the tenant's (404 otherwise, nothing changed). Returns how many changed. */
export async function toggleStatuses(db: Trx, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = (
    await db('tenant_asset_statuses')
      .whereIn('tenant_asset_status_id', unique)
      .select('tenant_asset_status_id', 'moniker', 'is_active', 'sort')
      .forUpdate()
  ).map(shape);
  if (rows.length !== unique.length) throw notFound('Asset status not found');
  const toggled = toggleAssetStatuses(rows, unique);
  for (const s of toggled)
    await db('tenant_asset_statuses')
      .where({ tenant_asset_status_id: s.tenant_asset_status_id })
      .update({ is_active: s.is_active, updated_at: db.fn.now() });
  return toggled.length;
}

export async function addAssetStatus(db: Trx, tenantId: number, moniker: string): Promise<number> {
  const [{ max }] = await db('tenant_asset_statuses').max<{ max: number | null }[]>({ max: 'sort' });
  const [row] = await db('tenant_asset_statuses')
    .insert({ tenant_id: tenantId, moniker, sort: Number(max ?? 0) + 1 })
    .returning('tenant_asset_status_id');
  return Number(row.tenant_asset_status_id);
}
