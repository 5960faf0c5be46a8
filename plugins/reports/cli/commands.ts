/**
 * `lci reports schedules --tenant N [--json]`: a tenant's scheduled reports (id, name, company, frequency, next run,
 * last status). `lci reports run <scheduleId> [--tenant N] [--json]`: sends one now (a manual run) and prints the
 * run and each delivery. `lci reports tick [--json]`: runs the schedules' tick once (every due schedule).
 */
import type { Command } from 'commander';
import type { Kernel, PluginCliContext } from '../../../kernel/index';
import {
  CliError,
  positiveInt,
  printJson,
  printList,
  progressBar,
  requireTenant,
  write,
  formatTable,
} from '../../../cli/sdk';
import { describeRunTime } from '../shared/schedule-rules';
import type { RunRow } from '../shared/schedule-api';
import { listSchedules, runNow } from '../server/schedules/service';
import { tick } from '../server/schedules/tick';

/** The tenant of a schedule (system scope: the operator may not know it). */
async function tenantOfSchedule(k: Kernel, scheduleId: number): Promise<number | null> {
  const row = await k.db.withSystem(
    (trx) => trx('report_schedules').where({ report_schedule_id: scheduleId }).first('tenant_id'),
    { readOnly: true },
  );
  return row ? Number(row.tenant_id) : null;
}

export function printRun(run: RunRow): void {
  write(
    `Run ${run.report_schedule_run_id} (${run.period_key}): ${run.status}${run.error ? ` - ${run.error}` : ''}` +
      (run.saved_report_id ? `, saved report ${run.saved_report_id}` : ''),
  );
  write(
    formatTable(
      run.deliveries,
      [
        { header: 'RECIPIENT', value: (d) => `${d.recipient_kind} ${d.recipient_id ?? ''}`.trim() },
        { header: 'EMAIL', value: (d) => d.email },
        { header: 'MODE', value: (d) => d.mode },
        { header: 'STATUS', value: (d) => d.status },
        { header: 'ERROR', value: (d) => d.error ?? '' },
      ],
      '(no recipients)',
    ),
  );
}

export function reportsCli(program: Command, ctx: PluginCliContext): void {
  const area = program.command('reports').description('reports: scheduled e-mail delivery of reports');

  area
    .command('schedules')
    .description("lists a tenant's scheduled reports with their next run and last status")
    .requiredOption('--tenant <tenantId>', 'tenant', positiveInt)
    .option('--json', 'print JSON')
    .action(async (opts: { tenant: number; json?: boolean }) => {
      const k = await ctx.kernel();
      await k.db.withSystem((trx) => requireTenant(trx, opts.tenant));
      const rows = await k.db.withTenant(opts.tenant, (trx) => listSchedules(trx, {}), { readOnly: true });
      printList(
        rows,
        [
          { header: 'ID', value: (s) => s.report_schedule_id },
          { header: 'NAME', value: (s) => s.name },
          { header: 'COMPANY', value: (s) => s.company_name },
          { header: 'FREQUENCY', value: (s) => `${s.frequency_text} at ${s.send_time}` },
          {
            header: 'NEXT RUN',
            value: (s) =>
              s.next_run_at ? describeRunTime(new Date(s.next_run_at), s.time_zone) : s.active ? '-' : 'inactive',
          },
          {
            header: 'LAST STATUS',
            value: (s) => (s.last_run ? `${s.last_run.status} (${s.last_run.period_key})` : '-'),
          },
        ],
        opts,
        `Tenant ${opts.tenant} has no scheduled reports.`,
      );
    });

  area
    .command('run <scheduleId>')
    .description('sends a scheduled report now (recorded as a manual run) and prints each delivery')
    .option('--tenant <tenantId>', "the schedule's tenant (found from the schedule when left out)", positiveInt)
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { tenant?: number; json?: boolean }) => {
      const scheduleId = Number(id);
      if (!/^\d+$/.test(id) || !Number.isSafeInteger(scheduleId) || scheduleId <= 0)
        throw new CliError(`"${id}" is not a scheduled report id.`);
      const k = await ctx.kernel();
      const tenantId = await tenantOfSchedule(k, scheduleId);
      if (tenantId === null || (opts.tenant !== undefined && opts.tenant !== tenantId))
        throw new CliError(
          `No scheduled report ${scheduleId}${opts.tenant !== undefined ? ` in tenant ${opts.tenant}` : ''}.`,
        );
      const bar = progressBar();
      const run = await k.db
        .withTenant(tenantId, (trx) => runNow(k, trx, tenantId, scheduleId, new Date(), bar.set))
        .finally(() => bar.stop());
      if (opts.json) printJson(run);
      else printRun(run);
      if (run.status === 'failed')
        throw new CliError(`Run ${run.report_schedule_run_id}: no recipient could be sent the report.`);
    });

  area
    .command('tick')
    .description('sends every scheduled report that is due now, in every tenant (what the 5-minute job does)')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const k = await ctx.kernel();
      const r = await tick(k);
      if (opts.json) printJson(r);
      else
        write(
          `${r.due} due: ${r.sent.length} sent, ${r.skipped.length} already sent in their period, ${r.failed.length} failed.`,
        );
    });
}
