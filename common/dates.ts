/**
 * The one date module (issue 27 part 5): calendar days as YYYY-MM-DD text (no time zone), their arithmetic, time
 * zones, and a tenant's "today". Pure: the server, the CLI and the browser all run it.
 *
 * - `addDays`, `addMonths` (the day clamped to the last day of a shorter month, as PostgreSQL's date + interval and
 *   date-fns' addMonths), `daysBetween` (date-fns' differenceInCalendarDays), `wholeMonthsBetween` (the largest n with
 *   from + n months <= to). Read by character codes and integer arithmetic, not by date-fns: the asset list computes
 *   them for every row of a page (plugins/assets/README.md "measured"); a test checks them against date-fns for every
 *   day of 2023-2024.
 * - `dayInZone`, `wallClock`, `zonedInstant`: an instant's calendar day and wall clock in an IANA time zone, and the
 *   instant of a wall-clock time (a time skipped by a jump forward maps to the same distance after the jump; one that
 *   happens twice to its first occurrence). Through Intl (what @date-fns/tz uses), one cached formatter per zone.
 * - `tenantToday(tenant)`: the tenant's calendar day in its time zone (Account Settings; unknown or empty: UTC). Every
 *   "today" of a rule (assets' lifecycle, reports' as-of date) is this one; server code gets the tenant's settings
 *   from plugins/settings/public.ts (`tenantToday(await tenantSettings(k, db, tenantId))`), pages from
 *   `useTenantFormat()`.
 */

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** Days in month m (1-12) of year y. */
export const daysInMonth = (y: number, m: number): number => (m === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[m - 1]!);

