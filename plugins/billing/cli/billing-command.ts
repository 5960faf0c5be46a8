import type { Command } from 'commander';

/**
 * The `lci billing` command group, shared by the billing plugin's CLI files (plans.ts, subscriptions.ts):
 * the first caller creates it, the others reuse it (commander refuses a second command of one name).
 */
export function billingCommand(program: Command): Command {
  return (
    program.commands.find((c) => c.name() === 'billing') ??
    program.command('billing').description('billing: plan catalogue and subscriptions')
  );
}
