/**
 * `lci admin delete-tenant-data --tenant N [--confirm NAME] [--dry-run] [--json]`: prints the dry run (rows per
 * tenant table, users removed and kept); then asks for the tenant's name (typed, through @inquirer/prompts) unless
 * --confirm gives it; then exports the tenant's data (the file's path is printed) and deletes it in one
 * transaction, audited. A wrong name changes nothing.
 */
import type { Command } from 'commander';
import type { Kernel } from '../../../kernel/index';
import { operatorName } from '../../../cli/sdk';
import { CliError } from '../../../cli/sdk';
import { formatTable, printJson, progressBar, write } from '../../../cli/sdk';
import { positiveInt } from './args';
import { auditDetails, deleteTenantData, MSG_CONFIRM } from '../server/data/delete/delete';
import { confirmationMatches } from '../server/data/delete/order';
import { planDeletion, type DeletionPlan } from '../server/data/delete/plan';

function describePlan(plan: DeletionPlan): string {
  const rows = plan.tables.filter((t) => t.rows > 0);
  return [
    `Tenant ${plan.tenantId} "${plan.name}": ${plan.totalRows} rows in ${rows.length} of ${plan.tables.length} tenant tables.`,
    formatTable(
      rows,
      [
        { header: 'TABLE', value: (t) => t.table },
        { header: 'ROWS', value: (t) => t.rows },
      ],
      '(no rows)',
    ),
    `Users removed (no other tenant): ${plan.usersRemoved.map((u) => u.username).join(', ') || 'none'}`,
    `Users kept (other tenants; only their membership goes): ${plan.usersKept.map((u) => u.username).join(', ') || 'none'}`,
    ...plan.blockers.map((b) => `Blocked: ${b}`),
  ].join('\n');
}

export function deleteTenantDataCli(admin: Command, kernel: () => Promise<Kernel>): void {
  admin
    .command('delete-tenant-data')
    .description('delete every row of a tenant (dry run, export, typed confirmation, one transaction)')
    .requiredOption('--tenant <id>', 'tenant id', positiveInt)
    .option('--confirm <name>', "the tenant's name, for scripts (instead of the prompt)")
    .option('--dry-run', 'only show what would be deleted')
    .option('--json', 'print JSON')
    .action(async (opts: { tenant: number; confirm?: string; dryRun?: boolean; json?: boolean }) => {
      const k = await kernel();
      const plan = await k.db.withSystem((db) => planDeletion(db, opts.tenant), { readOnly: true });
      if (!plan) throw new CliError(`Tenant ${opts.tenant} not found.`);
      if (opts.dryRun) {
        if (opts.json) printJson(plan);
        else write(describePlan(plan));
        return;
      }
      if (!opts.json) process.stderr.write(`${describePlan(plan)}\n`);
      if (plan.blockers.length)
        throw new CliError(`Tenant ${plan.tenantId} cannot be deleted: ${plan.blockers.join(' ')}`);
      let typed = opts.confirm;
      if (typed === undefined) {
        if (!process.stdin.isTTY)
          throw new CliError(`${MSG_CONFIRM}: run on a terminal, or pass --confirm "${plan.name}".`);
        const { input } = await import('@inquirer/prompts');
        typed = await input({ message: `${MSG_CONFIRM} ("${plan.name}"); this deletes ${plan.totalRows} rows:` });
      }
      if (!confirmationMatches(plan.name, typed))
        throw new CliError(`The name does not match "${plan.name}"; nothing was deleted.`);
      const bar = progressBar();
      const result = await k.db
        .withSystem(async (db) => {
          const r = await deleteTenantData(k, db, opts.tenant, typed, bar.set);
          await k.audit.write(db, {
            action: 'lcisupport.deleteTenantData',
            target: `tenant:${r.tenantId}`,
            actorUserId: null,
            details: { via: 'cli', by: operatorName(), ...auditDetails(r) },
          });
          return r;
        })
        .finally(() => bar.stop());
      if (opts.json) {
        printJson(result);
        return;
      }
      write(
        `Exported to ${result.export.path} (${result.export.rows} rows, ${result.export.bytes} bytes gzip, read back and verified).`,
      );
      write(
        `Deleted tenant ${result.tenantId} "${result.name}": ${result.totalRows} rows; ${result.usersRemoved.length} users removed, ${result.usersKept.length} kept.`,
      );
    });
}
