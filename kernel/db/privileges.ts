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

/**
 * What the application role (lci_app, every request's SQL) may do on each table
 * the kernel owns, and why (issue 26 part 1). Everything not listed here for a
 * table is refused by the database itself, whatever SQL a request runs: the
 * privileged and credential columns change only in the system scope (lci_system:
 * sign-in, the profile, the CLI, internal tools) or through SECURITY DEFINER
 * functions that check their caller. `applyAppKernelPrivileges` makes the
 * catalog match this list (migration 0085; idempotent); the privilege-boundary
 * test attacks each refusal from a signed tenant scope and compares the catalog
 * with the list. Row-level security bounds the rows on top of these grants.
 */
export interface AppTablePrivileges {
  table: string;
  select: boolean;
  insert: boolean;
  delete: boolean;
  /** 'all' columns, or the only columns lci_app may UPDATE ([]: none). */
  update: 'all' | readonly string[];
  why: string;
}

const NONE = { select: false, insert: false, delete: false, update: [] } as const;
const READ = { select: true, insert: false, delete: false, update: [] } as const;
const ALL = { select: true, insert: true, delete: true, update: 'all' } as const;

export const APP_KERNEL_PRIVILEGES: readonly AppTablePrivileges[] = [
  {
    table: 'tenants',
    ...READ,
    update: ['currency', 'date_format', 'require_mfa'],
    why: "a tenant admin's account settings (currency, date format) and sign-in security (require MFA); name, region, parent, sandbox and activation change in the system scope only",
  },
  {
    table: 'users',
    ...READ,
    update: ['name_first', 'name_last', 'current_tenant_id', 'user_notification_uuid'],
    why: 'the home tenant renames its users in the user manager, a tenant that adds a user without a home becomes it, and a user who dismisses the admin notifications stamps them (rows bounded by the member_of_tenant and users_home_tenant_updates policies); e-mail, username, password, MFA (type, secrets, the SMS phone), SSO provider, confirmation, activation and the internal, LCI admin and impersonation flags change in the system scope only',
  },
  {
    table: 'tenant_users',
    ...ALL,
    update: ['security_group_id', 'tenant_admin_flag', 'force_sso_flag', 'active_flag', 'accept_timestamp'],
    why: 'a tenant admin manages its memberships (group, admin, SSO required, active) and a member accepts the terms; a new membership only of a user whose home is this tenant or who has none (policy tenant_users_home_members); user and tenant of a membership never change',
  },
  { table: 'security_groups', ...ALL, why: 'a tenant admin manages its security groups' },
  { table: 'security_group_pages', ...ALL, why: "a tenant admin sets each group's page access" },
  {
    table: 'tenant_module_grants',
    ...READ,
    why: 'read to resolve access; modules are granted by provisioning, billing and support in the system scope (a tenant cannot grant itself a module)',
  },
  { table: 'feature_flag_values', ...ALL, why: "a tenant admin sets the tenant's and its users' feature flags" },
  {
    table: 'audit_log',
    ...READ,
    insert: true,
    why: 'append-only: requests write their audit rows and read their tenant’s log; no request rewrites or deletes one',
  },
  {
    table: 'registration_keys',
    ...READ,
    insert: true,
    update: ['used_at'],
    why: 'the user manager issues a registration link and retires the open ones; only for a user whose home is this tenant and who has not registered (policy registration_keys_home_pending)',
  },
  {
    table: 'tenant_invitations',
    ...READ,
    insert: true,
    update: ['status', 'responded_at'],
    why: "the user manager invites, cancels and expires; the key's hash is a MAC under the server secret, so SQL cannot make a key that accepts",
  },
  { table: 'tenant_signups', ...READ, why: 'read by billing; written by sign-up in the system scope' },
  {
    table: 'table_settings',
    ...ALL,
    update: ['settings', 'updated_at'],
    why: "a user keeps their own columns and sort of each data table (rows bounded by the tenant policy; the routes write only the caller's own row); whose row it is never changes",
  },
  { table: 'mail_outbox', ...NONE, insert: true, why: 'requests queue mail; only the system scope reads or sends it' },
  {
    table: 'kernel_settings',
    ...READ,
    why: 'platform settings (maintenance) are read by requests, written by support',
  },
  { table: 'lci_modules', ...READ, why: 'catalogue' },
  { table: 'module_views', ...READ, why: 'catalogue' },
  { table: 'nav_items', ...READ, why: 'catalogue, synced at start' },
  { table: 'feature_flags', ...READ, why: 'catalogue' },
  { table: 'oidc_payloads', ...NONE, why: 'sessions, grants and tokens: the sign-in server, system scope' },
  { table: 'impersonation_sessions', ...NONE, why: 'internal support, system scope' },
  { table: 'verification_codes', ...NONE, why: 'one-time codes, system scope' },
  { table: 'sign_in_failures', ...NONE, why: 'lockout counters, system scope' },
  { table: 'code_failures', ...NONE, why: 'lockout counters, system scope' },
  { table: 'access_invalidations', ...NONE, why: 'token refusals across processes, system scope' },
  { table: 'federated_identities', ...NONE, why: 'single sign-on links, system scope' },
  { table: 'access_token_cutoffs', ...NONE, why: 'per-user token cutoffs (password, MFA changes), system scope' },
];

/** Makes lci_app's privileges on the kernel's tables exactly those of APP_KERNEL_PRIVILEGES (idempotent). */
export async function applyAppKernelPrivileges(knex: Knex): Promise<void> {
  for (const p of APP_KERNEL_PRIVILEGES) {
    // A table of a later migration is not there yet: that migration grants nothing to lci_app, and this list says so.
    if (!(await knex.raw(`select to_regclass(?) is not null as ok`, [p.table])).rows[0].ok) continue;
    // Revoking a table privilege revokes the column privileges of that kind too.
    await knex.raw(`revoke all on ?? from ${APP_ROLE}`, [p.table]);
    const table = [p.select && 'select', p.insert && 'insert', p.delete && 'delete', p.update === 'all' && 'update'];
    const granted = table.filter(Boolean).join(', ');
    if (granted) await knex.raw(`grant ${granted} on ?? to ${APP_ROLE}`, [p.table]);
    if (p.update !== 'all' && p.update.length)
      await knex.raw(`grant update (${p.update.map(() => '??').join(', ')}) on ?? to ${APP_ROLE}`, [
        ...p.update,
        p.table,
      ]);
  }
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
