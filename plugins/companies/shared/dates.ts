/** Date-only values (YYYY-MM-DD): the date helper of the spec accepts empty, or a real YYYY-MM-DD date. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a YYYY-MM-DD string that names a real calendar day (2024-02-30 is not one). */
export function isRealDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** The date helper: empty (null, undefined, '') or a real YYYY-MM-DD date. */
export function isEmptyOrRealDate(value: string | null | undefined): boolean {
  return value === null || value === undefined || value === '' || isRealDate(value);
}

/** Adds (or with a negative number subtracts) whole days to a YYYY-MM-DD date, in calendar days (no time zone). */
export function addDays(date: string, days: number): string {
  if (!isRealDate(date)) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  if (!Number.isInteger(days)) throw new RangeError(`days must be a whole number: ${days}`);
  const [y, m, d] = date.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d + days));
  return dt.toISOString().slice(0, 10);
}
