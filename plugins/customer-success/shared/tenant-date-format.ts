/**
 * Tenant date formats (platform.md section 9): yyyy-mm-dd (default), dd-monthname-yyyy, mm-dd-yyyy,
 * dd-mm-yyyy. Unknown formats fall back to the default. Empty or invalid dates show as ''. The rule is written once
 * in common/tenant-format.ts; a Date is shown as the calendar day it holds (dates of this area are days).
 */
import { formatDate } from '../../../common/tenant-format';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatTenantDate(
  date: Date | string | null | undefined,
  tenantFormat: string | null | undefined,
): string {
  if (date === null || date === undefined || date === '') return '';
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) return '';
    return formatDate(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`, tenantFormat);
  }
  return formatDate(date, tenantFormat);
}
