/** The `lci` program: the kernel's commands, then every plugin's `cli(program, kernel)` hook. */
import fs from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { PATHS } from '../kernel/paths';
import { registerConfigCommands } from './commands/config';
import { registerDbCommands } from './commands/db';
import { registerFlagCommands } from './commands/flags';
import { registerMailCommands } from './commands/mail';
import { registerPluginCommands } from './commands/plugin';
import { registerServeCommand } from './commands/serve';
import { registerTenantCommands } from './commands/tenant';
import { registerUserCommands } from './commands/user';
import type { CliContext } from './context';

function version(): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(PATHS.root, 'package.json'), 'utf8')).version as string;
  } catch {
    return 'unknown';
  }
}

export function buildProgram(ctx: CliContext): Command {
  const program = new Command('lci')
    .description('Lifecycle: serve the product and administer tenants, users, flags and data')
    .version(version())
    .showSuggestionAfterError()
    .exitOverride()
    // Commander's own usage errors are reported by run() as one line.
    .configureOutput({ outputError: () => {} });
  registerServeCommand(program, ctx);
  registerConfigCommands(program, ctx);
  registerDbCommands(program, ctx);
  registerTenantCommands(program, ctx);
  registerUserCommands(program, ctx);
  registerFlagCommands(program, ctx);
  registerMailCommands(program, ctx);
  registerPluginCommands(program, ctx);
  for (const p of ctx.plugins) {
    if (!p.cli) continue;
    try {
      p.cli(program, { kernel: () => ctx.kernel(), plugins: ctx.plugins, operator: ctx.operator });
    } catch (e) {
      throw new Error(`plugin ${p.id}: its CLI commands failed to register: ${(e as Error).message}`);
    }
  }
  return program;
}
