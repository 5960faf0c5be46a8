/**
 * The PostgreSQL privilege boundary (README, "Database roles"):
 *
 * - owner: the login that runs migrations (DATABASE_OWNER_URL, `lci db migrate`)
 *   and owns every table;
 * - lci_app: the application role requests log in as (DATABASE_URL):
 *   NOSUPERUSER, NOBYPASSRLS, owns nothing, member of no role, so neither
 *   RESET ROLE nor SET ROLE nor set_config('app.system', ...) widens its view;
 * - lci_system: the system scope (CLI, jobs, cross-tenant work; its own pool,
 *   DATABASE_SYSTEM_URL): NOBYPASSRLS, owns no table, sees every tenant only
 *   inside the explicit system scope (roles.ts, SYSTEM_SCOPE_SQL), and owns the
 *   SECURITY DEFINER functions (with a fixed search_path);
 * - the tenant setting is signed per connection (scope-key.ts): only lci_system
 *   reads the key (app_scope_key), so the application's SQL cannot switch to
 *   another tenant with set_config('app.tenant_id', ...) either.
 *
 * Roles are cluster-wide: every step here checks before it writes and treats a
 * concurrent creation as done, so many databases of one cluster (test servers)
 * can run it at once. Per-database grants are idempotent.
 */
import type { Knex } from 'knex';
import { APP_ROLE, SYSTEM_ROLE } from './roles';
import { restrictScopeKey, scopeKeyInstalled } from './scope-key';

const ROLES = [APP_ROLE, SYSTEM_ROLE] as const;
export type LoginRole = (typeof ROLES)[number];

/** SQL that creates a NOLOGIN role unless it exists (a concurrent creation counts as done). */
export function createRoleSql(role: string): string {
  return `do $$ begin
    if not exists (select 1 from pg_roles where rolname = '${role}') then
      begin
        create role ${role} nologin nosuperuser nobypassrls nocreatedb nocreaterole noinherit;
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
  end $$`;
}

/** Whether the roles of the boundary exist (before migration 0060 they may not). */
async function systemRoleExists(knex: Knex): Promise<boolean> {
  const r = await knex.raw(`select 1 from pg_roles where rolname = ?`, [SYSTEM_ROLE]);
  return r.rows.length > 0;
}

/**
 * Per-database grants of the system role: DML on every table and sequence of
 * the schema (now and, through default privileges, those the migrating role
 * creates later), CREATE on the database for the job queue's own schema.
 */
export async function grantSystemRole(knex: Knex): Promise<void> {
  await knex.raw(`grant usage on schema public to ${SYSTEM_ROLE}`);
  await knex.raw(
    `grant select, insert, update, delete, truncate, references on all tables in schema public to ${SYSTEM_ROLE}`,
  );
  await knex.raw(`grant usage, select, update on all sequences in schema public to ${SYSTEM_ROLE}`);
  await knex.raw(
    `alter default privileges in schema public grant select, insert, update, delete, truncate, references on tables to ${SYSTEM_ROLE}`,
  );
  await knex.raw(
    `alter default privileges in schema public grant usage, select, update on sequences to ${SYSTEM_ROLE}`,
  );
}

/**
 * The job queue (pg-boss, kernel/jobs) connects as the system role on
 * PostgreSQL: it may create its schema, and owns the one an earlier version
 * made as the owner. Per database; a no-op when already so.
 */
export async function grantJobQueue(knex: Knex): Promise<void> {
  const r = await knex.raw(`select has_database_privilege(?, current_database(), 'CREATE') as ok`, [SYSTEM_ROLE]);
  if (!r.rows[0].ok) {
    await knex.raw(`do $$ begin execute format('grant create on database %I to ${SYSTEM_ROLE}', current_database());
      exception when insufficient_privilege then raise notice 'lci: grant CREATE on this database to ${SYSTEM_ROLE} as its owner (the job queue makes its schema)'; end $$`);
  }
  await knex.raw(`do $$
    declare r record;
    begin
      if not exists (select 1 from pg_namespace where nspname = 'pgboss' and nspowner <> '${SYSTEM_ROLE}'::regrole) then return; end if;
      execute 'alter schema pgboss owner to ${SYSTEM_ROLE}';
      for r in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname = 'pgboss' and c.relkind in ('r', 'p', 'v', 'm') loop
        execute format('alter table pgboss.%I owner to ${SYSTEM_ROLE}', r.relname);
      end loop;
      for r in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where n.nspname = 'pgboss' and c.relkind = 'S' and c.relowner <> '${SYSTEM_ROLE}'::regrole
                 and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i')) loop
        execute format('alter sequence pgboss.%I owner to ${SYSTEM_ROLE}', r.relname);
      end loop;
      for r in select p.oid::regprocedure as f from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'pgboss' loop
        execute format('alter function %s owner to ${SYSTEM_ROLE}', r.f);
      end loop;
      for r in select t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
               where n.nspname = 'pgboss' and t.typtype in ('e', 'd') loop
        execute format('alter type pgboss.%I owner to ${SYSTEM_ROLE}', r.typname);
      end loop;
    end $$`);
}

