/** `lci flags get|set`: feature flags of a tenant (or one of its users), through k.flags. */
import type { Command } from 'commander';
import type { Knex } from 'knex';
import type { Kernel } from '../../kernel/kernel';
import { booleanArg, positiveInt, requireTenant } from '../args';
import { cliAudit } from '../audit';
import type { CliContext } from '../context';
import { CliError } from '../errors';
import { printJson, printList, write } from '../output';
import { registerPlatformFlagCommand } from './platform-flags';

interface Scope {
  tenant: number;
  user?: number;
  json?: boolean;
}

/** Checks tenant, user membership and flag key before any change. */
async function checkScope(k: Kernel, db: Knex, opts: Scope, key?: string): Promise<void> {
  await requireTenant(db, opts.tenant);
  if (
    opts.user !== undefined &&
    !(await db('tenant_users').where({ tenant_id: opts.tenant, user_id: opts.user }).first('user_id'))
  ) {
    throw new CliError(`user ${opts.user} is not a user of tenant ${opts.tenant}`);
  }
  if (key !== undefined) {
    const known: string[] = (await db('feature_flags').orderBy('flag_key').select('flag_key')).map(
      (r: { flag_key: string }) => r.flag_key,
    );
    if (!known.includes(key)) throw new CliError(`unknown flag "${key}" (flags: ${known.join(', ')})`);
  }
}

export function registerFlagCommands(program: Command, ctx: CliContext): void {
  const flags = program.command('flags').description('feature flags (default off), by tenant and user');

  flags
    .command('get')
    .description('value of one flag, or of every flag when no key is given')
    .argument('[key]', 'flag key')
    .requiredOption('--tenant <tenantId>', 'tenant', positiveInt)
    .option('--user <userId>', 'for this user of the tenant', positiveInt)
    .option('--json', 'print JSON')
    .action(async (key: string | undefined, opts: Scope) => {
      const k = await ctx.kernel();
      await k.db.withSystem((trx) => checkScope(k, trx, opts, key));
      const values = await k.db.withTenant(opts.tenant, async (trx) =>
        key === undefined
          ? k.flags.all(trx, opts.tenant, opts.user ?? null)
          : { [key]: await k.flags.get(trx, opts.tenant, opts.user ?? null, key) },
      );
      if (key !== undefined) return opts.json ? printJson({ key, value: values[key] }) : write(String(values[key]));
      const rows = Object.entries(values)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([flag, value]) => ({ key: flag, value }));
      printList(
        rows,
        [
          { header: 'FLAG', value: (r) => r.key },
          { header: 'VALUE', value: (r) => (r.value ? 'on' : 'off') },
        ],
        opts,
      );
    });

  flags
    .command('set')
    .description('switch a flag on or off for a tenant, or for one of its users')
    .argument('<key>', 'flag key')
    .argument('<value>', 'true or false (on/off)', booleanArg)
    .requiredOption('--tenant <tenantId>', 'tenant', positiveInt)
    .option('--user <userId>', 'only for this user of the tenant', positiveInt)
    .option('--json', 'print JSON')
    .action(async (key: string, value: boolean, opts: Scope) => {
      const k = await ctx.kernel();
      await k.db.withSystem((trx) => checkScope(k, trx, opts, key));
      await k.db.withTenant(opts.tenant, async (trx) => {
        await k.flags.set(trx, opts.tenant, opts.user ?? null, key, value);
        await cliAudit(k, ctx, trx, 'flags.set', {
          tenantId: opts.tenant,
          target: key,
          details: { value, userId: opts.user ?? null },
        });
      });
      k.access.invalidate(opts.tenant);
      if (opts.json) return printJson({ key, value, tenantId: opts.tenant, userId: opts.user ?? null });
      write(`${key} is ${value ? 'on' : 'off'} for ${opts.user ? `user ${opts.user} of ` : ''}tenant ${opts.tenant}.`);
    });

  registerPlatformFlagCommand(flags, ctx); // platform level for public screens
}
