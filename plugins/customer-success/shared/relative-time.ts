/**
 * Relative time wording (customer-success.md and platform.md section 9): under 7 days in days, under 30
 * in weeks, under 365 in months, else years. Counts are whole units rounded down (at least 1 for weeks,
 * months and years); 0 days is 'today'. Past dates read '... ago', future ones 'in ...'.
 */
import { differenceInCalendarDays } from 'date-fns';

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The wording for a distance in whole days (positive: in the past). */
export function relativeDays(days: number): string {
  const abs = Math.abs(days);
  if (abs === 0) return 'today';
  let text: string;
  if (abs < 7) text = unit(abs, 'day');
  else if (abs < 30) text = unit(Math.floor(abs / 7), 'week');
  else if (abs < 365) text = unit(Math.max(1, Math.floor(abs / 30)), 'month');
  else text = unit(Math.floor(abs / 365), 'year');
  return days > 0 ? `${text} ago` : `in ${text}`;
}

/** Relative wording of a date (Date or YYYY-MM-DD / ISO string) against now. */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const d = typeof date === 'string' ? parseDay(date) : date;
  return relativeDays(differenceInCalendarDays(now, d));
}

/** A YYYY-MM-DD string as a local date (ISO date-times keep their time). */
export function parseDay(s: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(s);
}
