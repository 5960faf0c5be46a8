/**
 * Scheduled reports: when a schedule runs and which period a run belongs to. Pure (no clock, no database): the
 * server's tick and the browser's preview of the next run dates both run these rules.
 *
 * - weekly on a weekday (0 Sunday .. 6 Saturday), monthly on a day (1-28 or 'last'), quarterly on the first day of
 *   each calendar quarter or of the tenant's fiscal quarters (fiscal year starting on the first of
 *   fiscalYearStartMonth), or once on a review date;
 * - at a send time HH:MM in an IANA time zone. A send time that does not exist on a day (the clock jumps forward)
 *   runs at the same wall-clock distance after the jump (02:30 -> 03:30); one that happens twice (the clock goes back)
 *   runs the first time.
 * - every due instant belongs to one period ('2026-W48', '2026-11', '2026-Q4', 'FY2026-Q3', 'review-2026-12-01'), and
 *   the server keeps one run record per schedule and period: a period is never sent twice.
 * - a schedule whose runs were missed (server down across one or several periods) is sent once, for the latest
 *   missed period (`dueRun`).
 */

import {
  addDays,
  addMonths,
  dayParts,
  daysBetween,
  daysInMonth,
  isCalendarDay,
  isValidTimeZone,
  wallClock,
  weekday,
  ymd,
  zonedInstant,
} from '../../../common/dates';

