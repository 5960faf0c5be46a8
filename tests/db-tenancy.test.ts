/**
 * Tenancy under row-level security, on both engines (PGlite always,
 * PostgreSQL when TEST_DATABASE_URL is set): a tenant's transaction cannot
 * read, update, delete or insert another tenant's rows, even with a forged
 * tenant_id or id; and every table having tenant_id (plugin tables included,
 * found from the catalogue) has RLS enabled and forced with a policy.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationSets } from '../kernel/boot';
import { openDatabase } from '../kernel/db/connect';
import type { Database, Trx } from '../kernel/db/database';
import { migrate } from '../kernel/db/migrator';
import { APP_ROLE } from '../kernel/db/roles';
import { tenantTablesRlsState } from '../kernel/db/tenant-table';
import { PATHS } from '../kernel/paths';
import { discoverPlugins } from '../kernel/plugin-loader';
import { createTenant } from '../kernel/tenancy/provision';
import { TEST_PLUGINS_DIR } from './helpers/plugins';
import { createPostgresDatabase } from './helpers/server';

const engines: { engine: 'pglite' | 'postgres' }[] = [{ engine: 'pglite' }];
if (process.env.TEST_DATABASE_URL) engines.push({ engine: 'postgres' });

const RLS_ERROR = /row-level security|row level security/i;

/** Runs fn inside tenant's transaction and rolls it back (destructive checks leave data as it was). */
async function inRolledBack<T>(db: Database, tenantId: number, fn: (trx: Trx) => Promise<T>): Promise<T> {
  const sentinel = new Error('rollback');
  let out: T | undefined;
  await db
    .withTenant(tenantId, async (trx) => {
      out = await fn(trx);
      throw sentinel;
    })
    .catch((e) => {
      if (e !== sentinel) throw e;
    });
  return out as T;
}

