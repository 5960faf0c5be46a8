/**
 * PostgreSQL logins (privileges.ts): one login, as before (the owner or a
 * superuser; requests then SET LOCAL ROLE lci_app, which is no boundary), or
 * separate logins: DATABASE_URL as the application role for requests and
 * DATABASE_SYSTEM_URL as the system role for the system scope, each with its
 * own pool. Checked when the database is opened, so a wrong role fails the
 * start with a message naming the variable.
 */
import knexFactory, { type Knex } from 'knex';
import { Database } from './database';
import { APP_ROLE, SYSTEM_ROLE } from './roles';

interface Login {
  user: string;
  superuser: boolean;
  bypassrls: boolean;
  app: boolean;
  system: boolean;
}

async function loginOf(knex: Knex): Promise<Login> {
  const r = await knex.raw(
    `select current_user as user, r.rolsuper as superuser, r.rolbypassrls as bypassrls,
      (not r.rolsuper and exists (select 1 from pg_roles where rolname = ?) and pg_has_role(?, 'USAGE')) as app,
      (not r.rolsuper and exists (select 1 from pg_roles where rolname = ?) and pg_has_role(?, 'MEMBER')) as system
    from pg_roles r where r.rolname = current_user`,
    [APP_ROLE, APP_ROLE, SYSTEM_ROLE, SYSTEM_ROLE],
  );
  return r.rows[0];
}

/** The Database over an open knex (DATABASE_URL), with the system role's pool when systemUrl is given. */
export async function postgresDatabase(knex: Knex, systemUrl?: string): Promise<Database> {
  try {
    return await open(knex, systemUrl);
  } catch (e) {
    await knex.destroy();
    throw e;
  }
}

async function open(knex: Knex, systemUrl?: string): Promise<Database> {
  const login = await loginOf(knex);
  if (!systemUrl) {
    if (login.app)
      throw new Error(
        `DATABASE_URL logs in as ${login.user}, the application role: the system scope needs its own login, DATABASE_SYSTEM_URL (see \`lci db roles\`)`,
      );
    return new Database(knex, 'postgres');
  }
  if (login.superuser || login.bypassrls || !login.app || login.system) {
    throw new Error(
      `DATABASE_URL logs in as ${login.user}: with DATABASE_SYSTEM_URL set it must be the application role ${APP_ROLE} (NOSUPERUSER, NOBYPASSRLS, not a member of ${SYSTEM_ROLE}); see \`lci db roles\``,
    );
  }
  const config = knex.client.config as Knex.Config;
  const connection =
    typeof config.connection === 'object' && config.connection
      ? { ...config.connection, connectionString: systemUrl }
      : systemUrl;
  const system = knexFactory({ ...config, connection } as Knex.Config);
  try {
    const s = await loginOf(system);
    if (s.app)
      throw new Error(
        `DATABASE_SYSTEM_URL logs in as ${s.user}, which has the application role's privileges: it must be the system role ${SYSTEM_ROLE}`,
      );
  } catch (e) {
    await system.destroy();
    throw e;
  }
  return new Database(system, 'postgres', async () => {}, knex);
}
