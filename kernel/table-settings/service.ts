/**
 * A user's settings of a data table: read (the defaults when none were saved, or when what was saved no longer
 * reads as settings) and replaced. Only the caller's own row: the user id is the caller's, never a parameter.
 */
import type { Trx } from '../db/database';
import {
  tableSettingsAnswer,
  tableSettingsBody,
  type TableSettings,
  type TableSettingsBody,
} from '../../common/api/table-settings';
import { selectTableSettings, upsertTableSettings } from './store';

const NONE: TableSettings = { columns: null, hidden: null, sort: null, saved: false };

/** The stored JSON as settings; anything that does not read as settings (an older shape) counts as none saved. */
function settingsOf(stored: unknown): TableSettings {
  const parsed = tableSettingsBody.safeParse(stored);
  if (!parsed.success) return NONE;
  const { columns, hidden, sort } = parsed.data;
  return tableSettingsAnswer.parse({ columns, hidden: hidden ?? null, sort: sort ?? null, saved: true });
}

export async function readTableSettings(db: Trx, userId: number, tableKey: string): Promise<TableSettings> {
  const row = await selectTableSettings(db, userId, tableKey);
  return row ? settingsOf(row.settings) : NONE;
}

export async function saveTableSettings(
  db: Trx,
  tenantId: number,
  userId: number,
  tableKey: string,
  body: TableSettingsBody,
): Promise<TableSettings> {
  const stored = { columns: body.columns, sort: body.sort ?? null, ...(body.hidden ? { hidden: body.hidden } : {}) };
  await upsertTableSettings(db, tenantId, userId, tableKey, stored);
  return settingsOf(stored);
}
