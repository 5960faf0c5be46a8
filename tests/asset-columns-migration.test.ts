/**
 * Migration assets/0008: the asset list's per-user columns (asset_list_columns) move to the kernel's data-table
 * settings (table_settings, key 'assetList'), a user's own settings there winning; its down brings the table back
 * with the choices and removes the 'assetList' settings. On a fresh database with every migration (PGlite;
 * PostgreSQL with TEST_DATABASE_URL).
 */
import { createPostgresDatabase, postgresUrl } from './helpers/server';
import { migrationSets } from '../kernel/boot';
import { openDatabase } from '../kernel/db/connect';
import type { Database } from '../kernel/db/database';
import { migrate, rollback, type MigrationSet } from '../kernel/db/migrator';
import { PATHS } from '../kernel/paths';
import { discoverPlugins } from '../kernel/plugin-loader';
import { createTenant, createUser } from '../kernel/index';

jest.setTimeout(240_000);

const MIGRATION = 'assets/0008_columns_to_table_settings';
let db: Database;
let pg: { url: string; drop: () => Promise<void> } | undefined;
let sets: MigrationSet[];

beforeAll(async () => {
  const base = postgresUrl();
  if (base) pg = await createPostgresDatabase(base, { migrated: false });
  db = await openDatabase(pg ? { databaseUrl: pg.url, dataDir: 'memory://' } : { dataDir: 'memory://' });
  sets = migrationSets(await discoverPlugins([PATHS.plugins]));
  await migrate(db.knex, sets);
});
afterAll(async () => {
  await db?.close();
  await pg?.drop();
});

const settingsRows = () =>
  db.withSystem((trx) =>
    trx('table_settings').orderBy(['user_id', 'table_key']).select('tenant_id', 'user_id', 'table_key', 'settings'),
  );

test('saved columns move to table_settings and back; a user who already has settings keeps them', async () => {
  const ids = await db.withSystem(async (trx) => {
    const tenantId = await createTenant(trx, { name: `Columns move ${Date.now()}` });
    const one = await createUser(trx, { email: `one-${Date.now()}@x.example.com`, currentTenantId: tenantId });
    const two = await createUser(trx, { email: `two-${Date.now()}@x.example.com`, currentTenantId: tenantId });
    return { tenantId, one, two };
  });
  // Before the move: both users chose columns; the second one also has settings of the new kind already.
  expect(await rollback(db.knex, sets, [MIGRATION])).toEqual([MIGRATION]);
  await db.withSystem(async (trx) => {
    await trx('asset_list_columns').insert([
      { tenant_id: ids.tenantId, user_id: ids.one, columns: JSON.stringify(['serial', 'name']) },
      { tenant_id: ids.tenantId, user_id: ids.two, columns: JSON.stringify(['model']) },
    ]);
    await trx('table_settings').insert({
      tenant_id: ids.tenantId,
      user_id: ids.two,
      table_key: 'assetList',
      settings: JSON.stringify({ columns: ['make'], sort: null }),
    });
  });

  expect(await migrate(db.knex, sets)).toEqual([MIGRATION]);
  expect(await db.knex.schema.hasTable('asset_list_columns')).toBe(false);
  const moved = (await settingsRows()).filter(
    (r: { tenant_id: string | number }) => Number(r.tenant_id) === ids.tenantId,
  );
  expect(
    moved.map((r: { user_id: string | number; table_key: string; settings: unknown }) => [
      Number(r.user_id),
      r.table_key,
      r.settings,
    ]),
  ).toEqual([
    [ids.one, 'assetList', { columns: ['serial', 'name'], sort: null }],
    [ids.two, 'assetList', { columns: ['make'], sort: null }],
  ]);

  // Down: the table again with each 'assetList' choice of columns; those settings gone.
  await db.withSystem((trx) =>
    trx('table_settings').insert({
      tenant_id: ids.tenantId,
      user_id: ids.one,
      table_key: 'contracts',
      settings: JSON.stringify({ columns: ['vendor'], sort: null }),
    }),
  );
  await rollback(db.knex, sets, [MIGRATION]);
  const back = await db.withSystem((trx) =>
    trx('asset_list_columns').where({ tenant_id: ids.tenantId }).orderBy('user_id').select('user_id', 'columns'),
  );
  expect(back.map((r: { user_id: string | number; columns: unknown }) => [Number(r.user_id), r.columns])).toEqual([
    [ids.one, ['serial', 'name']],
    [ids.two, ['make']],
  ]);
  expect((await settingsRows()).map((r: { table_key: string }) => r.table_key)).toEqual(['contracts']);
  await migrate(db.knex, sets);
});
