/**
 * POST assets/bulk/delete: every asset named deleted in one statement, all or nothing. The ids are locked first (RLS
 * scopes them to the tenant); one the tenant does not have (another tenant's, or gone) is a 404 and nothing is
 * deleted. Field sources go with their asset (foreign key cascade).
 */
import { notFound, type Trx } from '../../../kernel/index';
import { bulkDeleteBody, type BulkDeleteBody } from '../shared/api';
import { ASSET_MESSAGES } from '../shared/fields';
import { ASSETS_TABLE, lockAssets } from './store';

export async function bulkDelete(db: Trx, body: BulkDeleteBody): Promise<number> {
  const ids = [...new Set(bulkDeleteBody.parse(body).assetIds)];
  const found = await lockAssets(db, ids);
  if (found.length !== ids.length) throw notFound(ASSET_MESSAGES.bulkNotFound);
  return db(ASSETS_TABLE).whereIn('asset_id', ids).delete();
}
