/**
 * The database as a privilege boundary (PostgreSQL only: PGlite is one
 * superuser session; kernel/db/privileges.ts). The application logs in as
 * lci_app and the system scope as lci_system on a pool of its own: from the
 * application role's SQL neither RESET ROLE, SET ROLE, set_config of the scope
 * settings, nor a SECURITY DEFINER function reaches another tenant's rows.
 * Runs when TEST_DATABASE_URL is set (CI's second pass).
 */
import crypto from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { PgBoss } from 'pg-boss';
import { migrationSets } from '../kernel/boot';
import { openDatabase } from '../kernel/db/connect';
import type { Database, Trx } from '../kernel/db/database';
import { migrate } from '../kernel/db/migrator';
import { APP_KERNEL_PRIVILEGES, grantJobQueue, roleStates } from '../kernel/db/privileges';
import { APP_ROLE, SYSTEM_ROLE } from '../kernel/db/roles';
import { signTenant } from '../kernel/db/scope-key';
import { findRegistrationKey, issueRegistrationKey } from '../kernel/tenancy/registration-keys';
import { answerInvitation } from '../kernel/tenancy/invitations/service';
import { hashInvitationKey } from '../kernel/tenancy/invitations/store';
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
  const asTenantA = (fn: (trx: Trx) => Promise<unknown>) =>
    db.withTenant(A, async (trx) => {
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
    [A, B] = await db.withSystem(async (trx) => [
      await createTenant(trx, { name: 'Tenant A' }),
      await createTenant(trx, { name: 'Tenant B' }),
    ]);
    await db.withTenant(A, (trx) => trx('probe_items').insert({ tenant_id: A, name: 'a', qty: 1 }));
    bItems = await db.withTenant(B, async (trx) =>
      (
        await trx('probe_items')
          .insert([
            { tenant_id: B, name: 'b1', qty: 1 },
            { tenant_id: B, name: 'b2', qty: 2 },
          ])
          .returning('item_id')
      ).map((r: { item_id: number }) => Number(r.item_id)),
    );
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
    expect(states[APP_ROLE]).toMatchObject({
      login: true,
      superuser: false,
      bypassrls: false,
      memberOf: [],
      ownsTables: 0,
    });
    expect(states[SYSTEM_ROLE]).toMatchObject({
      login: true,
      superuser: false,
      bypassrls: false,
      memberOf: [],
      ownsTables: 0,
    });
    // Both scopes work: the system scope sees both tenants, a tenant its own rows.
    expect(
      await db.withSystem(async (trx) => (await trx('probe_items').pluck('tenant_id')).map(Number).sort()),
    ).toEqual([A, B, B].sort());
    expect(await asTenantA(async () => {})).toEqual([A]);
  });

  test('separate logins are checked at start: DATABASE_URL must be lci_app, DATABASE_SYSTEM_URL must not have its privileges', async () => {
    await expect(openDatabase({ databaseUrl: ownerUrl, systemUrl: logins.system, poolMax: 1 })).rejects.toThrow(
      /must be the application role lci_app/,
    );
    await expect(openDatabase({ databaseUrl: logins.app, systemUrl: logins.app, poolMax: 1 })).rejects.toThrow(
      /DATABASE_SYSTEM_URL logs in as lci_app/,
    );
    await expect(openDatabase({ databaseUrl: logins.app, poolMax: 1 })).rejects.toThrow(
      /needs its own login, DATABASE_SYSTEM_URL/,
    );
  });

  test('RESET ROLE leaves the application role', async () => {
    expect(await asTenantA((trx) => trx.raw('reset role'))).toEqual([A]);
    const who = await db.withTenant(A, async (trx) => {
      await trx.raw('reset role');
      return (await trx.raw('select current_user as u')).rows[0].u;
    });
    expect(who).toBe(APP_ROLE);
  });

  test('SET ROLE to the system role, the owner or postgres is refused', async () => {
    const ownerName = (await owner.raw('select current_user as u')).rows[0].u;
    for (const role of [SYSTEM_ROLE, ownerName, 'postgres']) {
      await expect(asTenantA((trx) => trx.raw(`set role ${role}`))).rejects.toThrow(/permission denied/);
      await expect(asTenantA((trx) => trx.raw(`select set_config('role', ?, true)`, [role]))).rejects.toThrow(
        /permission denied/,
      );
      await expect(asTenantA((trx) => trx.raw(`set session authorization ${role}`))).rejects.toThrow(
        /permission denied/,
      );
    }
  });

  test('set_config of the system scope setting widens nothing, in a transaction or a single read', async () => {
    expect(await asTenantA((trx) => trx.raw(`select set_config('app.system', 'on', false)`))).toEqual([A]);
    expect(await asTenantA((trx) => trx.raw(`set local app.system = 'on'`))).toEqual([A]);
    const ro = await db.withTenant(
      A,
      async (trx) =>
        (
          await trx.raw(
            `select set_config('app.system', 'on', true), app_system_scope() as scope, (select count(*)::int from probe_items where tenant_id = ?) as n`,
            [B],
          )
        ).rows[0],
      { readOnly: true },
    );
    expect(ro).toMatchObject({ scope: false, n: 0 });
    // With the tenant cleared and the system setting on: nothing at all.
    const none = await db.withPublic(async (trx) => {
      await trx.raw(`select set_config('app.system', 'on', true), set_config('app.tenant_id', '', true)`);
      return trx('probe_items').select();
    });
    expect(none).toEqual([]);
  });

  test('SECURITY DEFINER functions: owned by a non-superuser with a fixed search_path, and calling them reaches no other tenant', async () => {
    const fns = (
      await owner.raw(`select p.proname as name, r.rolname as owner, r.rolsuper as su, p.proconfig as config from pg_proc p join pg_roles r on r.oid = p.proowner
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema() and p.prosecdef order by 1`)
    ).rows as { name: string; owner: string; su: boolean; config: string[] | null }[];
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
    await expect(
      asTenantA((trx) =>
        trx.raw(
          `create function public.steal() returns setof probe_items language sql security definer as 'select * from probe_items'`,
        ),
      ),
    ).rejects.toThrow(/permission denied/);
    await expect(
      asTenantA((trx) => trx.raw(`alter function app_invite_identity(text, text, text) owner to ${APP_ROLE}`)),
    ).rejects.toThrow(/must be owner|permission denied/);
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
        await boss.stop({ graceful: false });
      }
    };
    expect(await send(ownerUrl)).toEqual(expect.any(String));
    await expect(send(logins.system)).rejects.toThrow(/permission denied|must be owner/);
    await grantJobQueue(owner);
    await grantJobQueue(owner); // idempotent
    expect(await send(logins.system)).toEqual(expect.any(String));
    const owners = await owner.raw(
      `select distinct pg_get_userbyid(c.relowner) as o from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'pgboss'`,
    );
    expect(owners.rows.map((r: { o: string }) => r.o)).toEqual([SYSTEM_ROLE]);
    // The application role reaches none of it.
    await expect(db.withTenant(A, (trx) => trx.raw('select count(*) from pgboss.job'))).rejects.toThrow(
      /permission denied/,
    );
  });

  describe('the tenant setting is signed for its connection: set_config of app.tenant_id reaches no other tenant', () => {
    const bRows = (trx: Trx) => trx('probe_items').whereIn('item_id', bItems).pluck('item_id');
    const pidOf = async (trx: Trx) => Number((await trx.raw('select pg_backend_pid() as p')).rows[0].p);
    const forge = (trx: Trx, tenant: number, sig: string | null, local = true) =>
      trx.raw(`select set_config('app.tenant_id', ?, ${local}), set_config('app.tenant_sig', ?, ${local})`, [
        String(tenant),
        sig ?? '',
      ]);
    let key: Buffer;
    beforeAll(async () => {
      key = (await owner.raw('select key from app_scope_key')).rows[0].key;
    });

    test('set_config(app.tenant_id, B), transaction-local or session-level, in a transaction or a single read, shows and writes nothing of B', async () => {
      for (const local of [true, false]) {
        const seen = await asTenantA(async (trx) => {
          await trx.raw(`select set_config('app.tenant_id', ?, ${local})`, [String(B)]);
          expect((await trx.raw('select app_tenant_id() as t')).rows[0].t).toBeNull();
          expect(await bRows(trx)).toEqual([]);
          expect(await trx('probe_items').whereIn('item_id', bItems).update({ name: 'pwned' })).toBe(0);
          await expect(
            trx.raw(`savepoint s; insert into probe_items (tenant_id, name, qty) values (${B}, 'planted', 1)`),
          ).rejects.toThrow(/row-level security/);
          await trx.raw('rollback to savepoint s');
        });
        expect(seen).toEqual([]);
      }
      const ro = await db.withTenant(
        A,
        async (trx) =>
          (
            await trx.raw(
              `select set_config('app.tenant_id', ?, true), (select count(*)::int from probe_items where tenant_id = ?) as n`,
              [String(B), B],
            )
          ).rows[0].n,
        { readOnly: true },
      );
      expect(ro).toBe(0);
      expect(
        await db.withSystem(async (trx) =>
          trx('probe_items').whereIn('item_id', bItems).orderBy('item_id').pluck('name'),
        ),
      ).toEqual(['b1', 'b2']);
    });

    test("a made-up signature, or A's own signature with B, counts for nothing", async () => {
      const seen = await asTenantA(async (trx) => {
        const own = (await trx.raw(`select current_setting('app.tenant_sig') as s`)).rows[0].s as string;
        expect(own).toMatch(/^[0-9a-f]{64}$/);
        for (const sig of ['0'.repeat(64), 'f'.repeat(64), own, own.toUpperCase(), `${own}0`]) {
          await forge(trx, B, sig);
          expect(await bRows(trx)).toEqual([]);
        }
      });
      expect(seen).toEqual([]);
    });

    test("B's signature taken from another connection (a literal scope statement in pg_stat_activity) is useless on this one", async () => {
      // Another process of the application serves tenant B with a raw text (simple protocol: the scope travels inlined).
      const other = await openDatabase({ databaseUrl: logins.app, systemUrl: logins.system, poolMax: 1 });
      try {
        await other.withTenant(B, (trx) => trx.raw('select 1 as one; select 2 as two'), { readOnly: true });
        const seen = await asTenantA(async (trx) => {
          const act = (
            await trx.raw(
              `select pid, query from pg_stat_activity where datname = current_database() and usename = ? and pid <> pg_backend_pid() and query like ?`,
              [APP_ROLE, `%app.tenant_sig%`],
            )
          ).rows as { pid: number; query: string }[];
          const stolen = act
            .map((r) => ({
              pid: Number(r.pid),
              tenant: /'app\.tenant_id', '(\d+)'/.exec(r.query)?.[1],
              sig: /'app\.tenant_sig', '([0-9a-f]{64})'/.exec(r.query)?.[1],
            }))
            .find((r) => r.tenant === String(B) && r.sig);
          expect(stolen).toBeDefined();
          expect(stolen!.pid).not.toBe(await pidOf(trx));
          await forge(trx, B, stolen!.sig!);
          expect(await bRows(trx)).toEqual([]);
          await forge(trx, B, stolen!.sig!, false);
          expect(await bRows(trx)).toEqual([]);
        });
        expect(seen).toEqual([]);
      } finally {
        await other.close();
      }
    });

    test("the check is what refuses: B's signature for this very connection (which needs the key lci_app cannot read) would pass", async () => {
      await expect(asTenantA((trx) => trx.raw('select key from app_scope_key'))).rejects.toThrow(/permission denied/);
      await expect(db.withSystem((trx) => trx.raw(`update app_scope_key set key = key`))).rejects.toThrow(
        /permission denied/,
      );
      const seen = await asTenantA(async (trx) => {
        await forge(trx, B, signTenant(key, String(B), await pidOf(trx)));
      });
      expect(seen).toEqual([B, B]);
      // And the legit scopes are untouched.
      expect(await asTenantA(async () => {})).toEqual([A]);
      expect(
        await db.withTenant(
          B,
          async (trx) => (await trx('probe_items').orderBy('item_id').pluck('item_id')).map(Number),
          { readOnly: true },
        ),
      ).toEqual(bItems);
    });

    test('SECURITY DEFINER functions read the checked tenant: a forged tenant gets nothing of B', async () => {
      const direct = await owner.raw(`select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = current_schema() and p.proname <> 'app_tenant_id' and p.prosrc like '%app.tenant_id%'`);
      expect(direct.rows).toEqual([]);
      const policies =
        await owner.raw(`select tablename, policyname from pg_policies where schemaname = current_schema()
        and (coalesce(qual, '') || coalesce(with_check, '')) like '%app.tenant_id%'`);
      expect(policies.rows).toEqual([]);
      await expect(
        asTenantA(async (trx) => {
          await forge(trx, B, '0'.repeat(64));
          await trx.raw(`select * from app_find_identity_for_invite('forged-b@example.com', 'F', 'B')`);
        }),
      ).rejects.toThrow(/needs a tenant scope/);
      await expect(
        asTenantA(async (trx) => {
          await trx.raw(`select set_config('app.tenant_id', ?, true)`, [String(B)]);
          await trx.raw(`select * from app_invite_identity('forged-b2@example.com', 'F', 'B')`);
        }),
      ).rejects.toThrow(/needs a tenant scope/);
      // In A's own scope the function works, for A.
      const made = await db.withTenant(
        A,
        async (trx) => (await trx.raw(`select * from app_invite_identity('legit-a@example.com', 'L', 'A')`)).rows[0],
      );
      expect(made).toMatchObject({ created: true });
      expect((await owner('users').where({ username: 'legit-a@example.com' }).first()).current_tenant_id).toBe(A);
      expect(await owner('users').whereIn('username', ['forged-b@example.com', 'forged-b2@example.com'])).toEqual([]);
    });

    test('without the scope key (migrations not run) a tenant scope refuses with a message naming lci db migrate', async () => {
      const empty = await createPostgresDatabase(base!, { migrated: false });
      const bare = await openDatabase({ databaseUrl: empty.url, poolMax: 1 });
      try {
        await expect(bare.loadScopeKey()).rejects.toThrow(/tenant scope key .*missing.*lci db migrate/);
        await expect(bare.withTenant(1, (trx) => trx.raw('select 1'))).rejects.toThrow(/tenant scope key/);
      } finally {
        await bare.close();
        await empty.drop();
      }
    });

    test('a tenant left at session level on a pooled connection does not scope the next public request', async () => {
      const one = await openDatabase({ databaseUrl: logins.app, systemUrl: logins.system, poolMax: 1 });
      try {
        await one.withTenant(A, async (trx) => {
          const own = (await trx.raw(`select current_setting('app.tenant_sig') as s`)).rows[0].s as string;
          await forge(trx, A, own, false);
        });
        expect(await one.withPublic((trx) => trx('probe_items').pluck('tenant_id'))).toEqual([]);
        expect(await one.withPublic((trx) => trx('probe_items').pluck('tenant_id'), { readOnly: true })).toEqual([]);
      } finally {
        await one.close();
      }
    });
  });

  test("the other tenant's rows are not written either", async () => {
    await asTenantA(async (trx) => {
      await trx.raw(`reset role`);
      await trx.raw(`select set_config('app.system', 'on', true)`);
      expect(await trx('probe_items').whereIn('item_id', bItems).update({ name: 'pwned' })).toBe(0);
      expect(await trx('probe_items').whereIn('item_id', bItems).delete()).toBe(0);
    });
    expect(
      await db.withSystem(async (trx) =>
        trx('probe_items').whereIn('item_id', bItems).orderBy('item_id').pluck('name'),
      ),
    ).toEqual(['b1', 'b2']);
  });
  describe('identity rows and the kernel tables are out of the request’s reach (issue 26 part 1)', () => {
    let homeA: number; // home A, member of A, has a password
    let pendingA: number; // home A, member of A, not registered
    let homeB: number; // home B, member of B and of A
    let onlyB: number; // home B, member of B only
    let adminB: number; // an LCI admin homed in B

    const denied = /permission denied/;
    /** Runs one statement in tenant A's signed scope (its own transaction: a refusal aborts it). */
    const inA = <T>(fn: (trx: Trx) => Promise<T>) => db.withTenant(A, fn);
    const user = (id: number) => db.withSystem((trx) => trx('users').where({ user_id: id }).first());

    beforeAll(async () => {
      const mk = async (trx: Trx, email: string, home: number, extra: Record<string, unknown> = {}) => {
        const [r] = await trx('users')
          .insert({ username: email, email, current_tenant_id: home, password_hash: 'x', ...extra })
          .returning('user_id');
        return Number(r.user_id);
      };
      [homeA, pendingA, homeB, onlyB, adminB] = await db.withSystem(async (trx) => {
        const ids = [
          await mk(trx, 'home-a@example.com', A),
          await mk(trx, 'pending-a@example.com', A, { password_hash: null, confirmed_flag: false }),
          await mk(trx, 'home-b@example.com', B),
          await mk(trx, 'only-b@example.com', B),
          await mk(trx, 'admin-b@example.com', B, { is_lci_admin: true }),
        ];
        await trx('tenant_users').insert([
          { tenant_id: A, user_id: ids[0] },
          { tenant_id: A, user_id: ids[1] },
          { tenant_id: B, user_id: ids[2] },
          { tenant_id: A, user_id: ids[2] },
          { tenant_id: B, user_id: ids[3] },
          { tenant_id: B, user_id: ids[4] },
        ]);
        return ids;
      });
    });

    test('the privileged and credential columns of users cannot be changed from a tenant scope, even of its own home users', async () => {
      const privileged: Record<string, unknown> = {
        is_lci_admin: true,
        allow_impersonation_flag: true,
        is_internal: true,
        password_hash: 'forged',
        mfa_type: null,
        mfa_secret: null,
        mfa_setup_secret: 'forged',
        mfa_required: false,
        email: 'attacker@example.com',
        username: 'attacker@example.com',
        id_provider_name: 'forged',
        phone_number: '+15550100',
        phone_number_verified: true,
        confirmed_flag: true,
        force_new_password: false,
        active_flag: true,
      };
      for (const [column, value] of Object.entries(privileged)) {
        await expect(
          inA((trx) =>
            trx('users')
              .where({ user_id: homeA })
              .update({ [column]: value }),
          ),
        ).rejects.toThrow(denied);
      }
      // What the user manager needs still works: the home tenant renames its user.
      expect(await inA((trx) => trx('users').where({ user_id: homeA }).update({ name_first: 'Renamed' }))).toBe(1);
      expect(await user(homeA)).toMatchObject({
        name_first: 'Renamed',
        is_lci_admin: false,
        email: 'home-a@example.com',
      });
    });

    test('app.user_id grants nothing: a tenant scope that sets it to a member homed elsewhere changes no field of that user', async () => {
      const changed = await inA(async (trx) => {
        await trx.raw(`select set_config('app.user_id', ?, true)`, [String(homeB)]);
        return trx('users').where({ user_id: homeB }).update({ name_first: 'Hijacked' });
      });
      expect(changed).toBe(0);
      expect((await user(homeB)).name_first).toBe('');
      const policies = await owner.raw(
        `select policyname from pg_policies where coalesce(qual, '') || coalesce(with_check, '') like '%app.user_id%'`,
      );
      expect(policies.rows).toEqual([]);
      const fns = await owner.raw(
        `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema() and p.prosrc like '%app.user_id%'`,
      );
      expect(fns.rows).toEqual([]);
    });

    test('tenants: only the formats and require-MFA; activation, sandbox, parent, name and region are refused', async () => {
      for (const [column, value] of Object.entries({
        active_flag: false,
        is_sandbox: true,
        parent_tenant_id: B,
        name: 'Renamed',
        region_code: 'ec1',
      }))
        await expect(
          inA((trx) =>
            trx('tenants')
              .where({ tenant_id: A })
              .update({ [column]: value }),
          ),
        ).rejects.toThrow(denied);
      expect(await inA((trx) => trx('tenants').where({ tenant_id: A }).update({ date_format: 'dd/mm/yyyy' }))).toBe(1);
    });

    test('memberships: a tenant scope cannot add a user of another company, nor move a membership to another user', async () => {
      await expect(inA((trx) => trx('tenant_users').insert({ tenant_id: A, user_id: onlyB }))).rejects.toThrow(
        /row-level security/,
      );
      await expect(inA((trx) => trx('tenant_users').insert({ tenant_id: A, user_id: adminB }))).rejects.toThrow(
        /row-level security/,
      );
      await expect(
        inA((trx) => trx('tenant_users').where({ tenant_id: A, user_id: homeA }).update({ user_id: onlyB })),
      ).rejects.toThrow(denied);
      // Its own members' rights still change (the user manager).
      expect(
        await inA((trx) =>
          trx('tenant_users').where({ tenant_id: A, user_id: homeA }).update({ tenant_admin_flag: true }),
        ),
      ).toBe(1);
    });

    test('audit log is append-only and module grants read-only for a request', async () => {
      expect(await inA((trx) => trx('audit_log').insert({ tenant_id: A, action: 'probe.ok' }))).toBeTruthy();
      await expect(
        inA((trx) => trx('audit_log').where({ tenant_id: A }).update({ action: 'rewritten' })),
      ).rejects.toThrow(denied);
      await expect(inA((trx) => trx('audit_log').where({ tenant_id: A }).delete())).rejects.toThrow(denied);
      await expect(inA((trx) => trx('tenant_module_grants').insert({ tenant_id: A, module: 'AIR' }))).rejects.toThrow(
        denied,
      );
      await expect(inA((trx) => trx('tenant_module_grants').where({ tenant_id: A }).delete())).rejects.toThrow(denied);
    });

    test('a registration key only for a pending user homed in the tenant: SQL cannot issue one that sets another user’s password', async () => {
      for (const victim of [homeB, onlyB, adminB, homeA])
        await expect(inA((trx) => issueRegistrationKey(trx, A, victim))).rejects.toThrow(/row-level security/);
      const key = await inA((trx) => issueRegistrationKey(trx, A, pendingA));
      expect(await db.withSystem((trx) => findRegistrationKey(trx, key))).toMatchObject({ userId: pendingA });
      // A key row made by other means for a registered user (or one of another tenant) opens nothing either.
      const forged = await db.withSystem((trx) => issueRegistrationKey(trx, A, adminB));
      expect(await db.withSystem((trx) => findRegistrationKey(trx, forged))).toBeNull();
    });

    test('an invitation row written by SQL does not accept: its key must be a MAC under the server secret', async () => {
      const key = 'k'.repeat(43);
      const group = await db.withSystem(async (trx) => {
        const [g] = await trx('security_groups').insert({ tenant_id: A, name: 'Probe' }).returning('security_group_id');
        return Number(g.security_group_id);
      });
      const forged: [number, string][] = [
        [onlyB, crypto.createHash('sha256').update(key).digest('hex')], // the form before this version
        [adminB, hashInvitationKey('guessed-secret', key)],
      ];
      for (const [victim, keyHash] of forged)
        await inA((trx) =>
          trx('tenant_invitations').insert({
            tenant_id: A,
            user_id: victim,
            email: 'victim@example.com',
            security_group_id: group,
            key_hash: keyHash,
            expires_at: new Date(Date.now() + 3_600_000),
          }),
        );
      expect(await db.withSystem((trx) => answerInvitation(trx, key, 'accept', 'the-server-secret'))).toEqual({
        outcome: 'not_found',
      });
      expect(
        await db.withSystem((trx) =>
          trx('tenant_users').where({ tenant_id: A }).whereIn('user_id', [onlyB, adminB]).first(),
        ),
      ).toBeUndefined();
      await expect(
        inA((trx) => trx('tenant_invitations').where({ tenant_id: A }).update({ key_hash: 'x' })),
      ).rejects.toThrow(denied);
    });

    test('every table the kernel migrations make is listed in kernel/db/privileges.ts', async () => {
      const kernelOnly = await createPostgresDatabase(base!, { migrated: false });
      const k = knexFactory({ client: 'pg', connection: kernelOnly.url, pool: { min: 0, max: 1 } });
      try {
        await migrate(k, migrationSets([]));
        const tables = (
          await k.raw(`select tablename from pg_tables where schemaname = current_schema() order by 1`)
        ).rows.map((r: { tablename: string }) => r.tablename);
        const bookkeeping = ['knex_migrations', 'knex_migrations_lock', 'app_scope_key'];
        const listed = APP_KERNEL_PRIVILEGES.map((p) => p.table);
        expect(tables.filter((t: string) => !bookkeeping.includes(t) && !listed.includes(t))).toEqual([]);
        expect(listed.filter((t) => !tables.includes(t))).toEqual([]);
      } finally {
        await k.destroy();
        await kernelOnly.drop();
      }
    });

    test('the catalog grants lci_app exactly what kernel/db/privileges.ts lists for each kernel table', async () => {
      for (const p of APP_KERNEL_PRIVILEGES) {
        const t = (
          await owner.raw(
            `select privilege_type as p from information_schema.role_table_grants where grantee = ? and table_name = ?`,
            [APP_ROLE, p.table],
          )
        ).rows.map((r: { p: string }) => r.p.toLowerCase());
        const cols = (
          await owner.raw(
            `select column_name as c from information_schema.column_privileges where grantee = ? and table_name = ? and privilege_type = 'UPDATE'`,
            [APP_ROLE, p.table],
          )
        ).rows.map((r: { c: string }) => r.c);
        const expected = ['select', 'insert', 'delete', 'update'].filter((k) =>
          k === 'update' ? p.update === 'all' : p[k as 'select' | 'insert' | 'delete'],
        );
        expect({ table: p.table, privileges: t.sort() }).toEqual({ table: p.table, privileges: expected.sort() });
        if (p.update !== 'all')
          expect({ table: p.table, update: cols.sort() }).toEqual({ table: p.table, update: [...p.update].sort() });
      }
    });
  });
});
