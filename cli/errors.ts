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

export const debugEnabled = (): boolean =>
  ['1', 'true', 'yes', 'on'].includes((process.env.LCI_DEBUG ?? '').toLowerCase());
