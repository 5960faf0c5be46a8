/**
 * The asset list's columns of each user (a display preference: anyone who may see the list keeps their own) and an
 * asset's field sources for the detail drawer.
 */
import { notFound, type Trx } from '../../../../kernel/index';
import { ASSET_MESSAGES } from '../../shared/fields';
import { normalizeColumns, type AssetColumnsAnswer, type AssetFieldSource } from '../../shared/columns';
import { assetExists, selectColumns, selectFieldSources, upsertColumns } from './store';

export async function columnsOf(db: Trx, userId: number | null): Promise<AssetColumnsAnswer> {
  const saved = userId === null ? null : await selectColumns(db, userId);
  return { columns: normalizeColumns(saved), saved: saved !== null };
}

export async function saveColumns(
  db: Trx,
  tenantId: number,
  userId: number,
  columns: string[],
): Promise<AssetColumnsAnswer> {
  await upsertColumns(db, tenantId, userId, columns);
  return { columns: normalizeColumns(columns), saved: true };
}

export async function fieldSources(db: Trx, assetId: number): Promise<AssetFieldSource[]> {
  if (!(await assetExists(db, assetId))) throw notFound(ASSET_MESSAGES.notFound);
  return selectFieldSources(db, assetId);
}
