/**
 * How a table cell or a metric shows in the builder's preview and the presentation (the tenant's currency, date
 * format and time zone; useTenantFormat() supplies the formatter). Strings that are not numbers or dates pass through
 * as they are (a source may send '—' or 'n/a'); null shows as a dash. Percent values are percentages (72.5 -> 72.5%).
 */
import type { CellFormat } from '../../shared/blocks';

/** The formatter's parts this needs (TenantFormatter of workspace/sdk.ts has them). */
export interface CellFormatter {
  money(amount: number | null | undefined): string;
  date(d: Date | string | null | undefined): string;
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
