/**
 * Why a row cannot be imported, in words a user can act on, for the two failures the row schema cannot see:
 * text PostgreSQL cannot store (the NUL character, checked before anything is written) and a refusal by the
 * database while the row is written (a constraint, a value out of range). The database's own message and SQL
 * never reach the report: they name tables and statements, not the row's problem.
 */
import { HttpError, MSG_NUL } from '../../../kernel/index';

/** One reason per cell holding U+0000 ("column: Text may not contain the NUL character."). */
export function nulReasons(cells: Record<string, string | undefined>): string[] {
  return Object.entries(cells)
    .filter(([, v]) => v?.includes('\u0000'))
    .map(([column]) => `${column}: ${MSG_NUL}`);
}

const DB_REASONS: Record<string, string> = {
  '22021': 'Holds a character the database cannot store.',
  '22P05': 'Holds a character the database cannot store.',
  '22001': 'A value is longer than the database allows.',
  '22003': 'A number is out of range.',
  '22007': 'A date or time is not valid.',
  '22008': 'A date or time is out of range.',
  '22P02': 'A value is not in the expected format.',
  '23502': 'A required value is missing.',
  '23503': 'Refers to a record that does not exist.',
  '23505': 'Duplicates a record that already exists.',
  '23514': 'Has a value the record cannot take.',
};

/** A PostgreSQL error (SQLSTATE code of five characters), as pg and PGlite raise them. */
export const isDatabaseError = (e: unknown): e is { code: string } =>
  typeof (e as { code?: unknown })?.code === 'string' && /^[0-9A-Z]{5}$/.test((e as { code: string }).code);

/**
 * The reason a row was refused while written, or null when the error is not the row's fault (a bug, a lost
 * connection: the import fails as a whole). A clear HttpError of the kind's apply (e.g. a 400) keeps its message.
 */
export function rowFailureReason(e: unknown): string | null {
  if (e instanceof HttpError && e.status >= 400 && e.status < 500) return e.message;
  if (!isDatabaseError(e)) return null;
  if (e.code.startsWith('40') || e.code.startsWith('08') || e.code.startsWith('57') || e.code.startsWith('53'))
    return null;
  return DB_REASONS[e.code] ?? `The database refused the row (SQLSTATE ${e.code}).`;
}
