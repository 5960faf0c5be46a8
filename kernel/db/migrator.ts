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

interface MigrationModule {
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}
/**
 * Migrations a plugin took over from another owner (files moved between plugins): the records
 * "<from>/<name>" of the migration table become "<owner>/<name>" before anything runs, so a database
 * migrated at the old layout neither re-runs nor loses them.
 */
interface MigrationAdoption {
  from: string;
  names: string[];
}
export interface MigrationSet {
  owner: string;
  dir: string;
  adopts?: MigrationAdoption[];
}

interface Named {
  name: string;
  load: () => Promise<MigrationModule>;
}

function listMigrationFiles(set: MigrationSet): Named[] {
  if (!fs.existsSync(set.dir)) return [];
  return fs
    .readdirSync(set.dir)
    .filter((f) => /^\d+.*\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts') && !f.includes('.test.'))
    .sort()
    .map((f) => ({
      name: `${set.owner}/${f.replace(/\.(ts|js|mjs)$/, '')}`,
      load: () => importModule<MigrationModule>(path.join(set.dir, f)),
    }));
}

class SetSource implements Knex.MigrationSource<Named> {
  constructor(private readonly items: Named[]) {}
  async getMigrations() {
    return this.items;
  }
  getMigrationName(m: Named) {
    return m.name;
  }
  async getMigration(m: Named): Promise<Knex.Migration> {
    const mod = await m.load();
    const fallback = (mod as unknown as { default?: MigrationModule }).default;
    const up = mod.up ?? fallback?.up;
    const down =
      mod.down ??
      fallback?.down ??
      (async () => {
        throw new Error(`${m.name} cannot be rolled back`);
      });
    if (!up) throw new Error(`${m.name} exports no up()`);
    return { up, down };
  }
}

/** Old name -> new name of every adopted migration of the sets ("customer-success/0060_x" -> "stack-manager/0060_x"). */
function adoptedNames(sets: MigrationSet[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const set of sets) {
    for (const a of set.adopts ?? []) {
      for (const n of a.names) {
        if (!/^[A-Za-z0-9_-]+$/.test(n))
          throw new Error(
            `${set.owner}: adopted migration name "${n}" must be a file name without folder or extension`,
          );
        out.set(`${a.from}/${n}`, `${set.owner}/${n}`);
      }
    }
  }
  return out;
}

/**
 * Moves the records of adopted migrations to their new owner (one transaction; a record already under the new
 * owner stays, the old one is then dropped). Returns the names moved.
 */
export async function adoptMigrations(knex: Knex, sets: MigrationSet[]): Promise<string[]> {
  const renames = adoptedNames(sets);
  if (renames.size === 0 || !(await knex.schema.hasTable('knex_migrations'))) return [];
  return knex.transaction(async (trx) => {
    const rows: { name: string }[] = await trx('knex_migrations')
      .select('name')
      .whereIn('name', [...renames.keys(), ...renames.values()]);
    const present = new Set(rows.map((r) => r.name));
    const moved: string[] = [];
    for (const [from, to] of renames) {
      if (!present.has(from)) continue;
      if (present.has(to)) await trx('knex_migrations').where({ name: from }).delete();
      else await trx('knex_migrations').where({ name: from }).update({ name: to });
      moved.push(to);
    }
    return moved;
  });
}

/** Applies every pending migration of the given sets in order. Returns the names applied. */
export async function migrate(knex: Knex, sets: MigrationSet[]): Promise<string[]> {
  const items = sets.flatMap(listMigrationFiles);
  // Migrations moved between plugins keep their record: renamed to the new owner, never re-run.
  await adoptMigrations(knex, sets);
  // Nothing pending (every start but the first after an upgrade): two reads instead of knex's lock-and-list round.
  if ((await migrationStatus(knex, sets, items)).every((m) => m.applied)) return [];
  const [, applied] = await knex.migrate.latest({
    migrationSource: new SetSource(items),
    tableName: 'knex_migrations',
    disableMigrationsListValidation: true,
  });
  // Tables and SECURITY DEFINER functions that these migrations added get the system role's grants and owner.
  if ((applied as string[]).length) await afterMigrations(knex);
  return applied as string[];
}

export async function migrationStatus(
  knex: Knex,
  sets: MigrationSet[],
  items = sets.flatMap(listMigrationFiles),
): Promise<{ name: string; applied: boolean }[]> {
  const has = await knex.schema.hasTable('knex_migrations');
  const done = new Set<string>(
    has ? (await knex('knex_migrations').select('name')).map((r: { name: string }) => r.name) : [],
  );
  // A record still under the old owner of an adopted migration counts as applied (the next migrate renames it).
  for (const [from, to] of adoptedNames(sets)) if (done.has(from)) done.add(to);
  return items.map((i) => ({ name: i.name, applied: done.has(i.name) }));
}

/** What to roll back: the last `steps` applied migrations, or every one applied after the migration `to`. */
export type RollbackTarget = { steps: number } | { to: string };

/**
 * The applied migrations a rollback undoes, newest application first. Refuses (nothing changed) a target that
 * names no applied migration, an applied migration no loaded set provides, and a migration without `down`.
 */
export async function rollbackPlan(knex: Knex, sets: MigrationSet[], target: RollbackTarget): Promise<string[]> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return [];
  const renames = adoptedNames(sets);
  const rows: { name: string }[] = await knex('knex_migrations').select('name').orderBy('id', 'desc');
  const applied = rows.map((r) => renames.get(r.name) ?? r.name);
  let names: string[];
  if ('steps' in target) {
    if (!Number.isInteger(target.steps) || target.steps < 1)
      throw new Error(`steps must be a whole number of at least 1 (got ${target.steps})`);
    names = applied.slice(0, target.steps);
  } else {
    const at = applied.indexOf(target.to);
    if (at < 0) throw new Error(`${target.to} is not an applied migration (see \`lci db status\`)`);
    names = applied.slice(0, at);
  }
  const known = new Map(sets.flatMap(listMigrationFiles).map((m) => [m.name, m]));
  for (const name of names) {
    const m = known.get(name);
    if (!m) throw new Error(`${name} is applied but no enabled plugin provides it; nothing was rolled back`);
    const mod = await m.load();
    const fallback = (mod as unknown as { default?: MigrationModule }).default;
    if (typeof (mod.down ?? fallback?.down) !== 'function')
      throw new Error(`${name} has no down(): it cannot be rolled back; nothing was rolled back`);
  }
  return names;
}

/**
 * Runs `down` of each named migration (a plan of `rollbackPlan`), in the order given, through the same
 * migration source as `migrate`; each in its own transaction, its record removed. Returns the names undone.
 */
export async function rollback(
  knex: Knex,
  sets: MigrationSet[],
  names: string[],
  onStep?: (name: string) => void,
): Promise<string[]> {
  await adoptMigrations(knex, sets);
  const source = new SetSource(sets.flatMap(listMigrationFiles));
  const done: string[] = [];
  for (const name of names) {
    onStep?.(name);
    await knex.migrate.down({
      migrationSource: source,
      tableName: 'knex_migrations',
      disableMigrationsListValidation: true,
      name,
    });
    done.push(name);
  }
  return done;
}