/**
 * Every SECURITY DEFINER function of the schema is owned by the system role
 * (never a superuser) and runs with a fixed search_path. Run after migrations,
 * so a function a later migration adds is covered too.
 */
export async function secureDefinerFunctions(knex: Knex): Promise<void> {
  // A new owner needs CREATE on the schema (unless a superuser runs this): granted for the change only, in its transaction.
  await knex.raw(`do $$
    declare r record; lent boolean := false;
    begin
      for r in select p.oid::regprocedure as f, p.proowner, p.proconfig from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               where n.nspname = current_schema() and p.prosecdef loop
        if r.proowner <> '${SYSTEM_ROLE}'::regrole then
          if not lent and not has_schema_privilege('${SYSTEM_ROLE}', current_schema(), 'CREATE') then
            execute format('grant create on schema %I to ${SYSTEM_ROLE}', current_schema());
            lent := true;
          end if;
          execute format('alter function %s owner to ${SYSTEM_ROLE}', r.f);
        end if;
        if r.proconfig is null or not ('search_path=pg_catalog, public, pg_temp' = any (r.proconfig)) then
          execute format('alter function %s set search_path = pg_catalog, public, pg_temp', r.f);
        end if;
      end loop;
      if lent then execute format('revoke create on schema %I from ${SYSTEM_ROLE}', current_schema()); end if;
    end $$`);
}

/** After migrations (migrator.ts): grants of tables and definer functions added since, once the roles exist. */
export async function afterMigrations(knex: Knex): Promise<void> {
  if (!(await systemRoleExists(knex))) return;
  await grantSystemRole(knex);
  // The grant of all tables above includes the scope key: lci_system keeps only SELECT on it.
  if (await scopeKeyInstalled(knex)) await restrictScopeKey(knex);
  await secureDefinerFunctions(knex);
}

export interface RoleState {
  role: string;
  exists: boolean;
  login: boolean;
  superuser: boolean;
  bypassrls: boolean;
  memberOf: string[];
  ownsTables: number;
}

/** The attributes of the boundary's roles in this cluster and database (`lci db roles`, tests). */
export async function roleStates(knex: Knex): Promise<RoleState[]> {
  const r = await knex.raw(
    `
    select n.role, r.rolname is not null as exists, coalesce(r.rolcanlogin, false) as login, coalesce(r.rolsuper, false) as superuser,
      coalesce(r.rolbypassrls, false) as bypassrls,
      coalesce((select array_agg(g.rolname::text order by g.rolname) from pg_auth_members m join pg_roles g on g.oid = m.roleid where m.member = r.oid), '{}') as "memberOf",
      (select count(*)::int from pg_tables t where t.tableowner = n.role) as "ownsTables"
    from unnest(?::text[]) as n(role) left join pg_roles r on r.rolname = n.role order by n.role`,
    [[...ROLES]],
  );
  return r.rows;
}

/**
 * `lci db roles`: creates the roles when missing, makes them logins (with the
 * password given, or without changing an existing one), and puts right what
 * would break the boundary (superuser, BYPASSRLS, role memberships). Run as a
 * superuser or a role with CREATEROLE. Returns the roles' states afterwards.
 */
export async function ensureLoginRoles(
  knex: Knex,
  passwords: Partial<Record<LoginRole, string>> = {},
): Promise<RoleState[]> {
  for (const role of ROLES) await retryConcurrent(() => knex.raw(createRoleSql(role)));
  for (const state of await roleStates(knex)) {
    const role = state.role as LoginRole;
    const password = passwords[role];
    const alter: string[] = [];
    if (!state.login) alter.push('login');
    if (state.superuser) alter.push('nosuperuser');
    if (state.bypassrls) alter.push('nobypassrls');
    if (alter.length) await retryConcurrent(() => knex.raw(`alter role ${role} ${alter.join(' ')}`));
    if (password !== undefined)
      await retryConcurrent(() => knex.raw(`alter role ${role} password ${quoteLiteral(password)}`));
    for (const group of state.memberOf) await retryConcurrent(() => knex.raw(`revoke ?? from ${role}`, [group]));
  }
  return roleStates(knex);
}

function quoteLiteral(s: string): string {
  if (s.includes('\0')) throw new Error('a password cannot contain a NUL byte');
  return `'${s.replace(/'/g, "''")}'`;
}

/** Cluster-wide catalog rows written by two databases' sessions at once: the loser retries (then finds them done). */
async function retryConcurrent<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      if (attempt >= 20 || !/tuple concurrently (updated|deleted)|duplicate key value|already exists/.test(String(e)))
        throw e;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
    }
  }
}
