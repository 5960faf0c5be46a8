/**
 * `lci db rollback [--steps N | --to <migration>]`: undoes applied migrations newest first through each migration's
 * down (kernel/db/migrator.ts, the same migration source as `db migrate`), after a backup (db-backup.ts) and a
 * confirmation; audited as db.rollback.
 */
import type { Command } from 'commander';
import { confirm } from '@inquirer/prompts';
import { audit } from '../../kernel/audit';
import { openDatabase } from '../../kernel/db/connect';
import type { Database } from '../../kernel/db/database';
import { DataDirBusy } from '../../kernel/db/embedded';
import { rollback, rollbackPlan, type MigrationSet, type RollbackTarget } from '../../kernel/db/migrator';
import { cliAudit } from '../audit';
import type { CliContext } from '../context';
import { CliError, UsageError } from '../errors';
import { printJson, write } from '../output';
import { progressBar } from '../progress';
import { backupEmbedded, backupPostgres } from './db-backup';

const HOLDER = 'lci db rollback';

interface RollbackOptions {
  steps?: string;
  to?: string;
  yes?: boolean;
  backup?: boolean; // false with --no-backup
  json?: boolean;
}

function targetOf(opts: RollbackOptions): RollbackTarget {
  if (opts.steps !== undefined && opts.to !== undefined) throw new UsageError('give --steps or --to, not both');
  if (opts.to !== undefined) {
    if (!opts.to.trim()) throw new UsageError('--to needs a migration name (see `lci db status`)');
    return { to: opts.to.trim() };
  }
  const steps = opts.steps === undefined ? 1 : Number(opts.steps);
  if (!/^\d+$/.test(opts.steps ?? '1') || !Number.isSafeInteger(steps) || steps < 1)
    throw new UsageError(`--steps must be a whole number of at least 1 (got "${opts.steps}")`);
  return { steps };
}

export function registerDbRollbackCommand(db: Command, ctx: CliContext): void {
  db.command('rollback')
    .description(
      'undo applied migrations newest first (--steps N, default 1, or --to <migration>: all applied after it), after a backup',
    )
    .option('--steps <n>', 'how many applied migrations to undo (default 1)')
    .option('--to <migration>', 'undo every migration applied after this one (e.g. kernel/0070_signed_tenant_scope)')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--no-backup', 'PostgreSQL without pg_dump: roll back without a backup')
    .option('--json', 'print JSON')
    .action(async (opts: RollbackOptions) => {
      const target = targetOf(opts);
      const cfg = ctx.config();
      if (cfg.databaseSystemUrl !== undefined && cfg.databaseOwnerUrl === undefined)
        throw new CliError(
          "DATABASE_URL is the application role's login: set DATABASE_OWNER_URL to the owner's login to roll back",
        );
      const { migrationSets } = await import('../../kernel/boot');
      const sets: MigrationSet[] = migrationSets(ctx.plugins);
      const url = cfg.databaseOwnerUrl ?? cfg.databaseUrl;
      // Embedded: the files themselves, never through a running server (it would run on the old schema).
      const open = async (): Promise<Database> => {
        try {
          return await openDatabase({ databaseUrl: url, dataDir: cfg.dataDir, whenInUse: 'refuse', holder: HOLDER });
        } catch (e) {
          if (e instanceof DataDirBusy)
            throw new CliError(`${e.message.split(';')[0]}; stop it before rolling back (nothing was changed)`);
          throw e;
        }
      };

      let database = await open();
      let plan: string[];
      try {
        plan = await rollbackPlan(database.knex, sets, target).catch((e: Error) => {
          throw new CliError(e.message);
        });
      } catch (e) {
        await database.close();
        throw e;
      }
      if (!plan.length) {
        await database.close();
        return opts.json ? printJson({ rolledBack: [], backup: null }) : write('Nothing to roll back.');
      }
      if (!opts.json)
        write([`Rolling back ${plan.length} migration(s), newest first:`, ...plan.map((n) => `  ${n}`)].join('\n'));
      if (!opts.yes) {
        if (!process.stdin.isTTY) {
          await database.close();
          throw new UsageError('db rollback changes the schema: pass --yes when not run in a terminal');
        }
        const go = await confirm({
          message: `Undo ${plan.length} migration(s)? Their tables and data are dropped (a backup is taken first).`,
          default: false,
        });
        if (!go) {
          await database.close();
          return write('Cancelled.');
        }
      }

      let backup: string | null = null;
      if (database.engine === 'pglite') {
        await database.close();
        if (opts.backup !== false) backup = await backupEmbedded(cfg.dataDir, 'before-rollback', HOLDER);
        database = await open();
      } else if (opts.backup !== false) {
        try {
          backup = await backupPostgres(cfg.dataDir, url!, 'before-rollback');
        } catch (e) {
          await database.close();
          throw e;
        }
      }

      const bar = progressBar();
      let rolledBack: string[];
      try {
        bar.start(plan.length, 'rolling back');
        rolledBack = await rollback(database.knex, sets, plan, (name) => bar.tick(name));
        bar.stop();
        // Audited unless the rollback took the audit log itself away.
        if (await database.knex.schema.hasTable('audit_log'))
          await database.withSystem((trx) =>
            cliAudit({ audit }, ctx, trx, 'db.rollback', { details: { rolledBack, backup } }),
          );
      } finally {
        bar.stop();
        await database.close();
      }
      if (opts.json) return printJson({ rolledBack, backup });
      write(
        [
          `Rolled back ${rolledBack.length} migration(s).`,
          backup ? `Backup: ${backup}` : 'No backup was taken (--no-backup).',
          '`lci db migrate` applies them again.',
        ].join('\n'),
      );
    });
}
