/** Argument parsers of the `lci admin` commands. */
import { InvalidArgumentError } from 'commander';

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0)
    throw new InvalidArgumentError('must be a positive whole number.');
  return n;
}

/** A calendar date YYYY-MM-DD or a full ISO timestamp. */
export function dateArg(value: string): Date {
  const ok = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim());
  const d = new Date(value.trim());
  if (!ok || Number.isNaN(d.getTime()))
    throw new InvalidArgumentError('must be a date YYYY-MM-DD (or an ISO timestamp).');
  return d;
}

/** A comma-separated list: "scores,segments" -> ['scores', 'segments']. */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
