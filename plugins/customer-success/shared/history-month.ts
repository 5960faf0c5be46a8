/**
 * History is kept per month: one row per company (and metric) per calendar month (UTC), the last
 * calculation of the month winning. Months are written 'YYYY-MM-01' in the database and 'YYYY-MM' in the API.
 */
export function monthStart(d: Date): string {
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** 'YYYY-MM' of a month start or a date value read from the database. */
export function monthKey(v: string | Date): string {
  if (v instanceof Date) return `${v.getUTCFullYear()}-${String(v.getUTCMonth() + 1).padStart(2, '0')}`;
  return v.slice(0, 7);
}

/** The month start `n` months before (negative: after) the month of `d`. */
export function monthsBefore(d: Date, n: number): string {
  return monthStart(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1)));
}
