/**
 * The database as a privilege boundary (PostgreSQL only: PGlite is one
 * superuser session; kernel/db/privileges.ts). The application logs in as
 * lci_app and the system scope as lci_system on a pool of its own: from the
 * application role's SQL neither RESET ROLE, SET ROLE, set_config of the scope
 * settings, nor a SECURITY DEFINER function reaches another tenant's rows.
 * Runs when TEST_DATABASE_URL is set (CI's second pass).
 */
import knexFactory, { type Knex } from 'knex';
import PgBoss from 'pg-boss';
import { migrationSets } from '../kernel/boot';
import { openDatabase } from '../kernel/db/connect';
import type { Database, Trx } from '../kernel/db/database';
import { migrate } from '../kernel/db/migrator';
import { grantJobQueue, roleStates } from '../kernel/db/privileges';
import { APP_ROLE, SYSTEM_ROLE } from '../kernel/db/roles';
import { PATHS } from '../kernel/paths';
import { discoverPlugins } from '../kernel/plugin-loader';
import { createTenant } from '../kernel/tenancy/provision';
import { testLogins } from './helpers/pg-logins';
import { TEST_PLUGINS_DIR } from './helpers/plugins';
import { createPostgresDatabase } from './helpers/server';

const base = process.env.TEST_DATABASE_URL;
const describePg = base ? describe : describe.skip;

