/** `lci config show`: the effective configuration, secrets redacted. */
import type { Command } from 'commander';
import { describeConfig, type Config } from '../../config';
import type { CliContext } from '../context';
import { printList } from '../output';

interface ConfigRow {
  variable: string;
  value: string;
  source: 'environment' | 'default' | 'derived';
  description: string;
}

/** describeConfig plus the values derived when a variable is unset (log level, base URL, embedded database). */
function effectiveConfig(config: Config, env: NodeJS.ProcessEnv = process.env): ConfigRow[] {
  const derived: Record<string, string> = {
    LCI_LOG_LEVEL: config.logLevel,
    LCI_BASE_URL: config.baseUrl,
    DATABASE_URL: '(embedded PGlite)',
    REDIS_URL: '(in-process bus)',
    LCI_SMTP_URL: '(mail kept in the outbox)',
  };
  return describeConfig(env).map((r) =>
    r.source === 'default' && r.value === '' && derived[r.variable] !== undefined
      ? { ...r, value: derived[r.variable], source: 'derived' as const }
      : r,
  );
}

export function registerConfigCommands(program: Command, ctx: CliContext): void {
  const config = program.command('config').description('configuration');
  config
    .command('show')
    .description('effective configuration (secrets redacted)')
    .option('--json', 'print JSON')
    .action((opts: { json?: boolean }) => {
      const cfg = ctx.config(); // validates: a bad variable is an error naming it
      printList(
        effectiveConfig(cfg),
        [
          { header: 'VARIABLE', value: (r) => r.variable },
          { header: 'VALUE', value: (r) => r.value },
          { header: 'SOURCE', value: (r) => r.source },
        ],
        opts,
      );
    });
}
