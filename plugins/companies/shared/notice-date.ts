/**
 * The notice date of a contract (customer-success.md section 5): when end_date is non-empty, it is end_date
 * minus notice_to_terminate_in_days, as YYYY-MM-DD. No end date: no notice date. No notice period: the end
 * date itself (minus 0 days).
 */
import { addDays, isRealDate } from './dates';

export function noticeDate(
  endDate: string | null | undefined,
  noticeToTerminateInDays: number | null | undefined,
): string | null {
  if (endDate === null || endDate === undefined || endDate.trim() === '') return null;
  const end = endDate.trim();
  if (!isRealDate(end)) return null;
  const days = noticeToTerminateInDays ?? 0;
  if (!Number.isInteger(days) || days < 0) return null;
  return addDays(end, -days);
}