describePg('the application role on PostgreSQL cannot reach another tenant', () => {
  let owner: Knex;
  let db: Database;
  let drop: () => Promise<void>;
  let A: number;
  let B: number;
  let bItems: number[];
  let logins: { app: string; system: string };
  let ownerUrl: string;

  /** Runs sql as the application does (tenant A's transaction, on the application role's pool); answers the probe rows it then sees. */
  const asTenantA = (fn: (trx: Trx) => Promise<unknown>) => db.withTenant(A, async (trx) => {
    await fn(trx);
    return (await trx('probe_items').orderBy('item_id').pluck('tenant_id')).map(Number);
  });

  beforeAll(async () => {
    const made = await createPostgresDatabase(base!);
    drop = made.drop;
    owner = knexFactory({ client: 'pg', connection: made.url, pool: { min: 0, max: 2 } });
    await migrate(owner, migrationSets(await discoverPlugins([PATHS.plugins, TEST_PLUGINS_DIR])));
    ownerUrl = made.url;
    logins = await testLogins(base!, made.url);
    db = await openDatabase({ databaseUrl: logins.app, systemUrl: logins.system, poolMax: 2 });
    [A, B] = await db.withSystem(async (trx) => [await createTenant(trx, { name: 'Tenant A' }), await createTenant(trx, { name: 'Tenant B' })]);
    await db.withTenant(A, (trx) => trx('probe_items').insert({ tenant_id: A, name: 'a', qty: 1 }));
    bItems = await db.withTenant(B, async (trx) => (await trx('probe_items').insert([{ tenant_id: B, name: 'b1', qty: 1 }, { tenant_id: B, name: 'b2', qty: 2 }]).returning('item_id')).map((r: { item_id: number }) => Number(r.item_id)));
  });
  afterAll(async () => {
    await db?.close();
    await owner?.destroy();
    await drop?.();
  });

  test('requests log in as lci_app (no superuser, no BYPASSRLS, owns nothing, member of nothing); the system scope as lci_system', async () => {
    const me = await db.withTenant(A, (trx) => trx.raw(`select session_user as s, current_user as c`));
    expect(me.rows[0]).toEqual({ s: APP_ROLE, c: APP_ROLE });
    expect((await db.withSystem((trx) => trx.raw(`select session_user as s`))).rows[0].s).toBe(SYSTEM_ROLE);
    const states = Object.fromEntries((await roleStates(owner)).map((r) => [r.role, r]));
    expect(states[APP_ROLE]).toMatchObject({ login: true, superuser: false, bypassrls: false, memberOf: [], ownsTables: 0 });
    expect(states[SYSTEM_ROLE]).toMatchObject({ login: true, superuser: false, bypassrls: false, memberOf: [], ownsTables: 0 });
    // Both scopes work: the system scope sees both tenants, a tenant its own rows.
    expect(await db.withSystem(async (trx) => (await trx('probe_items').pluck('tenant_id')).map(Number).sort())).toEqual([A, B, B].sort());
    expect(await asTenantA(async () => {})).toEqual([A]);
  });

  test('separate logins are checked at start: DATABASE_URL must be lci_app, DATABASE_SYSTEM_URL must not have its privileges', async () => {
    await expect(openDatabase({ databaseUrl: ownerUrl, systemUrl: logins.system, poolMax: 1 })).rejects.toThrow(/must be the application role lci_app/);
    await expect(openDatabase({ databaseUrl: logins.app, systemUrl: logins.app, poolMax: 1 })).rejects.toThrow(/DATABASE_SYSTEM_URL logs in as lci_app/);
    await expect(openDatabase({ databaseUrl: logins.app, poolMax: 1 })).rejects.toThrow(/needs its own login, DATABASE_SYSTEM_URL/);
  });

  test('RESET ROLE leaves the application role', async () => {
    expect(await asTenantA((trx) => trx.raw('reset role'))).toEqual([A]);
    const who = await db.withTenant(A, async (trx) => { await trx.raw('reset role'); return (await trx.raw('select current_user as u')).rows[0].u; });
    expect(who).toBe(APP_ROLE);
  });

  test('SET ROLE to the system role, the owner or postgres is refused', async () => {
    const ownerName = (await owner.raw('select current_user as u')).rows[0].u;
    for (const role of [SYSTEM_ROLE, ownerName, 'postgres']) {
      await expect(asTenantA((trx) => trx.raw(`set role ${role}`))).rejects.toThrow(/permission denied/);
      await expect(asTenantA((trx) => trx.raw(`select set_config('role', ?, true)`, [role]))).rejects.toThrow(/permission denied/);
      await expect(asTenantA((trx) => trx.raw(`set session authorization ${role}`))).rejects.toThrow(/permission denied/);
    }
  });

  test('set_config of the system scope setting widens nothing, in a transaction or a single read', async () => {
    expect(await asTenantA((trx) => trx.raw(`select set_config('app.system', 'on', false)`))).toEqual([A]);
    expect(await asTenantA((trx) => trx.raw(`set local app.system = 'on'`))).toEqual([A]);
    const ro = await db.withTenant(A, async (trx) => (await trx.raw(`select set_config('app.system', 'on', true), app_system_scope() as scope, (select count(*)::int from probe_items where tenant_id = ?) as n`, [B])).rows[0], { readOnly: true });
    expect(ro).toMatchObject({ scope: false, n: 0 });
    // With the tenant cleared and the system setting on: nothing at all.
    const none = await db.withPublic(async (trx) => {
      await trx.raw(`select set_config('app.system', 'on', true), set_config('app.tenant_id', '', true)`);
      return trx('probe_items').select();
    });
    expect(none).toEqual([]);
  });

  test('SECURITY DEFINER functions: owned by a non-superuser with a fixed search_path, and calling them reaches no other tenant', async () => {
    const fns = (await owner.raw(`select p.proname as name, r.rolname as owner, r.rolsuper as su, p.proconfig as config from pg_proc p join pg_roles r on r.oid = p.proowner
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema() and p.prosecdef order by 1`)).rows as { name: string; owner: string; su: boolean; config: string[] | null }[];
    expect(fns.map((f) => f.name)).toContain('app_invite_identity');
    for (const f of fns) {
      expect({ name: f.name, owner: f.owner, su: f.su }).toEqual({ name: f.name, owner: SYSTEM_ROLE, su: false });
      expect(f.config).toContain('search_path=pg_catalog, public, pg_temp');
    }
    const seen = await asTenantA(async (trx) => {
      await trx.raw(`select * from app_invite_identity('boundary@example.com', 'B', 'Oundary')`);
      expect((await trx.raw('select app_system_scope() as s')).rows[0].s).toBe(false);
      expect(await trx('probe_items').whereIn('item_id', bItems)).toEqual([]);
    });
    expect(seen).toEqual([A]);
    // The application role cannot add functions (definer or not) to the schema, nor change the existing ones.
    await expect(asTenantA((trx) => trx.raw(`create function public.steal() returns setof probe_items language sql security definer as 'select * from probe_items'`))).rejects.toThrow(/permission denied/);
    await expect(asTenantA((trx) => trx.raw(`alter function app_invite_identity(text, text, text) owner to ${APP_ROLE}`))).rejects.toThrow(/must be owner|permission denied/);
  });

  test('an existing job queue schema (made by the owner before the upgrade) passes to lci_system, which then runs the queue', async () => {
    const send = async (url: string) => {
      const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 1, supervise: false, schedule: false });
      boss.on('error', () => {});
      await boss.start();
      try {
        await boss.createQueue('p2-probe');
        return await boss.send('p2-probe', { n: 1 });
      } finally {
        await boss.stop({ graceful: false, wait: true });
      }
    };
    expect(await send(ownerUrl)).toEqual(expect.any(String));
    await expect(send(logins.system)).rejects.toThrow(/permission denied|must be owner/);
    await grantJobQueue(owner);
    await grantJobQueue(owner); // idempotent
    expect(await send(logins.system)).toEqual(expect.any(String));
    const owners = await owner.raw(`select distinct pg_get_userbyid(c.relowner) as o from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'pgboss'`);
    expect(owners.rows.map((r: { o: string }) => r.o)).toEqual([SYSTEM_ROLE]);
    // The application role reaches none of it.
    await expect(db.withTenant(A, (trx) => trx.raw('select count(*) from pgboss.job'))).rejects.toThrow(/permission denied/);
  });

  test('the other tenant\'s rows are not written either', async () => {
    await asTenantA(async (trx) => {
      await trx.raw(`reset role`);
      await trx.raw(`select set_config('app.system', 'on', true)`);
      expect(await trx('probe_items').whereIn('item_id', bItems).update({ name: 'pwned' })).toBe(0);
      expect(await trx('probe_items').whereIn('item_id', bItems).delete()).toBe(0);
    });
    expect(await db.withSystem(async (trx) => trx('probe_items').whereIn('item_id', bItems).orderBy('item_id').pluck('name'))).toEqual(['b1', 'b2']);
  });
});
