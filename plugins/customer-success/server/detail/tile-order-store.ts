/** The tile order of the company detail page, saved per user (shared/tile-order.ts merges it with the known tiles). */
import type { Trx } from '../../../../kernel/index';
import { normalizeTileOrder, type DetailTile } from '../../shared/tile-order';

export async function getTileOrder(db: Trx, userId: number): Promise<DetailTile[]> {
  const r = await db('cs_detail_tile_orders').first('tile_order').where('user_id', userId);
  return normalizeTileOrder(r?.tile_order as string[] | undefined);
}

export async function saveTileOrder(
  db: Trx,
  tenantId: number,
  userId: number,
  order: readonly string[],
): Promise<DetailTile[]> {
  const tiles = normalizeTileOrder(order);
  await db('cs_detail_tile_orders')
    .insert({ tenant_id: tenantId, user_id: userId, tile_order: JSON.stringify(tiles), updated_at: db.fn.now() })
    .onConflict(['tenant_id', 'user_id'])
    .merge(['tile_order', 'updated_at']);
  return tiles;
}
