/**
 * Exit codes of every `lci` command: 0 done; 1 refused or failed (the input was well formed: a tenant that does
 * not exist, a rule that says no, a database that is down); 2 a usage error (an unknown command or option, a
 * missing or malformed argument), as commander reports them or a command throws a UsageError.
 */
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

/** Errors of the CLI: one line on stderr, non-zero exit; the stack only with LCI_DEBUG=1. */
export class CliError extends Error {
  constructor(
    message: string,
    public readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The one line printed for an error (its message, first line only, without a trailing period doubling). */
export function errorLine(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const first =
    message
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? 'unknown error';
  return `error: ${first}`;
}

/** A usage error found by a command itself (e.g. two options that exclude each other): exit 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, EXIT_USAGE);
    this.name = 'UsageError';
  }
}

export const debugEnabled = (): boolean =>
  ['1', 'true', 'yes', 'on'].includes((process.env.LCI_DEBUG ?? '').toLowerCase());
