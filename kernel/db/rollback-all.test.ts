/**
 * Every migration of the kernel and of every plugin rolls back: a fresh database is migrated, then every applied
 * migration is undone newest first through the code path of `lci db rollback` (rollbackPlan + rollback), the schema
 * holds no table but knex's bookkeeping, and migrating again succeeds. A migration without a working down fails
 * here. Embedded PGlite; PostgreSQL with TEST_DATABASE_URL.
 */
import { createPostgresDatabase, postgresUrl } from '../../tests/helpers/server';
import { migrationSets } from '../boot';
import { PATHS } from '../paths';
import { discoverPlugins } from '../plugin-loader';
import { openDatabase } from './connect';
import type { Database } from './database';
import { migrate, migrationStatus, rollback, rollbackPlan, type MigrationSet } from './migrator';

jest.setTimeout(240_000);

let db: Database;
let pg: { url: string; drop: () => Promise<void> } | undefined;
let sets: MigrationSet[];

const tables = async (): Promise<string[]> =>
  (
    await db.knex.raw(
      `select tablename from pg_tables where schemaname = current_schema() and tablename not in ('knex_migrations', 'knex_migrations_lock') order by 1`,
    )
  ).rows.map((r: { tablename: string }) => r.tablename);

beforeAll(async () => {
  const base = postgresUrl();
  if (base) pg = await createPostgresDatabase(base, { migrated: false });
  db = await openDatabase(pg ? { databaseUrl: pg.url, dataDir: 'memory://' } : { dataDir: 'memory://' });
  sets = migrationSets(await discoverPlugins([PATHS.plugins]));
});
afterAll(async () => {
  await db?.close();
  await pg?.drop();
});

test(`every migration of every plugin rolls back and migrates again on ${postgresUrl() ? 'PostgreSQL' : 'embedded PGlite'}`, async () => {
  const applied = await migrate(db.knex, sets);
  const all = (await migrationStatus(db.knex, sets)).map((m) => m.name);
  expect(applied).toEqual(all);
  // The kernel and the plugins' migrations all take part.
  expect(new Set(all.map((n) => n.split('/')[0])).size).toBeGreaterThan(8);
  expect((await tables()).length).toBeGreaterThan(50);

  const plan = await rollbackPlan(db.knex, sets, { steps: all.length });
  expect(plan).toEqual([...all].reverse());
  expect(await rollback(db.knex, sets, plan)).toEqual(plan);

  expect(await tables()).toEqual([]);
  expect((await migrationStatus(db.knex, sets)).filter((m) => m.applied)).toEqual([]);

  expect(await migrate(db.knex, sets)).toEqual(all);
  expect((await migrationStatus(db.knex, sets)).every((m) => m.applied)).toBe(true);
});
