/** `lci admin impersonate --tenant N [--security-group G] --as EMAIL [--minutes 15] [--json]`: prints a short-lived token. */
import { InvalidArgumentError, type Command } from 'commander';
import type { Kernel } from '../../../kernel/index';
import { operatorName } from '../../../cli/sdk';
import { CliError } from '../../../cli/sdk';
import { printJson, write } from '../../../cli/sdk';
import { positiveInt } from './args';
import { TOKEN_MINUTES_DEFAULT, TOKEN_MINUTES_MAX, TOKEN_MINUTES_MIN } from '../server/core/impersonation/rules';
import { ImpersonateError, impersonationToken } from '../server/core/impersonation/token';

function minutesArg(v: string): number {
  const n = Number(v);
  if (!/^\d+(\.\d+)?$/.test(v.trim()) || n < TOKEN_MINUTES_MIN || n > TOKEN_MINUTES_MAX)
    throw new InvalidArgumentError(`must be a number of minutes from ${TOKEN_MINUTES_MIN} to ${TOKEN_MINUTES_MAX}.`);
  return n;
}

export function impersonateCli(admin: Command, kernel: () => Promise<Kernel>): void {
  admin
    .command('impersonate')
    .description(
      'print a short-lived access token of an internal admin impersonating a tenant (or one of its security groups)',
    )
    .requiredOption('--tenant <id>', 'tenant id', positiveInt)
    .option('--security-group <id>', 'security group id (of that tenant)', positiveInt)
    .requiredOption('--as <email>', 'the internal admin (needs allowImpersonationFlag)')
    .option(
      '--minutes <n>',
      `token lifetime in minutes (${TOKEN_MINUTES_MIN} to ${TOKEN_MINUTES_MAX})`,
      minutesArg,
      TOKEN_MINUTES_DEFAULT,
    )
    .option('--json', 'print JSON (the token and who it impersonates)')
    .action(async (opts: { tenant: number; securityGroup?: number; as: string; minutes: number; json?: boolean }) => {
      const k = await kernel();
      try {
        const r = await impersonationToken(k, {
          tenantId: opts.tenant,
          securityGroupId: opts.securityGroup,
          asEmail: opts.as,
          minutes: opts.minutes,
          by: operatorName(),
        });
        if (opts.json) printJson(r);
        else {
          write(r.accessToken);
          process.stderr.write(
            `Impersonating tenant ${r.tenantId} (${r.tenantName})${r.securityGroupName ? `, group ${r.securityGroupName}` : ''} until ${r.expiresAt}.\n`,
          );
        }
      } catch (e) {
        if (e instanceof ImpersonateError) throw new CliError(e.message);
        throw e;
      }
    });
}
