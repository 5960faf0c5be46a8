/**
 * Tenant date formats (platform.md section 9): yyyy-mm-dd (default), dd-monthname-yyyy, mm-dd-yyyy, dd-mm-yyyy.
 * Works on date-only values (YYYY-MM-DD) without time zones; empty or invalid dates show as ''. The rule is written
 * once in common/tenant-format.ts.
 */
import { formatDate } from '../../../common/tenant-format';

export function formatTenantDate(date: string | null | undefined, tenantFormat: string | null | undefined): string {
  return formatDate(date, tenantFormat);
}
