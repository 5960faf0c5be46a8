/**
 * The asset list's per-user columns move to the kernel's data-table settings (issue 28 part 2: one DataTable, its
 * columns kept per user in `table_settings` under the key 'assetList'): each saved choice is copied over as
 * { columns, sort: null } (unless the user already has settings there) and `asset_list_columns` goes. Every tenant's
 * rows: in the system scope (the tenant policy is forced, also on the owner), restored afterwards. Down: the table
 * again (as 0002 made it), with the choices copied back (the 'assetList' rows with columns), and those settings
 * removed.
 */
import type { Knex } from 'knex';
import { up as createAssetListColumns } from './0002_asset_list_columns';

async function inSystemScope(knex: Knex, work: () => Promise<void>): Promise<void> {
  const prev = await knex.raw(`select coalesce(current_setting('app.system', true), '') as v`);
  const was = String((prev.rows ?? prev)[0].v);
  await knex.raw(`select set_config('app.system', 'on', true)`);
  await work();
  await knex.raw(`select set_config('app.system', ?, true)`, [was]);
}

export async function up(knex: Knex): Promise<void> {
  await inSystemScope(knex, async () => {
    await knex.raw(`insert into table_settings (tenant_id, user_id, table_key, settings, updated_at)
      select tenant_id, user_id, 'assetList', jsonb_build_object('columns', columns, 'sort', null), updated_at
      from asset_list_columns
      on conflict (tenant_id, user_id, table_key) do nothing`);
  });
  await knex.schema.dropTable('asset_list_columns');
}

export async function down(knex: Knex): Promise<void> {
  await createAssetListColumns(knex);
  await inSystemScope(knex, async () => {
    await knex.raw(`insert into asset_list_columns (tenant_id, user_id, columns, updated_at)
      select tenant_id, user_id, settings->'columns', updated_at from table_settings
      where table_key = 'assetList' and jsonb_typeof(settings->'columns') = 'array'`);
    await knex.raw(`delete from table_settings where table_key = 'assetList'`);
  });
}
