/** Date-only values (YYYY-MM-DD): the date helper of the spec accepts empty, or a real YYYY-MM-DD date. */
import { isCalendarDay } from '../../../common/dates';

/** Adds (or with a negative number subtracts) whole days to a YYYY-MM-DD date, in calendar days (common/dates.ts). */
export { addDays } from '../../../common/dates';

/** True for a YYYY-MM-DD string that names a real calendar day (2024-02-30 is not one). */
export const isRealDate = (value: string): boolean => isCalendarDay(value);

/** The date helper: empty (null, undefined, '') or a real YYYY-MM-DD date. */
export function isEmptyOrRealDate(value: string | null | undefined): boolean {
  return value === null || value === undefined || value === '' || isRealDate(value);
}
