/**
 * Tenant date formats (platform.md section 9): yyyy-mm-dd (default), dd-monthname-yyyy, mm-dd-yyyy, dd-mm-yyyy.
 * Works on date-only values (YYYY-MM-DD) without time zones; empty or invalid dates show as ''.
 */
import { isRealDate } from './dates';

export const TENANT_DATE_FORMATS = ['yyyy-mm-dd', 'dd-monthname-yyyy', 'mm-dd-yyyy', 'dd-mm-yyyy'] as const;
export type TenantDateFormat = (typeof TENANT_DATE_FORMATS)[number];

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function formatTenantDate(date: string | null | undefined, tenantFormat: string | null | undefined): string {
  if (!date) return '';
  const day = date.slice(0, 10);
  if (!isRealDate(day)) return '';
  const [y, m, d] = day.split('-');
  switch (tenantFormat) {
    case 'dd-monthname-yyyy':
      return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
    case 'mm-dd-yyyy':
      return `${m}-${d}-${y}`;
    case 'dd-mm-yyyy':
      return `${d}-${m}-${y}`;
    default:
      return day;
  }
}
