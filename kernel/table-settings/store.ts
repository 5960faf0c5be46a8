/** SQL of the users' data-table settings (table_settings); each takes the request's transaction (tenant policy). */
import type { Trx } from '../db/database';
import type { TableSettingsBody } from '../../common/api/table-settings';

interface TableSettingsRow {
  settings: unknown;
}

export async function selectTableSettings(
  db: Trx,
  userId: number,
  tableKey: string,
): Promise<TableSettingsRow | undefined> {
  return db('table_settings').first('settings').where({ user_id: userId, table_key: tableKey });
}

export async function upsertTableSettings(
  db: Trx,
  tenantId: number,
  userId: number,
  tableKey: string,
  settings: TableSettingsBody,
): Promise<void> {
  await db('table_settings')
    .insert({
      tenant_id: tenantId,
      user_id: userId,
      table_key: tableKey,
      settings: JSON.stringify(settings),
      updated_at: db.fn.now(),
    })
    .onConflict(['tenant_id', 'user_id', 'table_key'])
    .merge(['settings', 'updated_at']);
}
