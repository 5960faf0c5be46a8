/**
 * Migrations of the kernel and of every enabled plugin, in dependency order,
 * through one knex migration table. Names are "<owner>/<file>" so a plugin's
 * migration never collides with another's.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { importModule } from '../module-registry';
import { afterMigrations } from './privileges';

export interface MigrationModule { up(knex: Knex): Promise<void>; down?(knex: Knex): Promise<void> }
export interface MigrationSet { owner: string; dir: string }
interface Named { name: string; load: () => Promise<MigrationModule> }

export function listMigrationFiles(set: MigrationSet): Named[] {
  if (!fs.existsSync(set.dir)) return [];
  return fs.readdirSync(set.dir)
    .filter((f) => /^\d+.*\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts') && !f.includes('.test.'))
    .sort()
    .map((f) => ({ name: `${set.owner}/${f.replace(/\.(ts|js|mjs)$/, '')}`, load: () => importModule<MigrationModule>(path.join(set.dir, f)) }));
}

class SetSource implements Knex.MigrationSource<Named> {
  constructor(private readonly items: Named[]) {}
  async getMigrations() { return this.items; }
  getMigrationName(m: Named) { return m.name; }
  async getMigration(m: Named): Promise<Knex.Migration> {
    const mod = await m.load();
    const fallback = (mod as unknown as { default?: MigrationModule }).default;
    const up = mod.up ?? fallback?.up;
    const down = mod.down ?? fallback?.down ?? (async () => { throw new Error(`${m.name} cannot be rolled back`); });
    if (!up) throw new Error(`${m.name} exports no up()`);
    return { up, down };
  }
}

/** Applies every pending migration of the given sets in order. Returns the names applied. */
export async function migrate(knex: Knex, sets: MigrationSet[]): Promise<string[]> {
  const items = sets.flatMap(listMigrationFiles);
  // Nothing pending (every start but the first after an upgrade): two reads instead of knex's lock-and-list round.
  if ((await migrationStatus(knex, sets, items)).every((m) => m.applied)) return [];
  const [, applied] = await knex.migrate.latest({ migrationSource: new SetSource(items), tableName: 'knex_migrations', disableMigrationsListValidation: true });
  // Tables and SECURITY DEFINER functions that these migrations added get the system role's grants and owner.
  if ((applied as string[]).length) await afterMigrations(knex);
  return applied as string[];
}

export async function migrationStatus(knex: Knex, sets: MigrationSet[], items = sets.flatMap(listMigrationFiles)): Promise<{ name: string; applied: boolean }[]> {
  const has = await knex.schema.hasTable('knex_migrations');
  const done = new Set<string>(has ? (await knex('knex_migrations').select('name')).map((r: { name: string }) => r.name) : []);
  return items.map((i) => ({ name: i.name, applied: done.has(i.name) }));
}
