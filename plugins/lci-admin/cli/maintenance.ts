/** `lci admin maintenance on|off|status [--message TEXT] [--json]`: the same switch as /lcisupport/maintenancemode. */
import type { Command } from 'commander';
import type { Kernel } from '../../../kernel/index';
import { operatorName } from '../../../cli/sdk';
import { printJson, write } from '../../../cli/sdk';
import { MAINTENANCE_MESSAGE_MAX, type MaintenanceState } from '../server/core/maintenance/rules';
import { lciAdminOf } from '../server/instance';
import { announceMaintenance, readMaintenance, writeMaintenance } from '../server/core/maintenance/service';
import { CliError } from '../../../cli/sdk';

function describe(s: MaintenanceState): string {
  return s.on
    ? `Maintenance mode is ON since ${s.since ?? 'now'}${s.message ? `: ${s.message}` : ''}`
    : 'Maintenance mode is OFF';
}

export function maintenanceCli(admin: Command, kernel: () => Promise<Kernel>): void {
  const m = admin
    .command('maintenance')
    .description('maintenance mode: writes answer 503 for everyone but internal admins; users see /maintenance');

  const change = async (on: boolean, opts: { message?: string; json?: boolean }) => {
    const message = (opts.message ?? '').trim();
    if (message.length > MAINTENANCE_MESSAGE_MAX)
      throw new CliError(`--message: at most ${MAINTENANCE_MESSAGE_MAX} characters.`);
    const k = await kernel();
    const { state, previous } = await k.db.withSystem((db) =>
      writeMaintenance(k, db, { on, message }, { via: 'cli', by: operatorName() }),
    );
    await announceMaintenance(k, lciAdminOf(k).maintenance, state);
    if (opts.json) printJson({ maintenance: state, previous });
    else write(describe(state));
  };

  m.command('on')
    .description('turn maintenance mode on (every open session is sent to /maintenance)')
    .option('--message <text>', 'message shown to users and in the 503 answers')
    .option('--json', 'print JSON')
    .action((opts: { message?: string; json?: boolean }) => change(true, opts));

  m.command('off')
    .description('turn maintenance mode off')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) => change(false, opts));

  m.command('status')
    .description('show whether maintenance mode is on')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const k = await kernel();
      const state = await k.db.withSystem((db) => readMaintenance(db), { readOnly: true });
      if (opts.json) printJson({ maintenance: state });
      else write(describe(state));
    });
}
