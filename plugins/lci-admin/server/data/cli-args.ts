/** Argument parsers of the part's `lci admin` commands. */
import { InvalidArgumentError } from 'commander';

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError('must be a positive whole number.');
  return n;
}

/** A comma-separated list: "scores,segments" -> ['scores', 'segments']. */
export function commaList(value: string): string[] {
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}
