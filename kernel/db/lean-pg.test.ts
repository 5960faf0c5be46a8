/** Request transactions on PostgreSQL (lean-pg.ts): scope, rollback, laziness, and no query after the end. */
import pg from 'pg';
import { createPostgresDatabase, postgresUrl } from '../../tests/helpers/server';
import { openDatabase } from './connect';
import { enterTenantScope, type Database, type Trx } from './database';
import { migrate } from './migrator';
import { PATHS } from '../paths';

const url = postgresUrl();
const describePg = url ? describe : describe.skip;

describePg('PostgreSQL request transactions', () => {
  let db: Database;
  let dbUrl: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const made = await createPostgresDatabase(url!);
    drop = made.drop;
    dbUrl = made.url;
    db = await openDatabase({ databaseUrl: made.url });
    await migrate(db.knex, [{ owner: 'kernel', dir: PATHS.kernelMigrations }]);
    await db.knex('tenants').insert([{ name: 'A' }, { name: 'B' }]);
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  const queries = () => {
    const seen: string[] = [];
    const on = (q: { sql: string }) => seen.push(q.sql);
    db.knex.on('query', on);
    return { seen, off: () => db.knex.off('query', on) };
  };

  test('a tenant transaction sees only its tenant, as the application role', async () => {
    const rows = await db.withTenant(1, async (trx) => ({
      tenants: await trx('tenants').select('name'),
      role: (await trx.raw('select current_user as u')).rows[0].u,
    }));
    expect(rows).toEqual({ tenants: [{ name: 'A' }], role: 'lci_app' });
  });

  test('an error rolls back everything the request wrote', async () => {
    await expect(
      db.withTenant(1, async (trx) => {
        // A column the application role may change (kernel/db/privileges.ts).
        await trx('tenants').where({ tenant_id: 1 }).update({ date_format: 'dd/mm/yyyy' });
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect((await db.knex('tenants').where({ tenant_id: 1 }).first()).date_format).toBe('yyyy-mm-dd');
  });

  test('queries asked for at once run one after the other on the connection, in order (no pg queue deprecation)', async () => {
    // pg 8 warns (pg 9 refuses) when a query is sent while another one is still queued on the client.
    const original = pg.Client.prototype.query;
    let sentWhileBusy = 0;
    pg.Client.prototype.query = function (this: { _queryQueue: unknown[]; activeQuery: unknown }, ...args: unknown[]) {
      if (this._queryQueue.length > 0 || this.activeQuery) sentWhileBusy++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      const out = await db.withTenant(1, (trx) =>
        Promise.all([
          trx.raw('select pg_sleep(0.05), 1 as n'),
          trx('tenants').select('name'),
          trx.raw('select 3 as n'),
        ]),
      );
      expect([out[0].rows[0].n, out[1], out[2].rows[0].n]).toEqual([1, [{ name: 'A' }], 3]);
      expect(sentWhileBusy).toBe(0);
    } finally {
      pg.Client.prototype.query = original;
    }
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
    await db.withTenant(1, async (trx) => {
      leaked = trx;
      await trx('tenants').select();
    });
    await expect(leaked('tenants').select()).rejects.toThrow(/already complete/);
    await expect(db.withTenant(1, (trx) => trx.transaction(async () => 1))).rejects.toThrow(/nested transactions/);
  });

  test('the session role is the owner again after a request: settings were transaction-local', async () => {
    await db.withTenant(2, (trx) => trx('tenants').select());
    const r = await db.knex.raw(
      `select current_user as u, coalesce(current_setting('app.tenant_id', true), '') as t, coalesce(current_setting('app.tenant_sig', true), '') as s`,
    );
    expect(r.rows[0].u).not.toBe('lci_app');
    expect(r.rows[0].t).toBe('');
    expect(r.rows[0].s).toBe('');
  });

  /** Messages handed to node-postgres (each one a round trip) while fn runs. */
  const roundTrips = async (fn: () => Promise<unknown>) => {
    const spy = jest.spyOn(pg.Client.prototype, 'query');
    try {
      await fn();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  };

  test('round trips: a write request sends BEGIN and scope with its first query, then COMMIT; a read sends only its queries', async () => {
    expect(
      await roundTrips(() =>
        db.withTenant(1, (trx) => trx('tenants').where({ tenant_id: 1 }).update({ date_format: 'yyyy-mm-dd' })),
      ),
    ).toBe(2);
    expect(
      await roundTrips(() =>
        db.withTenant(1, async (trx) => {
          await trx('tenants').select();
          await trx('tenants').select();
        }),
      ),
    ).toBe(3);
    expect(await roundTrips(() => db.withTenant(1, (trx) => trx('tenants').select(), { readOnly: true }))).toBe(1);
    expect(
      await roundTrips(() =>
        db.withTenant(
          1,
          async (trx) => {
            await trx('tenants').select();
            await trx('tenants').select();
          },
          { readOnly: true },
        ),
      ),
    ).toBe(2);
  });

  test('a raw text of several statements still answers each of them, in both modes', async () => {
    for (const readOnly of [false, true]) {
      const r = await db.withTenant(2, (trx) => trx.raw(`select name from tenants; select current_user as u`), {
        readOnly,
      });
      expect(r.map((x: { rows: unknown[] }) => x.rows)).toEqual([[{ name: 'B' }], [{ u: 'lci_app' }]]);
    }
  });

  test('a failing first query of a write request rolls back and frees the connection', async () => {
    await expect(db.withTenant(1, (trx) => trx.raw('select no_such_column from tenants'))).rejects.toThrow(
      /no_such_column/,
    );
    expect(await db.withTenant(1, (trx) => trx('tenants').pluck('name'))).toEqual(['A']);
    const r = await db.knex.raw(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
    );
    expect(r.rows[0].n).toBe(0);
  });

  test('a public-scope read or write that enters a tenant keeps that tenant (signed for its connection) for its later statements', async () => {
    for (const readOnly of [true, false]) {
      const seen = await db.withPublic(
        async (trx) => {
          const before = await trx('tenants').pluck('name');
          await enterTenantScope(trx, 2, 7);
          const after = await trx('tenants').pluck('name');
          const r = (
            await trx.raw(
              `select current_setting('app.user_id') as u, app_tenant_id() as t, current_setting('app.tenant_sig') as s`,
            )
          ).rows[0];
          return { before, after, user: r.u, tenant: r.t, signed: /^[0-9a-f]{64}$/.test(r.s) };
        },
        { readOnly },
      );
      expect(seen).toEqual({ before: [], after: ['B'], user: '7', tenant: 2, signed: true });
    }
  });

  test('the tenant setting without its signature for this connection shows nothing', async () => {
    const seen = await db.withTenant(1, async (trx) => {
      await trx.raw(`select set_config('app.tenant_id', '2', true)`);
      return trx('tenants').pluck('name');
    });
    expect(seen).toEqual([]);
  });

  test('errors between requests never leave a connection unable to scope the next one', async () => {
    for (let i = 0; i < 24; i++) {
      const readOnly = i % 3 !== 0;
      await expect(db.withTenant(1, (trx) => trx('tenants').where('no_such_column', 1), { readOnly })).rejects.toThrow(
        /no_such_column/,
      );
      expect(
        await db.withTenant(2, (trx) => trx('tenants').where('tenant_id', '>', 0).pluck('name'), { readOnly }),
      ).toEqual(['B']);
    }
  });

  test('prepared statements: reused across requests, and a schema change costs at most one failed query', async () => {
    const one = await openDatabase({ databaseUrl: dbUrl, poolMax: 1 });
    try {
      await one.knex.raw('create table cache_probe (a int)');
      await one.knex.raw('grant select on cache_probe to lci_app');
      await one.knex('cache_probe').insert({ a: 1 });
      const read = () => one.withTenant(1, (trx) => trx('cache_probe').select('*'), { readOnly: true });
      expect(await read()).toEqual([{ a: 1 }]);
      expect(await read()).toEqual([{ a: 1 }]);
      // One connection: it holds the scope statement and the query, each parsed once.
      const named = await one.knex.raw(`select name from pg_prepared_statements where name like 'lci_%' order by name`);
      expect(named.rows.map((r: { name: string }) => r.name.replace(/_[^_]+$/, ''))).toEqual(['lci_q', 'lci_scope']);
      await one.knex.raw('alter table cache_probe add column b int default 2');
      const after = await read().catch((e: Error) => e);
      if (after instanceof Error) expect(after.message).toMatch(/cached plan must not change result type/);
      expect(await read()).toEqual([{ a: 1, b: 2 }]);
    } finally {
      await one.close();
    }
  });
});
