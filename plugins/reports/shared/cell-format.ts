/**
 * How a table cell or a metric of a report block shows, in the builder's preview and the presentation (workspace:
 * useTenantFormat() is the formatter) and in the Word export (server: cellFormatter(tenant format)): the tenant's
 * currency (no decimals) and date format and time zone (common/tenant-format.ts), numbers with at most two decimals,
 * percent values as percentages (72.46 -> 72.5%). Strings that are not numbers or dates pass through as they are (a
 * source may send '—' or 'n/a'); null shows as a dash.
 */
import { formatDate, formatMoney, type TenantFormat } from '../../../common/tenant-format';
import type { CellFormat } from './blocks';

/** The formatter's parts this needs (TenantFormatter of workspace/sdk.ts has them; cellFormatter builds them). */
export interface CellFormatter {
  money(amount: number | null | undefined): string;
  date(d: Date | string | null | undefined): string;
}

/** The formatter of a tenant's formats, as useTenantFormat() binds them (for server code). */
export function cellFormatter(f: TenantFormat): CellFormatter {
  return {
    money: (n) => formatMoney(n, f.currency),
    date: (d) => formatDate(d, f.dateFormat, f.timeZone),
  };
}

export const EMPTY_CELL = '—';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function asNumber(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const t = value.trim();
  if (t === '' || !/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

export function formatCell(value: string | number | null | undefined, format: CellFormat, f: CellFormatter): string {
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  switch (format) {
    case 'number': {
      const n = asNumber(value);
      return n === null ? String(value) : numberFormat.format(n);
    }
    case 'currency': {
      const n = asNumber(value);
      return n === null ? String(value) : f.money(n);
    }
    case 'percent': {
      const n = asNumber(value);
      return n === null ? String(value) : `${percentFormat.format(n)}%`;
    }
    case 'date': {
      const shown = typeof value === 'string' ? f.date(value) : '';
      return shown || String(value);
    }
    default:
      return String(value);
  }
}

/** Numbers align right in tables. */
export const alignsRight = (format: CellFormat) => format === 'number' || format === 'currency' || format === 'percent';