/** The number written by the n digits of s from position i, or -1 when one of them is not a digit. */
function digits(s: string, i: number, n: number): number {
  let v = 0;
  for (let k = i; k < i + n; k++) {
    const c = s.charCodeAt(k) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** [year, month 1-12, day] of a real calendar day YYYY-MM-DD, else null. Character by character (no RegExp, no Date). */
export function dayParts(date: string): [number, number, number] | null {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return null;
  const y = digits(date, 0, 4);
  const m = digits(date, 5, 2);
  const d = digits(date, 8, 2);
  if (y < 0 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return [y, m, d];
}

/** True for a YYYY-MM-DD text that names a real calendar day (2023-02-29 is not one). */
export const isCalendarDay = (date: string): boolean => dayParts(date) !== null;

/** [year, month, day] of a calendar day; RangeError for anything else. */
function parts(date: string): [number, number, number] {
  const p = dayParts(date);
  if (p) return p;
  throw new RangeError(
    /^\d{4}-\d{2}-\d{2}$/.test(date) ? `not a calendar day: ${date}` : `not a YYYY-MM-DD date: ${date}`,
  );
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
/** The calendar day YYYY-MM-DD of year, month (1-12) and day. */
export const ymd = (y: number, m: number, d: number): string => `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;

/** Days since 1970-01-01 of a day (proleptic Gregorian, integer arithmetic). */
function dayNumber(y: number, m: number, d: number): number {
  const a = m <= 2 ? 1 : 0;
  const yy = y - a;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The day of a day number (the inverse of dayNumber). */
function fromDayNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return ymd(yoe + era * 400 + (m <= 2 ? 1 : 0), m, d);
}

/** date + n months; the day is clamped to the last day of a shorter month (2024-01-31 + 1 month = 2024-02-29). */
export function addMonths(date: string, months: number): string {
  if (!Number.isInteger(months)) throw new RangeError(`months must be a whole number: ${months}`);
  const [y, m, d] = parts(date);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  return ymd(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

/** Results of addDays (a pure function): a list computes the same due-soon bounds from one day for every row. */
const shifted = new Map<string, string>();

/** date + n days (negative: earlier), in calendar days. */
export function addDays(date: string, days: number): string {
  // A date of another length is not YYYY-MM-DD (addDaysOf refuses it); ten characters keep the key unambiguous.
  if (date.length !== 10) return addDaysOf(date, days);
  const key = `${date}${days}`;
  let v = shifted.get(key);
  if (v === undefined) {
    v = addDaysOf(date, days);
    if (shifted.size >= 10_000) shifted.clear();
    shifted.set(key, v);
  }
  return v;
}

function addDaysOf(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`days must be a whole number: ${days}`);
  const [y, m, d] = parts(date);
  return fromDayNumber(dayNumber(y, m, d) + days);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  return dayNumber(ty, tm, td) - dayNumber(fy, fm, fd);
}

/** Whole months from `from` to `to`: the largest n with addMonths(from, n) <= to; 0 when `to` is not after `from`. */
export function wholeMonthsBetween(from: string, to: string): number {
  if (from >= to) return 0;
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  const n = (ty - fy) * 12 + (tm - fm);
  // from + n months falls in to's month, on from's day clamped to that month's length.
  return Math.min(fd, daysInMonth(ty, tm)) <= td ? n : n - 1;
}

/** Day of the week of a calendar day, 0 (Sunday) to 6 (Saturday). */
export function weekday(date: string): number {
  const [y, m, d] = parts(date);
  return (((dayNumber(y, m, d) + 4) % 7) + 7) % 7;
}

// ---- time zones ------------------------------------------------------------------------------------------------

/** True for a time zone name this runtime knows (IANA, e.g. Europe/London, America/New_York, UTC). */
export function isValidTimeZone(tz: string | null | undefined): tz is string {
  if (!tz || tz.length > 64) return false;
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= 500) formatters.clear();
    formatters.set(tz, f);
  }
  return f;
}

/** The wall clock of an instant in a time zone (RangeError for an unknown zone). */
export function wallClock(t: Date | number, tz: string): WallClock {
  const p: Record<string, number> = {};
  for (const x of formatter(tz).formatToParts(new Date(t))) if (x.type !== 'literal') p[x.type] = Number(x.value);
  return {
    year: p.year!,
    month: p.month!,
    day: p.day!,
    hour: p.hour === 24 ? 0 : p.hour!,
    minute: p.minute!,
    second: p.second!,
  };
}

const wallMs = (w: Omit<WallClock, 'second'> & { second?: number }) =>
  Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second ?? 0);

/** The zone's offset from UTC at an instant, in ms (New York in winter: -5 h). */
function offsetAt(t: number, tz: string): number {
  return wallMs(wallClock(t, tz)) - Math.floor(t / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in a time zone. A time skipped by a jump forward maps to the same distance
 * after the jump (02:30 -> 03:30); a time that happens twice maps to its first occurrence.
 */
export function zonedInstant(w: Omit<WallClock, 'second'> & { second?: number }, tz: string): Date {
  const target = wallMs(w);
  const before = offsetAt(target - 36 * 3_600_000, tz);
  const after = offsetAt(target + 36 * 3_600_000, tz);
  const candidates = [...new Set([before, after])]
    .map((o) => target - o)
    .filter((t) => wallMs(wallClock(t, tz)) === target)
    .sort((a, b) => a - b);
  if (candidates.length) return new Date(candidates[0]!);
  return new Date(target - Math.min(before, after));
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone (an unknown zone counts as UTC). */
export function dayInZone(instant: Date | number, timeZone: string | null | undefined = 'UTC'): string {
  const w = wallClock(instant, isValidTimeZone(timeZone) ? timeZone : 'UTC');
  return ymd(w.year, w.month, w.day);
}

/** What tenantToday reads of a tenant: its settings, or its format (`timeZone` from Account Settings). */
interface TenantZone {
  timeZone?: string | null;
}

/** The tenant's "today": the calendar day it is now (or at `now`) in the tenant's time zone (unknown: UTC). */
export function tenantToday(tenant: TenantZone, now: Date | number = Date.now()): string {
  return dayInZone(now, tenant.timeZone);
}
