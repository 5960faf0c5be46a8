/** Request transactions on PostgreSQL (lean-pg.ts): scope, rollback, laziness, and no query after the end. */
import { createPostgresDatabase, postgresUrl } from '../../tests/helpers/server';
import { openDatabase } from './connect';
import type { Database, Trx } from './database';
import { migrate } from './migrator';
import { PATHS } from '../paths';

const url = postgresUrl();
const describePg = url ? describe : describe.skip;

describePg('PostgreSQL request transactions', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const made = await createPostgresDatabase(url!);
    drop = made.drop;
    db = await openDatabase({ databaseUrl: made.url });
    await migrate(db.knex, [{ owner: 'kernel', dir: PATHS.kernelMigrations }]);
    await db.knex('tenants').insert([{ name: 'A' }, { name: 'B' }]);
  });
  afterAll(async () => { await db?.close(); await drop?.(); });

  const queries = () => {
    const seen: string[] = [];
    const on = (q: { sql: string }) => seen.push(q.sql);
    db.knex.on('query', on);
    return { seen, off: () => db.knex.off('query', on) };
  };

  test('a tenant transaction sees only its tenant, as the application role', async () => {
    const rows = await db.withTenant(1, async (trx) => ({ tenants: await trx('tenants').select('name'), role: (await trx.raw('select current_user as u')).rows[0].u }));
    expect(rows).toEqual({ tenants: [{ name: 'A' }], role: 'lci_app' });
  });

  test('an error rolls back everything the request wrote', async () => {
    await expect(db.withTenant(1, async (trx) => {
      await trx('tenants').where({ tenant_id: 1 }).update({ name: 'changed' });
      throw new Error('handler failed');
    })).rejects.toThrow('handler failed');
    expect((await db.knex('tenants').where({ tenant_id: 1 }).first()).name).toBe('A');
  });

  test('a handler that does not query opens no transaction at all', async () => {
    const q = queries();
    const out = await db.withTenant(1, async () => 42);
    q.off();
    expect(out).toBe(42);
    expect(q.seen).toEqual([]);
  });

  test('a query left running after the request is refused instead of joining another transaction', async () => {
    let leaked!: Trx;
    await db.withTenant(1, async (trx) => { leaked = trx; await trx('tenants').select(); });
    await expect(leaked('tenants').select()).rejects.toThrow(/already complete/);
    await expect(db.withTenant(1, (trx) => trx.transaction(async () => 1))).rejects.toThrow(/nested transactions/);
  });

  test('the session role is the owner again after a request: settings were transaction-local', async () => {
    await db.withTenant(2, (trx) => trx('tenants').select());
    const r = await db.knex.raw(`select current_user as u, coalesce(current_setting('app.tenant_id', true), '') as t`);
    expect(r.rows[0].u).not.toBe('lci_app');
    expect(r.rows[0].t).toBe('');
  });
});
