/**
 * Migrations moved between owners (a plugin's `adoptsMigrations`): the records "<from>/<name>" become
 * "<owner>/<name>" before anything runs, so nothing runs twice; a record already under the new owner wins; status
 * counts an old record as applied; a name with a folder or an extension is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from './connect';
import type { Database } from './database';
import { adoptMigrations, migrate, migrationStatus, type MigrationSet } from './migrator';

let db: Database;
let root: string;
const dirOf = (owner: string) => path.join(root, owner);

/** A migration that creates its table and counts its runs in migration_runs. */
function writeMigration(owner: string, name: string): void {
  fs.mkdirSync(dirOf(owner), { recursive: true });
  fs.writeFileSync(
    path.join(dirOf(owner), `${name}.mjs`),
    `
export async function up(knex) {
  if (!(await knex.schema.hasTable('migration_runs'))) await knex.schema.createTable('migration_runs', (t) => { t.text('name'); });
  await knex('migration_runs').insert({ name: '${name}' });
  await knex.schema.createTable('t_${name}', (t) => { t.integer('v'); });
}
`,
  );
}
const runs = async () => (await db.knex('migration_runs').select('name')).map((r: { name: string }) => r.name).sort();
const names = async () =>
  (await db.knex('knex_migrations').select('name').orderBy('id')).map((r: { name: string }) => r.name);

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-adopt-'));
  db = await openDatabase({ dataDir: 'memory://' });
});
afterEach(async () => {
  await db?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test('records move to the adopting owner; nothing runs twice; a later migrate changes nothing', async () => {
  writeMigration('old', '0001_a');
  writeMigration('old', '0002_b');
  await migrate(db.knex, [{ owner: 'old', dir: dirOf('old') }]);
  // The files move: 0002_b now lives with the new owner (the old folder keeps 0001_a).
  fs.mkdirSync(dirOf('new'));
  fs.renameSync(path.join(dirOf('old'), '0002_b.mjs'), path.join(dirOf('new'), '0002_b.mjs'));
  const sets: MigrationSet[] = [
    { owner: 'old', dir: dirOf('old') },
    { owner: 'new', dir: dirOf('new'), adopts: [{ from: 'old', names: ['0002_b'] }] },
  ];

  expect(await migrationStatus(db.knex, sets)).toEqual([
    { name: 'old/0001_a', applied: true },
    { name: 'new/0002_b', applied: true },
  ]);
  expect(await migrate(db.knex, sets)).toEqual([]);
  expect(await names()).toEqual(['old/0001_a', 'new/0002_b']);
  expect(await runs()).toEqual(['0001_a', '0002_b']);
  expect(await migrate(db.knex, sets)).toEqual([]);
  expect(await names()).toEqual(['old/0001_a', 'new/0002_b']);
});

test('a record under both owners keeps the new one; an adoption without an old record changes nothing', async () => {
  writeMigration('new', '0002_b');
  await migrate(db.knex, [{ owner: 'new', dir: dirOf('new') }]);
  await db.knex('knex_migrations').insert({ name: 'old/0002_b', batch: 1, migration_time: new Date() });
  const sets: MigrationSet[] = [
    { owner: 'new', dir: dirOf('new'), adopts: [{ from: 'old', names: ['0002_b', '0003_never_ran'] }] },
  ];
  expect(await adoptMigrations(db.knex, sets)).toEqual(['new/0002_b']);
  expect(await names()).toEqual(['new/0002_b']);
  expect(await runs()).toEqual(['0002_b']);
});

test('an adopted name with a folder or an extension is refused before anything changes', async () => {
  writeMigration('old', '0001_a');
  await migrate(db.knex, [{ owner: 'old', dir: dirOf('old') }]);
  const sets: MigrationSet[] = [
    { owner: 'new', dir: dirOf('new'), adopts: [{ from: 'old', names: ['../0001_a.ts'] }] },
  ];
  await expect(migrate(db.knex, sets)).rejects.toThrow(
    'new: adopted migration name "../0001_a.ts" must be a file name without folder or extension',
  );
  await expect(migrate(db.knex, [{ ...sets[0], adopts: [{ from: 'old', names: ['0001_a.ts'] }] }])).rejects.toThrow(
    'adopted migration name "0001_a.ts"',
  );
  expect(await names()).toEqual(['old/0001_a']);
});
