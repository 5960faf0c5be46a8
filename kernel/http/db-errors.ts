/** Maps PostgreSQL errors a request can cause to clear HTTP errors (no internals leak). */
import { HttpError } from './errors';

export function fromDatabaseError(e: unknown): HttpError | null {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (typeof err?.code !== 'string' || !/^[0-9A-Z]{5}$/.test(err.code)) return null;
  switch (err.code) {
    case '42501': // insufficient privilege, row-level security violation
      return new HttpError(403, 'This record is not available to your tenant', 'forbidden');
    case '23503':
      return new HttpError(400, 'The request refers to a record that does not exist', 'invalid_reference');
    case '23505':
      return new HttpError(409, 'A record with these values already exists', 'duplicate');
    case '23502':
    case '23514':
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return new HttpError(400, 'The request has a value the record cannot take', 'invalid_value');
    case '40001':
    case '40P01':
      return new HttpError(409, 'The record changed while saving; try again', 'conflict');
    default:
      return null;
  }
}

/** Seconds a client is asked to wait (Retry-After) when a dependency is down. */
export const RETRY_AFTER_SECONDS = 5;
export const MSG_DATABASE_UNAVAILABLE = 'The database is not reachable right now; please try again in a few seconds.';

/** SQLSTATEs of a server shutting down, starting up or a broken connection (classes 08 and 57P). */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
/** Node socket errors of an unreachable server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's and knex's messages that carry no code (knex puts the SQL in front: "select ... - Connection terminated"). */
const UNAVAILABLE_MESSAGES =
  /(?:^| - )(Connection terminated|Knex: Timeout acquiring a connection|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/;

/** True when the error says the database cannot be reached (down, restarting, pool timed out): a 503, not a 500. */
export function isDatabaseUnavailable(e: unknown): boolean {
  const err = e as { code?: unknown; name?: unknown; message?: unknown; errors?: unknown[] } | null;
  if (!err || typeof err !== 'object') return false;
  if (err.name === 'KnexTimeoutError') return true;
  if (typeof err.code === 'string' && (UNAVAILABLE_CODES.has(err.code) || NETWORK_CODES.has(err.code))) return true;
  if (typeof err.message === 'string' && UNAVAILABLE_MESSAGES.test(err.message)) return true;
  // AggregateError of a connect to several addresses (localhost: ::1 and 127.0.0.1).
  return Array.isArray(err.errors) && err.errors.length > 0 && err.errors.every((x) => isDatabaseUnavailable(x));
}

/** The 503 a request gets while the database is down (the error middleware adds Retry-After). */
export function databaseUnavailable(): HttpError {
  return new HttpError(503, MSG_DATABASE_UNAVAILABLE, 'unavailable', undefined, {
    dependency: 'database',
    retry_after: RETRY_AFTER_SECONDS,
  });
}

/** Logs "database unreachable" at most once per interval with the count of 503s since (an outage must show in the log, not flood it). */
export function outageReporter(
  log: { warn(obj: object, msg: string): void },
  intervalMs = 10_000,
): (e: unknown) => void {
  let last = 0;
  let count = 0;
  return (e) => {
    count++;
    const now = Date.now();
    if (now - last < intervalMs) return;
    log.warn(
      { err: (e as Error)?.message, answered503: count },
      'database unreachable: requests answer 503 with Retry-After',
    );
    last = now;
    count = 0;
  };
}
