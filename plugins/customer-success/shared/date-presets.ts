/**
 * Date filter presets of the insights page (platform.md and customer-success.md section 9). Quarters and the year
 * are the tenant's fiscal ones (fiscal year start month, /accountsettings; January: calendar quarters); ranges
 * include both ends; dates are YYYY-MM-DD in the browser's calendar.
 */
import { addMonths, endOfMonth, format, isValid, parse, startOfMonth, subDays, subMonths } from 'date-fns';

export const DATE_PRESETS = [
  'This Month',
  'This Quarter',
  'Last Quarter',
  'Next 3 Months',
  'Next 12 Months',
  'Last 12 Months',
  'Year To Date',
  'Custom',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export interface DateRange {
  startDate: string;
  endDate: string;
}

export const ymd = (d: Date) => format(d, 'yyyy-MM-dd');

/**
 * The range of a preset on `today`. 'Next 3 Months' and 'Next 12 Months' run from today to the day before
 * the same day 3 or 12 months later; 'Last 12 Months' from the same day 12 months ago to today (so both
 * cover 12 months exactly). 'Custom' returns null: the user picks the dates. Quarters and 'Year To Date' follow
 * the fiscal year that starts on the first of fiscalYearStartMonth (1-12).
 */
export function presetRange(preset: DatePreset, today: Date = new Date(), fiscalYearStartMonth = 1): DateRange | null {
  const t = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const start = Math.min(12, Math.max(1, Math.trunc(fiscalYearStartMonth) || 1)) - 1;
  // Months since the fiscal year began (0-11), and the first month of the fiscal quarter.
  const intoYear = (t.getMonth() - start + 12) % 12;
  const quarterStart = startOfMonth(subMonths(t, intoYear % 3));
  switch (preset) {
    case 'This Month':
      return { startDate: ymd(startOfMonth(t)), endDate: ymd(endOfMonth(t)) };
    case 'This Quarter':
      return { startDate: ymd(quarterStart), endDate: ymd(endOfMonth(addMonths(quarterStart, 2))) };
    case 'Last Quarter': {
      const q = subMonths(quarterStart, 3);
      return { startDate: ymd(q), endDate: ymd(endOfMonth(addMonths(q, 2))) };
    }
    case 'Next 3 Months':
      return { startDate: ymd(t), endDate: ymd(subDays(addMonths(t, 3), 1)) };
    case 'Next 12 Months':
      return { startDate: ymd(t), endDate: ymd(subDays(addMonths(t, 12), 1)) };
    case 'Last 12 Months':
      return { startDate: ymd(subMonths(t, 12)), endDate: ymd(t) };
    case 'Year To Date':
      return { startDate: ymd(startOfMonth(subMonths(t, intoYear))), endDate: ymd(t) };
    case 'Custom':
      return null;
  }
}

/** The preset whose range on `today` equals the given one, else 'Custom'. */
export function presetOf(range: DateRange, today: Date = new Date(), fiscalYearStartMonth = 1): DatePreset {
  for (const p of DATE_PRESETS) {
    const r = presetRange(p, today, fiscalYearStartMonth);
    if (r && r.startDate === range.startDate && r.endDate === range.endDate) return p;
  }
  return 'Custom';
}

/** The date helper rule (section 5): empty, or YYYY-MM-DD that is a real date. */
export function isValidDay(s: string): boolean {
  if (s === '') return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = parse(s, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(d) && ymd(d) === s;
}