describe.each(engines)('tenant isolation on $engine', ({ engine }) => {
  let db: Database;
  let cleanup: () => Promise<void>;
  let A: number;
  let B: number;
  let aItems: number[];
  let bItems: number[];

  const items = (tenantId: number) =>
    db.withSystem((trx) =>
      trx('probe_items')
        .where({ tenant_id: tenantId })
        .orderBy('item_id')
        .select('item_id', 'name', 'qty', 'tenant_id'),
    );

  beforeAll(async () => {
    if (engine === 'postgres') {
      const pg = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      db = await openDatabase({ databaseUrl: pg.url, poolMax: 4 });
      cleanup = pg.drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-dbt-'));
      db = await openDatabase({ dataDir: dir });
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
    const plugins = await discoverPlugins([PATHS.plugins, TEST_PLUGINS_DIR]);
    await migrate(db.knex, migrationSets(plugins));
    [A, B] = await db.withSystem(async (trx) => [
      await createTenant(trx, { name: 'Tenant A' }),
      await createTenant(trx, { name: 'Tenant B' }),
    ]);
    const add = (tenantId: number, names: string[]) =>
      db.withTenant(tenantId, async (trx) =>
        (
          await trx('probe_items')
            .insert(names.map((name, i) => ({ tenant_id: tenantId, name, qty: i + 1 })))
            .returning('item_id')
        ).map((r: { item_id: number }) => Number(r.item_id)),
      );
    aItems = await add(A, ['a-one', 'a-two']);
    bItems = await add(B, ['b-one', 'b-two', 'b-three']);
  });
  afterAll(async () => {
    await db?.close();
    await cleanup?.();
  });

  test('the transaction runs as the non-owner application role without BYPASSRLS', async () => {
    const r = await db.withTenant(A, (trx) =>
      trx.raw(
        `select current_user as u, (select rolbypassrls from pg_roles where rolname = current_user) as bypass, (select rolsuper from pg_roles where rolname = current_user) as su`,
      ),
    );
    expect(r.rows[0]).toEqual({ u: APP_ROLE, bypass: false, su: false });
    const owned = await db.knex.raw(
      `select count(*)::int as n from pg_tables where schemaname = current_schema() and tableowner = ?`,
      [APP_ROLE],
    );
    expect(owned.rows[0].n).toBe(0);
  });

  test('reads: only the own tenant, even when asking for the other tenant by id or tenant_id', async () => {
    await db.withTenant(A, async (trx) => {
      expect((await trx('probe_items').select('name').orderBy('item_id')).map((r) => r.name)).toEqual([
        'a-one',
        'a-two',
      ]);
      expect(await trx('probe_items').where({ item_id: bItems[0] })).toEqual([]);
      expect(await trx('probe_items').where({ tenant_id: B })).toEqual([]);
      expect((await trx('tenants').select('tenant_id')).map((r) => Number(r.tenant_id))).toEqual([A]);
      const joined = await trx.raw(
        `select count(*)::int as n from probe_items x join probe_items y on y.item_id <> x.item_id`,
      );
      expect(joined.rows[0].n).toBe(2); // 2 A rows paired with each other: B rows never appear
    });
  });

  test("updates: the other tenant's rows cannot be changed or moved into", async () => {
    await db.withTenant(A, async (trx) => {
      expect(await trx('probe_items').where({ item_id: bItems[0] }).update({ name: 'pwned' })).toBe(0);
      expect(await trx('probe_items').where({ tenant_id: B }).update({ name: 'pwned' })).toBe(0);
    });
    // A blanket update touches own rows only.
    const n = await inRolledBack(db, A, (trx) => trx('probe_items').update({ qty: 99 }));
    expect(n).toBe(aItems.length);
    // Moving an own row into tenant B violates the policy's WITH CHECK.
    await expect(
      db.withTenant(A, (trx) => trx('probe_items').where({ item_id: aItems[0] }).update({ tenant_id: B })),
    ).rejects.toThrow(RLS_ERROR);
    expect((await items(B)).map((r) => r.name)).toEqual(['b-one', 'b-two', 'b-three']);
    expect((await items(A)).map((r) => [r.name, r.qty])).toEqual([
      ['a-one', 1],
      ['a-two', 2],
    ]);
  });

  test("deletes: the other tenant's rows cannot be deleted", async () => {
    expect(await db.withTenant(A, (trx) => trx('probe_items').where({ item_id: bItems[1] }).delete())).toBe(0);
    expect(await inRolledBack(db, A, (trx) => trx('probe_items').delete())).toBe(aItems.length);
    expect((await items(B)).map((r) => r.item_id)).toEqual(bItems);
    expect((await items(A)).map((r) => r.item_id)).toEqual(aItems);
  });

  test("inserts: a forged tenant_id is refused; a forged id never overwrites the other tenant's row", async () => {
    await expect(
      db.withTenant(A, (trx) => trx('probe_items').insert({ tenant_id: B, name: 'forged', qty: 1 })),
    ).rejects.toThrow(RLS_ERROR);
    // Reusing B's id: refused (the id is globally unique), and an upsert cannot reach B's row.
    await expect(
      db.withTenant(A, (trx) =>
        trx('probe_items').insert({ tenant_id: A, item_id: bItems[0], name: 'forged', qty: 1 }),
      ),
    ).rejects.toThrow();
    await db
      .withTenant(A, (trx) =>
        trx('probe_items')
          .insert({ tenant_id: A, item_id: bItems[0], name: 'forged', qty: 1 })
          .onConflict('item_id')
          .merge(['name']),
      )
      .catch(() => undefined);
    // A row pointing into tenant B (tenant foreign key) is refused.
    await expect(
      db.withTenant(A, (trx) => trx('probe_item_tags').insert({ tenant_id: A, item_id: bItems[0], label: 'x' })),
    ).rejects.toThrow(/foreign key/i);
    await expect(
      db.withTenant(A, (trx) => trx('probe_item_tags').insert({ tenant_id: B, item_id: bItems[0], label: 'x' })),
    ).rejects.toThrow(RLS_ERROR);
    expect((await items(B)).map((r) => r.name)).toEqual(['b-one', 'b-two', 'b-three']);
    expect((await items(A)).map((r) => r.name)).toEqual(['a-one', 'a-two']);
    expect(await db.withSystem((trx) => trx('probe_item_tags').select())).toEqual([]);
  });

  test('the application role cannot switch the system scope on from its own SQL', async () => {
    const seen = await db.withTenant(A, async (trx) => {
      await trx.raw(`select set_config('app.system', 'on', true)`);
      const scope = (await trx.raw('select app_system_scope() as on')).rows[0].on;
      const ids = (await trx('probe_items').orderBy('item_id').pluck('item_id')).map(Number);
      const tenants = (await trx('tenants').pluck('tenant_id')).map(Number);
      return { scope, ids, tenants };
    });
    expect(seen).toEqual({ scope: false, ids: aItems, tenants: [A] });
    const ro = await db.withTenant(
      A,
      async (trx) =>
        (
          await trx.raw(
            `select set_config('app.system', 'on', true) as s, (select count(*)::int from probe_items where tenant_id = ?) as n`,
            [B],
          )
        ).rows[0].n,
      { readOnly: true },
    );
    expect(ro).toBe(0);
    // No policy reads the system setting except through the role check (policies of every table, kernel and plugins).
    const raw = await db.knex.raw(`select tablename, policyname from pg_policies where schemaname = current_schema()
      and (coalesce(qual, '') || coalesce(with_check, '')) like '%app.system%' and (coalesce(qual, '') || coalesce(with_check, '')) not like '%pg_has_role%'`);
    expect(raw.rows).toEqual([]);
  });

  test('without a tenant (public scope) tenant tables show and accept nothing', async () => {
    await db.withPublic(async (trx) => {
      expect(await trx('probe_items').select()).toEqual([]);
      expect(await trx('tenants').select()).toEqual([]);
    });
    await expect(
      db.withPublic((trx) => trx('probe_items').insert({ tenant_id: A, name: 'anon', qty: 1 })),
    ).rejects.toThrow(RLS_ERROR);
  });

  test('the tenant setting is transaction-local: nothing leaks to the next use of the connection', async () => {
    await db.withTenant(A, async (trx) => trx('probe_items').select());
    const r = await db.knex.raw(`select coalesce(current_setting('app.tenant_id', true), '') as t, current_user as u`);
    expect(r.rows[0].t).toBe('');
    expect(r.rows[0].u).not.toBe(APP_ROLE);
    // Two tenants one after the other on the same pool see their own rows only.
    const [ra, rb] = [
      await db.withTenant(A, (trx) => trx('probe_items').count<{ n: string }[]>({ n: '*' })),
      await db.withTenant(B, (trx) => trx('probe_items').count<{ n: string }[]>({ n: '*' })),
    ];
    expect([Number(ra[0].n), Number(rb[0].n)]).toEqual([aItems.length, bItems.length]);
  });

  test('read-only work (GET routes) is scoped the same, and cannot write', async () => {
    const seen = await db.withTenant(
      A,
      async (trx) => {
        // Several statements, in parallel and in sequence: each carries the scope.
        const [names, me] = await Promise.all([
          trx('probe_items').orderBy('item_id').pluck('name'),
          trx.raw(`select current_user as u, current_setting('transaction_read_only') as ro`),
        ]);
        const other = await trx('probe_items').where({ item_id: bItems[0] });
        return { names, me: me.rows[0], other };
      },
      { readOnly: true },
    );
    expect(seen).toEqual({ names: ['a-one', 'a-two'], me: { u: APP_ROLE, ro: 'on' }, other: [] });
    await expect(
      db.withTenant(A, (trx) => trx('probe_items').insert({ tenant_id: A, name: 'sneaky', qty: 1 }), {
        readOnly: true,
      }),
    ).rejects.toThrow(/read-only transaction/);
    await expect(
      db.withTenant(A, (trx) => trx('probe_items').where({ item_id: aItems[0] }).update({ name: 'sneaky' }), {
        readOnly: true,
      }),
    ).rejects.toThrow(/read-only transaction/);
    expect((await items(A)).map((r) => r.name)).toEqual(['a-one', 'a-two']);
    expect(await db.withPublic((trx) => trx('probe_items').select(), { readOnly: true })).toEqual([]);
  });

  test('a write transaction is one transaction from its first query to the end', async () => {
    const ids = await inRolledBack(db, A, async (trx) => {
      const first = (await trx.raw('select txid_current() as x')).rows[0].x;
      await trx('probe_items').insert({ tenant_id: A, name: 'temp', qty: 1 });
      const second = (await trx.raw('select txid_current() as x, current_user as u')).rows[0];
      return {
        same: String(first) === String(second.x),
        u: second.u,
        temp: (await trx('probe_items').where({ name: 'temp' })).length,
      };
    });
    expect(ids).toEqual({ same: true, u: APP_ROLE, temp: 1 });
    expect((await items(A)).map((r) => r.name)).toEqual(['a-one', 'a-two']);
  });

  test("the tenant policy lets the planner use the tenant_id index (no scan of other tenants' rows)", async () => {
    const plan = await inRolledBack(db, A, async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const r = await trx.raw(`explain select * from probe_items order by item_id`);
      return r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Cond: \(\(tenant_id >=/);
  });

  test('every table having tenant_id has row-level security enabled and forced, with a USING and WITH CHECK policy', async () => {
    const state = await tenantTablesRlsState(db.knex);
    const tables = state.map((s) => s.table);
    // Kernel, plugin and test-plugin tables are all found from the catalogue.
    expect(tables).toEqual(
      expect.arrayContaining([
        'tenants',
        'tenant_users',
        'security_groups',
        'audit_log',
        'tenant_companies',
        'probe_items',
        'probe_item_tags',
      ]),
    );
    const bad = state.filter((s) => !s.rls || !s.forced || s.policies < 1).map((s) => s.table);
    expect(bad).toEqual([]);
    const policies = await db.knex.raw(
      `select tablename, bool_or(qual is not null and with_check is not null and cmd = 'ALL') as full from pg_policies where schemaname = current_schema() group by tablename`,
    );
    const full = new Map<string, boolean>(
      policies.rows.map((r: { tablename: string; full: boolean }) => [r.tablename, r.full]),
    );
    expect(tables.filter((t) => full.get(t) !== true)).toEqual([]);
  });
});
