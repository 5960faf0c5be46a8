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
