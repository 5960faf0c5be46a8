/**
 * `lci cs recalc --tenant N [--json]`: recalculates the health and effort scores of a tenant's companies now
 * (this month's history row included). Imports are `lci import tickets|csat FILE.csv --tenant N` (companies plugin).
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { Kernel } from '../../../kernel/index';
import { operatorName } from '../../../cli/sdk';
import { requireTenant } from '../../../cli/sdk';
import { printJson, progressBar, write } from '../../../cli/sdk';
import { recalculate } from '../server/metrics/recalculate';

function tenantArg(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0)
    throw new InvalidArgumentError('must be a positive whole number.');
  return n;
}

/** The `lci cs` group, shared by the areas of the plugin: the first caller creates it. */
function csCommand(program: Command): Command {
  return (
    program.commands.find((c) => c.name() === 'cs') ??
    program.command('cs').description('customer success: health and effort scores, segments')
  );
}

export function metricsCli(program: Command, kernel: () => Promise<Kernel>): void {
  csCommand(program)
    .command('recalc')
    .description('recalculate the health and effort scores of every active company of a tenant')
    .requiredOption('--tenant <id>', 'tenant id', tenantArg)
    .option('--json', 'print JSON')
    .action(async (opts: { tenant: number; json?: boolean }) => {
      const k = await kernel();
      await k.db.withSystem((trx) => requireTenant(trx, opts.tenant), { readOnly: true });
      const bar = progressBar();
      const r = await k.db
        .withTenant(opts.tenant, (trx) => recalculate(trx, opts.tenant, { onProgress: bar.set }))
        .finally(() => bar.stop());
      await k.db.withTenant(opts.tenant, (trx) =>
        k.audit.write(trx, {
          tenantId: opts.tenant,
          actorUserId: null,
          action: 'cs.metrics.recalc',
          details: { via: 'cli', by: operatorName(), companies: r.companies },
        }),
      );
      if (opts.json) printJson({ tenantId: opts.tenant, ...r });
      else
        write(
          `Tenant ${opts.tenant}: ${r.companies} companies recalculated (${r.values} metric values, history month ${r.month.slice(0, 7)}).`,
        );
    });
}
