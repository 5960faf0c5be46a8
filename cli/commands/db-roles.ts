/**
 * `lci db roles`: the PostgreSQL roles of the privilege boundary
 * (kernel/db/privileges.ts): creates lci_app and lci_system when missing, makes
 * them logins, corrects what would break the boundary, and applies this
 * database's grants. Run as the owner (DATABASE_OWNER_URL, else DATABASE_URL)
 * with CREATEROLE or as a superuser; idempotent.
 */
import crypto from 'node:crypto';
import type { Command } from 'commander';
import knexFactory from 'knex';
import {
  afterMigrations,
  ensureLoginRoles,
  grantJobQueue,
  roleStates,
  type LoginRole,
} from '../../kernel/db/privileges';
import { APP_ROLE, SYSTEM_ROLE } from '../../kernel/db/roles';
import type { CliContext } from '../context';
import { CliError } from '../errors';
import { formatTable, printJson, write } from '../output';

export function registerDbRolesCommand(db: Command, ctx: CliContext): void {
  db.command('roles')
    .description(
      `PostgreSQL: create or check the logins ${APP_ROLE} (DATABASE_URL) and ${SYSTEM_ROLE} (DATABASE_SYSTEM_URL); run as the owner`,
    )
    .option(
      '--app-password <password>',
      `password of ${APP_ROLE} (or LCI_DB_APP_PASSWORD); a new login without one gets a generated password`,
    )
    .option('--system-password <password>', `password of ${SYSTEM_ROLE} (or LCI_DB_SYSTEM_PASSWORD)`)
    .option('--json', 'print JSON')
    .action(async (opts: { appPassword?: string; systemPassword?: string; json?: boolean }) => {
      const cfg = ctx.config();
      const url = cfg.databaseOwnerUrl ?? cfg.databaseUrl;
      if (!url)
        throw new CliError(
          "db roles works on PostgreSQL only: set DATABASE_OWNER_URL (or DATABASE_URL) to the owner's login",
        );
      const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
      try {
        const before = await roleStates(knex);
        const given: Partial<Record<LoginRole, string>> = {
          [APP_ROLE]: opts.appPassword ?? process.env.LCI_DB_APP_PASSWORD,
          [SYSTEM_ROLE]: opts.systemPassword ?? process.env.LCI_DB_SYSTEM_PASSWORD,
        };
        const generated: Partial<Record<LoginRole, string>> = {};
        for (const s of before) {
          const role = s.role as LoginRole;
          if (given[role] === undefined && !s.login) generated[role] = crypto.randomBytes(24).toString('base64url');
        }
        const passwords = {
          ...generated,
          ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
        };
        let after;
        try {
          after = await ensureLoginRoles(knex, passwords);
        } catch (e) {
          throw new CliError(
            `could not create or change the roles as this login (it needs CREATEROLE or superuser): ${(e as Error).message}`,
          );
        }
        const migrated = (await knex.raw(`select to_regclass('knex_migrations') is not null as ok`)).rows[0]
          .ok as boolean;
        if (migrated) {
          await afterMigrations(knex);
          await grantJobQueue(knex);
        }
        if (opts.json) return printJson({ roles: after, generatedPasswords: generated, migrated });
        const lines = [
          formatTable(after, [
            { header: 'ROLE', value: (r) => r.role },
            { header: 'LOGIN', value: (r) => (r.login ? 'yes' : 'no') },
            { header: 'SUPERUSER', value: (r) => (r.superuser ? 'yes' : 'no') },
            { header: 'BYPASSRLS', value: (r) => (r.bypassrls ? 'yes' : 'no') },
            { header: 'MEMBER OF', value: (r) => r.memberOf.join(',') || '-' },
            { header: 'OWNS TABLES', value: (r) => r.ownsTables },
          ]),
        ];
        const u = new URL(url);
        const example = (role: string, pw: string | undefined) => {
          const x = new URL(u);
          x.username = role;
          x.password = pw ?? '<password>';
          return x.toString();
        };
        for (const [role, pw] of Object.entries(generated)) lines.push(`Generated a password for ${role}: ${pw}`);
        lines.push(
          '',
          'Set, for the server and lci:',
          `  DATABASE_URL=${example(APP_ROLE, generated[APP_ROLE as LoginRole])}`,
          `  DATABASE_SYSTEM_URL=${example(SYSTEM_ROLE, generated[SYSTEM_ROLE as LoginRole])}`,
          `  DATABASE_OWNER_URL=<this owner login> (lci db migrate only)`,
        );
        if (!migrated) lines.push('', 'This database has no tables yet: run `lci db migrate` with DATABASE_OWNER_URL.');
        write(lines.join('\n'));
      } finally {
        await knex.destroy();
      }
    });
}
