/**
 * Migrations when the kernel starts. With DATABASE_OWNER_URL they run through
 * a short-lived connection of the owner (the only place the server uses it);
 * with separate logins and no owner login, a pending migration stops the start
 * and names `lci db migrate`; with one login (embedded, or PostgreSQL as the
 * owner) they run on it as before.
 */
import knexFactory from 'knex';
import type { Database } from './database';
import { migrate, migrationStatus, type MigrationSet } from './migrator';
import { grantJobQueue } from './privileges';

export async function migrateOnStart(db: Database, sets: MigrationSet[], ownerUrl?: string): Promise<string[]> {
  if (db.engine === 'postgres' && ownerUrl) {
    const owner = knexFactory({ client: 'pg', connection: ownerUrl, pool: { min: 0, max: 1 } });
    try {
      const applied = await migrate(owner, sets);
      // The job queue's database grant (kept per database, not copied by CREATE DATABASE ... TEMPLATE).
      if (db.separateLogins) await grantJobQueue(owner);
      return applied;
    } finally {
      await owner.destroy();
    }
  }
  if (db.separateLogins) {
    const pending = (await migrationStatus(db.knex, sets)).filter((m) => !m.applied);
    if (pending.length)
      throw new Error(
        `${pending.length} migration(s) pending (${pending[0].name}...): run \`lci db migrate\` with DATABASE_OWNER_URL set, or start with DATABASE_OWNER_URL`,
      );
    return [];
  }
  return migrate(db.knex, sets);
}
