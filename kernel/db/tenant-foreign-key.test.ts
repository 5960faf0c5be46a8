/**
 * tenantForeignKey: a key between tenant tables carries tenant_id; 'set null' clears only the referencing column
 * (tenant_id, NOT NULL, stays), 'cascade' deletes the referencing rows, the default refuses the delete.
 */
import { openDatabase } from './connect';
import type { Database } from './database';
import { migrate } from './migrator';
import { PATHS } from '../paths';
import { createTenantTable, tenantForeignKey } from './tenant-table';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db.knex, [{ owner: 'kernel', dir: PATHS.kernelMigrations }]);
  await createTenantTable(db.knex, 'fk_folders', (t) => t.text('name'), { id: 'folder_id' });
  await createTenantTable(
    db.knex,
    'fk_documents',
    (t) => {
      t.text('name');
      t.bigInteger('folder_id');
      t.bigInteger('archive_id');
      t.bigInteger('owner_folder_id');
      tenantForeignKey(t, ['folder_id'], 'fk_folders', ['folder_id'], 'set null');
      tenantForeignKey(t, ['archive_id'], 'fk_folders', ['folder_id'], 'cascade');
      tenantForeignKey(t, ['owner_folder_id'], 'fk_folders', ['folder_id']);
    },
    { id: 'document_id' },
  );
});
afterAll(async () => db?.close());

const folder = (tenantId: number, name: string) =>
  db.withTenant(tenantId, async (trx) => {
    const [row] = await trx('fk_folders').insert({ tenant_id: tenantId, name }).returning('folder_id');
    return Number(row.folder_id);
  });

test("'set null': deleting the referenced row clears only that column; tenant_id and the other columns stay", async () => {
  const f = await folder(41, 'Reports');
  const other = await folder(41, 'Other');
  await db.withTenant(41, (trx) =>
    trx('fk_documents').insert({ tenant_id: 41, name: 'QBR', folder_id: f, owner_folder_id: other }),
  );
  await db.withTenant(41, (trx) => trx('fk_folders').where({ folder_id: f }).del());
  const doc = await db.withTenant(41, (trx) => trx('fk_documents').where({ name: 'QBR' }).first());
  // bigint columns: numbers on PGlite, strings on PostgreSQL.
  expect({ ...doc, tenant_id: Number(doc.tenant_id), owner_folder_id: Number(doc.owner_folder_id) }).toMatchObject({
    tenant_id: 41,
    name: 'QBR',
    folder_id: null,
    owner_folder_id: other,
  });
});

test("'cascade' deletes the referencing rows; the default (restrict) refuses the delete", async () => {
  const archive = await folder(42, 'Archive');
  const kept = await folder(42, 'Kept');
  await db.withTenant(42, (trx) =>
    trx('fk_documents').insert([
      { tenant_id: 42, name: 'Old', archive_id: archive },
      { tenant_id: 42, name: 'Owned', owner_folder_id: kept },
    ]),
  );
  await db.withTenant(42, (trx) => trx('fk_folders').where({ folder_id: archive }).del());
  expect(await db.withTenant(42, (trx) => trx('fk_documents').where({ name: 'Old' }).first())).toBeUndefined();
  await expect(db.withTenant(42, (trx) => trx('fk_folders').where({ folder_id: kept }).del())).rejects.toThrow(
    /foreign key/,
  );
});