export const FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'review_date'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const QUARTER_BASES = ['calendar', 'fiscal'] as const;
export type QuarterBasis = (typeof QUARTER_BASES)[number];

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  review_date: 'On a review date',
};
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** What the rules need of a schedule. */
export interface ScheduleRule {
  frequency: Frequency;
  /** weekly: 0 (Sunday) to 6 (Saturday). */
  weekday?: number | null;
  /** monthly: 1 to 28, or 'last' (the month's last day). */
  monthDay?: number | 'last' | null;
  /** quarterly: calendar quarters (Jan, Apr, Jul, Oct) or the tenant's fiscal quarters. */
  quarterBasis?: QuarterBasis | null;
  /** quarterly with fiscal quarters: the month (1-12) the tenant's fiscal year starts. */
  fiscalYearStartMonth?: number | null;
  /** review_date: the day (YYYY-MM-DD). */
  reviewDate?: string | null;
  /** HH:MM, 24-hour. */
  sendTime: string;
  /** IANA time zone name. */
  timeZone: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isSendTime(v: string): boolean {
  return TIME.test(v);
}

/** A real calendar day 'YYYY-MM-DD'. */
export const isDay = isCalendarDay;

/** The first refusal of a schedule's rule as [field, message], or null when it is complete and valid. */
export function ruleProblem(rule: ScheduleRule): [string, string] | null {
  if (!(FREQUENCIES as readonly string[]).includes(rule.frequency))
    return ['frequency', `Must be one of ${FREQUENCIES.join(', ')}`];
  if (!isSendTime(rule.sendTime)) return ['sendTime', 'Enter the time as HH:MM (24-hour), e.g. 08:00'];
  if (!isValidTimeZone(rule.timeZone)) return ['timeZone', `Unknown time zone "${rule.timeZone}"`];
  switch (rule.frequency) {
    case 'weekly':
      if (!Number.isInteger(rule.weekday) || rule.weekday! < 0 || rule.weekday! > 6)
        return ['weekday', 'Choose the day of the week'];
      break;
    case 'monthly':
      if (rule.monthDay !== 'last' && !(Number.isInteger(rule.monthDay) && rule.monthDay! >= 1 && rule.monthDay! <= 28))
        return ['monthDay', 'Choose a day from 1 to 28, or the last day of the month'];
      break;
    case 'quarterly':
      if (!(QUARTER_BASES as readonly string[]).includes(rule.quarterBasis ?? ''))
        return ['quarterBasis', 'Choose calendar or fiscal quarters'];
      break;
    case 'review_date':
      if (!rule.reviewDate || !isDay(rule.reviewDate)) return ['reviewDate', 'Choose the review date'];
      break;
  }
  return null;
}

// ---- time zones: common/dates.ts ------------------------------------------------------------------------------

export { wallClock, zonedInstant };

// ---- calendar days: common/dates.ts ---------------------------------------------------------------------------

interface Day {
  year: number;
  month: number;
  day: number;
}
const dayString = (d: Day) => ymd(d.year, d.month, d.day);
const dayOf = (day: string): Day => {
  const [year, month, d] = dayParts(day)!;
  return { year, month, day: d };
};

/** ISO 8601 week of a day: { year, week } (the week's Thursday decides the year). */
export function isoWeek(d: Day): { year: number; week: number } {
  const day = dayString(d);
  const thursday = addDays(day, 3 - ((weekday(day) + 6) % 7));
  const year = Number(thursday.slice(0, 4));
  return { year, week: Math.floor(daysBetween(ymd(year, 1, 1), thursday) / 7) + 1 };
}

/** The months (1-12) in which quarters start. */
export function quarterStartMonths(basis: QuarterBasis, fiscalYearStartMonth = 1): number[] {
  const s = basis === 'fiscal' ? Math.min(12, Math.max(1, Math.trunc(fiscalYearStartMonth) || 1)) : 1;
  return [0, 3, 6, 9].map((n) => ((s - 1 + n) % 12) + 1);
}

// ---- the rules ------------------------------------------------------------------------------------------------

function at(rule: ScheduleRule, day: string): Date {
  const [hour, minute] = rule.sendTime.split(':').map(Number);
  return zonedInstant({ ...dayOf(day), hour: hour!, minute: minute! }, rule.timeZone);
}

/** The first time the schedule runs strictly after `after`; null when it runs no more (a past review date). */
export function nextRunAt(rule: ScheduleRule, after: Date): Date | null {
  if (ruleProblem(rule)) return null;
  const local = wallClock(after, rule.timeZone);
  const today = ymd(local.year, local.month, local.day);
  const monthStart = ymd(local.year, local.month, 1);
  // Start a day early: the send time of the previous local day may still be ahead of `after` across a DST change.
  switch (rule.frequency) {
    case 'weekly':
      for (let i = -1; i <= 8; i++) {
        const d = addDays(today, i);
        if (weekday(d) !== rule.weekday) continue;
        const t = at(rule, d);
        if (t > after) return t;
      }
      return null;
    case 'monthly':
      for (let i = -1; i <= 2; i++) {
        const { year, month } = dayOf(addMonths(monthStart, i));
        const day = rule.monthDay === 'last' ? daysInMonth(year, month) : Number(rule.monthDay);
        const t = at(rule, ymd(year, month, day));
        if (t > after) return t;
      }
      return null;
    case 'quarterly': {
      const starts = quarterStartMonths(rule.quarterBasis!, rule.fiscalYearStartMonth ?? 1);
      for (let i = -1; i <= 4; i++) {
        const first = addMonths(monthStart, i);
        if (!starts.includes(dayOf(first).month)) continue;
        const t = at(rule, first);
        if (t > after) return t;
      }
      return null;
    }
    case 'review_date': {
      const t = at(rule, rule.reviewDate!);
      return t > after ? t : null;
    }
  }
}

/** The next `count` run times after `after` (the dialog's preview). */
export function nextRuns(rule: ScheduleRule, after: Date, count = 3): Date[] {
  const out: Date[] = [];
  let t: Date | null = after;
  while (out.length < count && (t = nextRunAt(rule, t))) out.push(t);
  return out;
}

/**
 * The period a due instant belongs to: one run record per schedule and period. Weekly: the ISO week of the local
 * day ('2026-W48'); monthly: '2026-11'; quarterly: '2026-Q4' (calendar) or 'FY2026-Q3' (fiscal, the fiscal year
 * named by the year it starts in); review date: 'review-2026-12-01'.
 */
export function periodKey(rule: ScheduleRule, dueAt: Date): string {
  const w = wallClock(dueAt, rule.timeZone);
  const d: Day = { year: w.year, month: w.month, day: w.day };
  const mm = String(d.month).padStart(2, '0');
  switch (rule.frequency) {
    case 'weekly': {
      const { year, week } = isoWeek(d);
      return `${year}-W${String(week).padStart(2, '0')}`;
    }
    case 'monthly':
      return `${d.year}-${mm}`;
    case 'quarterly': {
      if (rule.quarterBasis === 'fiscal') {
        const s = Math.min(12, Math.max(1, Math.trunc(rule.fiscalYearStartMonth ?? 1) || 1));
        const offset = (d.month - s + 12) % 12;
        const fyStart = d.year - (d.month < s ? 1 : 0);
        return `FY${fyStart}-Q${Math.floor(offset / 3) + 1}`;
      }
      return `${d.year}-Q${Math.floor((d.month - 1) / 3) + 1}`;
    }
    case 'review_date':
      return `review-${dayString(d)}`;
  }
}

/** The period of a run started by hand ("send now"): never the same as a scheduled period. */
export function manualPeriodKey(now: Date): string {
  return `manual-${now.toISOString()}`;
}

/** At most this many missed periods are walked to find the latest (about 19 years of weekly runs). */
const MAX_MISSED = 1000;

/**
 * What the tick does for a schedule whose stored next run is `nextRun`: nothing before it is due; else the run of
 * the LATEST period due by `now` (periods missed before it are not sent: one mail on recovery, not one per missed
 * period) and the next run after `now`.
 */
export function dueRun(
  rule: ScheduleRule,
  nextRun: Date | null,
  now: Date,
): { dueAt: Date; periodKey: string; missed: number; nextRunAt: Date | null } | null {
  if (!nextRun || nextRun > now) return null;
  let dueAt = nextRun;
  let missed = 0;
  for (let t = nextRunAt(rule, dueAt); t && t <= now && missed < MAX_MISSED; t = nextRunAt(rule, t)) {
    dueAt = t;
    missed++;
  }
  return { dueAt, periodKey: periodKey(rule, dueAt), missed, nextRunAt: nextRunAt(rule, now) };
}

/** A run time for people: 'Mon 2026-12-07 08:00 (America/New_York)'. */
export function describeRunTime(t: Date, tz: string): string {
  const w = wallClock(t, tz);
  const day = dayString(w);
  const wd = WEEKDAY_NAMES[weekday(day)]!.slice(0, 3);
  return `${wd} ${day} ${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')} (${tz})`;
}

/** The frequency in words: 'Weekly on Monday', 'Monthly on day 15', 'Monthly on the last day', ... */
export function describeFrequency(
  rule: Pick<ScheduleRule, 'frequency' | 'weekday' | 'monthDay' | 'quarterBasis' | 'reviewDate'>,
): string {
  switch (rule.frequency) {
    case 'weekly':
      return `Weekly on ${WEEKDAY_NAMES[rule.weekday ?? 1] ?? '?'}`;
    case 'monthly':
      return rule.monthDay === 'last' ? 'Monthly on the last day' : `Monthly on day ${rule.monthDay}`;
    case 'quarterly':
      return rule.quarterBasis === 'fiscal' ? 'Quarterly (fiscal quarters)' : 'Quarterly (calendar quarters)';
    case 'review_date':
      return `Once on ${rule.reviewDate}`;
  }
}
