/** `lci flags platform [key] [on|off]`: platform-level values of the flags public screens read (kernel/auth/platform-flags.ts). */
import type { Command } from 'commander';
import { isPublicFlagKey, platformFlags, PUBLIC_FLAG_KEYS, setPlatformFlag } from '../../kernel/auth/platform-flags';
import { booleanArg } from '../args';
import { cliAudit } from '../audit';
import type { CliContext } from '../context';
import { CliError } from '../errors';
import { printJson, write } from '../output';

export function registerPlatformFlagCommand(flags: Command, ctx: CliContext): void {
  flags
    .command('platform')
    .description(
      `platform-level value of a flag the public screens read (${PUBLIC_FLAG_KEYS.join(', ')}), e.g. the sign-in view`,
    )
    .argument('[key]', 'flag key')
    .argument('[value]', 'true or false (on/off); omit to print', booleanArg)
    .option('--json', 'print JSON')
    .action(async (key: string | undefined, value: boolean | undefined, opts: { json?: boolean }) => {
      if (key !== undefined && !isPublicFlagKey(key))
        throw new CliError(`"${key}" has no platform level (platform flags: ${PUBLIC_FLAG_KEYS.join(', ')})`);
      const k = await ctx.kernel();
      const values = await k.db.withSystem(async (trx) => {
        if (key !== undefined && value !== undefined) {
          await setPlatformFlag(trx, key as (typeof PUBLIC_FLAG_KEYS)[number], value);
          await cliAudit(k, ctx, trx, 'flags.set', { target: key, details: { value, platform: true } });
        }
        return platformFlags(trx);
      });
      const shown = key === undefined ? values : { [key]: values[key as keyof typeof values] };
      if (opts.json) return printJson(shown);
      write(
        Object.entries(shown)
          .map(([f, v]) => `${f} is ${v ? 'on' : 'off'} at the platform level.`)
          .join('\n'),
      );
    });
}
