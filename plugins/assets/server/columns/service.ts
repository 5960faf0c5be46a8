/** An asset's field sources for the detail drawer. */
import { notFound, type Trx } from '../../../../kernel/index';
import { ASSET_MESSAGES } from '../../shared/fields';
import type { AssetFieldSource } from '../../shared/columns';
import { assetExists, selectFieldSources } from './store';

export async function fieldSources(db: Trx, assetId: number): Promise<AssetFieldSource[]> {
  if (!(await assetExists(db, assetId))) throw notFound(ASSET_MESSAGES.notFound);
  return selectFieldSources(db, assetId);
}
