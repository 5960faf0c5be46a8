/** `lci db migrate|rollback|roles|status|seed|reset`. */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { confirm } from '@inquirer/prompts';
import { credentialLines, seedDemo } from '../../fixtures/seed';
import { openDatabase } from '../../kernel/db/connect';
import { currentHolder, describeHolder } from '../../kernel/db/embedded';
import { migrate, migrationStatus, type MigrationSet } from '../../kernel/db/migrator';
import { grantJobQueue } from '../../kernel/db/privileges';
import type { CliContext } from '../context';
import { registerDbRollbackCommand } from './db-rollback';
import { registerDbRolesCommand } from './db-roles';
import { CliError } from '../errors';
import { printJson, printList, write } from '../output';
import { progressBar } from '../progress';
import { migrationAnnouncer } from './db-announce';
import { positiveInt } from '../args';

/**
 * The owner's connection (DATABASE_OWNER_URL, else DATABASE_URL): migrations change the schema. Reading
 * (`readOnly`) with separate logins and no owner login: the system role's.
 */
async function withDatabase<T>(
  ctx: CliContext,
  fn: (knex: import('knex').Knex) => Promise<T>,
  opts: { readOnly?: boolean } = {},
): Promise<T> {
  const cfg = ctx.config();
  const systemOnly = cfg.databaseSystemUrl !== undefined && cfg.databaseOwnerUrl === undefined;
  if (systemOnly && !opts.readOnly)
    throw new CliError(
      "DATABASE_URL is the application role's login: set DATABASE_OWNER_URL to the owner's login to migrate",
    );
  // Beside a running server on the embedded database: its database, never the files.
  const db = await openDatabase({
    databaseUrl: systemOnly ? cfg.databaseSystemUrl : (cfg.databaseOwnerUrl ?? cfg.databaseUrl),
    dataDir: cfg.dataDir,
    whenInUse: 'share',
    holder: 'lci db',
  });
  try {
    return await fn(db.knex);
  } finally {
    await db.close();
  }
}

/** Applies pending migrations owner by owner (kernel first, then plugins in dependency order). */
/** The migration sets of the kernel and the loaded plugins (kernel/boot.ts, imported on use: it loads every service). */
async function sets(ctx: CliContext): Promise<MigrationSet[]> {
  const { migrationSets } = await import('../../kernel/boot');
  return migrationSets(ctx.plugins);
}

/**
 * `around(pending, run)`: called with the number of pending migrations, runs the migration through `run` (the
 * announcements of `db migrate` wrap it); without it the migration simply runs.
 */
async function migrateAll(
  ctx: CliContext,
  onOwner?: (owner: string) => void,
  around: (pending: number, run: () => Promise<string[]>) => Promise<string[]> = (_, run) => run(),
): Promise<string[]> {
  const all = await sets(ctx);
  return withDatabase(ctx, async (knex) => {
    const pending = (await migrationStatus(knex, all)).filter((r) => !r.applied).length;
    return around(pending, async () => {
      const applied: string[] = [];
      for (let i = 0; i < all.length; i++) {
        onOwner?.(all[i].owner);
        // Each call sees the sets so far; earlier ones are already applied, so only this owner's pending files run.
        applied.push(...(await migrate(knex, all.slice(0, i + 1))));
      }
      // With separate logins the job queue connects as the system role: its database grant.
      if (ctx.config().databaseSystemUrl) await grantJobQueue(knex);
      return applied;
    });
  });
}

export function registerDbCommands(program: Command, ctx: CliContext): void {
  const db = program.command('db').description('database: migrations and demo data');

  db.command('migrate')
    .description(
      'apply pending migrations of the kernel and every plugin, in dependency order; users of a running system see a banner while it runs',
    )
    .option(
      '--announce <minutes>',
      'warn the users of a running system this many minutes ahead (migration_warning), then wait and migrate',
      positiveInt,
    )
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean; announce?: number }) => {
      const bar = progressBar();
      const applied = await migrateAll(
        ctx,
        (owner) => bar.tick(owner),
        async (pending, run) => {
          // Users of a running system hear of it (nothing to migrate: nothing to say).
          if (!pending) return run();
          const announcer = await migrationAnnouncer(ctx.config());
          try {
            if (opts.announce) {
              await announcer.warn(opts.announce);
              if (!opts.json)
                write(
                  `Announced: the migration starts in ${opts.announce} minute(s)${announcer.reaches ? '' : ' (no running system to tell)'}.`,
                );
              await new Promise((r) => setTimeout(r, opts.announce! * 60_000));
            }
            await announcer.started();
            bar.start(ctx.plugins.length + 1, 'migrating');
            try {
              return await run();
            } finally {
              bar.stop();
              await announcer.ended();
            }
          } finally {
            await announcer.close();
          }
        },
      );
      if (opts.json) return printJson({ applied });
      if (!applied.length) return write('Nothing to migrate: the database is up to date.');
      write([`Applied ${applied.length} migration(s):`, ...applied.map((n) => `  ${n}`)].join('\n'));
    });

  registerDbRollbackCommand(db, ctx);
  registerDbRolesCommand(db, ctx);

  db.command('status')
    .description('list migrations and whether each is applied')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const all = await sets(ctx);
      const rows = await withDatabase(ctx, (knex) => migrationStatus(knex, all), { readOnly: true });
      printList(
        rows,
        [
          { header: 'MIGRATION', value: (r) => r.name },
          { header: 'STATE', value: (r) => (r.applied ? 'applied' : 'pending') },
        ],
        opts,
      );
    });

  db.command('seed')
    .description("load the demo tenant, its users and every plugin's demo data (idempotent)")
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const k = await ctx.kernel();
      const bar = progressBar();
      let result;
      try {
        result = await seedDemo(k, {
          operator: ctx.operator,
          onStep: (label, i, total) => {
            if (i === 0) bar.start(total, label);
            else bar.tick(label);
          },
        });
      } finally {
        bar.stop();
      }
      if (opts.json) return printJson(result);
      const lines = result.changes.length
        ? ['Seeded:', ...result.changes.map((c) => `  ${c}`)]
        : ['Demo data already present; nothing added.'];
      write([...lines, ...credentialLines(result, k.config.baseUrl)].join('\n'));
    });

  db.command('reset')
    .description('delete the embedded database and local storage (LCI_DATA_DIR); PostgreSQL is never touched')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (opts: { yes?: boolean }) => {
      const cfg = ctx.config();
      if (cfg.databaseUrl) throw new CliError('db reset works on the embedded database only; DATABASE_URL is set');
      const dir = path.resolve(cfg.dataDir);
      if (!fs.existsSync(dir)) return write(`Nothing to reset: ${dir} does not exist.`);
      if (!fs.existsSync(path.join(dir, 'pg')))
        throw new CliError(`${dir} does not look like a Lifecycle data folder (no pg/ inside); not deleting it`);
      const holder = currentHolder(dir);
      if (holder) throw new CliError(`${describeHolder(dir, holder)}; stop it before resetting`);
      if (!opts.yes) {
        if (!process.stdin.isTTY) throw new CliError('db reset needs --yes when not run in a terminal');
        if (!(await confirm({ message: `Delete every tenant, user and file in ${dir}?`, default: false })))
          return write('Cancelled.');
      }
      fs.rmSync(dir, { recursive: true, force: true });
      write(`Deleted ${dir}. The next start creates an empty database and loads the demo tenant.`);
    });
}
