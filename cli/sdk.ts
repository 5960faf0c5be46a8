/**
 * The CLI SDK: the only module of cli/ that plugin commands import (from a plugin's `cli` hook).
 *
 *   // plugins/<id>/cli.ts
 *   import { CliError, operatorName, printList, progressBar } from '../../cli/sdk';
 *
 * - Errors: throw `CliError` (or any Error) for a refusal (exit 1), `UsageError` for a usage error (exit 2); `lci`
 *   prints `error: <message>` on stderr.
 * - Output: `printList(rows, columns, { json })` prints a table or, with `--json`, JSON; `printJson`, `write`,
 *   `formatTable` for other shapes.
 * - Long work: `progressBar()` draws a bar on a terminal and stays silent otherwise.
 * - Options: `positiveInt` (ids such as `--tenant`), `emailArg`, `nameArg`, `list`, `booleanArg` parsers for
 *   commander; `requireTenant(db, id)` checks the tenant exists; `readStdinPassword()` for `--password-stdin`.
 * - Audit: `operatorName()` is the operator's name for audit entries of system-scope work.
 */
export { CliError, EXIT_REFUSED, EXIT_USAGE, UsageError } from './errors';
export { write, printJson, formatTable, printList, type Column } from './output';
export { progressBar, type Progress } from './progress';
export { positiveInt, emailArg, nameArg, list, booleanArg, requireTenant, readStdinPassword } from './args';
export { operatorName, type CliContext } from './context';
