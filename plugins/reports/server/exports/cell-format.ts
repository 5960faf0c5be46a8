/**
 * How a table cell or a metric shows in the Word document: the same rules as the preview's
 * (workspace/blocks/format.ts, which server code may not import): the tenant's currency (no decimals) and date
 * format (common/tenant-format.ts), numbers with at most two decimals, percent values as percentages
 * (72.46 -> 72.5%); text that is not a number or a date passes through; null is a dash.
 */
import { formatDate, formatMoney, type TenantFormat } from '../../../../common/tenant-format';
import type { CellFormat } from '../../shared/blocks';

export const EMPTY_CELL = '—';

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function asNumber(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const t = value.trim();
  if (t === '' || !/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

export function formatCell(value: string | number | null | undefined, format: CellFormat, f: TenantFormat): string {
  if (value === null || value === undefined || value === '') return EMPTY_CELL;
  switch (format) {
    case 'number': {
      const n = asNumber(value);
      return n === null ? String(value) : numberFormat.format(n);
    }
    case 'currency': {
      const n = asNumber(value);
      return n === null ? String(value) : formatMoney(n, f.currency);
    }
    case 'percent': {
      const n = asNumber(value);
      return n === null ? String(value) : `${percentFormat.format(n)}%`;
    }
    case 'date': {
      const shown = typeof value === 'string' ? formatDate(value, f.dateFormat, f.timeZone) : '';
      return shown || String(value);
    }
    default:
      return String(value);
  }
}

export const alignsRight = (format: CellFormat) => format === 'number' || format === 'currency' || format === 'percent';
