/**
 * Tenant date formats (platform.md section 9): yyyy-mm-dd (default), dd-monthname-yyyy, mm-dd-yyyy,
 * dd-mm-yyyy. Unknown formats fall back to the default. Empty or invalid dates show as ''.
 */
import { format, isValid } from 'date-fns';
import { parseDay } from './relative-time';

export const TENANT_DATE_FORMATS = ['yyyy-mm-dd', 'dd-monthname-yyyy', 'mm-dd-yyyy', 'dd-mm-yyyy'] as const;
export type TenantDateFormat = (typeof TENANT_DATE_FORMATS)[number];

const PATTERNS: Record<TenantDateFormat, string> = {
  'yyyy-mm-dd': 'yyyy-MM-dd',
  'dd-monthname-yyyy': 'dd-MMMM-yyyy',
  'mm-dd-yyyy': 'MM-dd-yyyy',
  'dd-mm-yyyy': 'dd-MM-yyyy',
};

export function formatTenantDate(
  date: Date | string | null | undefined,
  tenantFormat: string | null | undefined,
): string {
  if (date === null || date === undefined || date === '') return '';
  const d = typeof date === 'string' ? parseDay(date) : date;
  if (!isValid(d)) return '';
  const f = (TENANT_DATE_FORMATS as readonly string[]).includes(tenantFormat ?? '')
    ? (tenantFormat as TenantDateFormat)
    : 'yyyy-mm-dd';
  return format(d, PATTERNS[f]);
}
