/**
 * Currency display (platform.md section 9): amounts without decimals; above 1,000 shortened with K and
 * above 1,000,000 with M, with one decimal. Flags for CAD, USD, ZAR, AUD, GBP. Prices are held in
 * minor units and divided by 100. Currency strings are cleaned by removing commas and parsing as an integer.
 */
import type { TENANT_CURRENCIES } from '../../../common/tenant-format';

type FlagCurrency = (typeof TENANT_CURRENCIES)[number];

const FLAGS: Record<FlagCurrency, string> = {
  CAD: '\u{1F1E8}\u{1F1E6}',
  USD: '\u{1F1FA}\u{1F1F8}',
  ZAR: '\u{1F1FF}\u{1F1E6}',
  AUD: '\u{1F1E6}\u{1F1FA}',
  GBP: '\u{1F1EC}\u{1F1E7}',
};
const SYMBOLS: Record<string, string> = { USD: '$', CAD: '$', AUD: '$', ZAR: 'R', GBP: '£', EUR: '€' };

const code = (currency: string) => currency.trim().toUpperCase();

/** The flag (emoji) of a currency; '' for currencies without one. */
export function currencyFlag(currency: string): string {
  return FLAGS[code(currency) as FlagCurrency] ?? '';
}

/** '$', '£', 'R'... or the code and a space for other currencies. */
export function currencySymbol(currency: string): string {
  const c = code(currency);
  return SYMBOLS[c] ?? `${c} `;
}

/** Major units from minor units (cents). */
export function planPrice(minor: number): number {
  return minor / 100;
}

const group = (n: number) =>
  Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/** Short form: '$75', '$1,000', '$1.9K', '$2.5M'; no decimals below the K threshold. */
export function formatCurrency(amountMajor: number, currency: string): string {
  const sign = amountMajor < 0 ? '-' : '';
  const abs = Math.abs(amountMajor);
  const sym = currencySymbol(currency);
  if (abs > 1_000_000) return `${sign}${sym}${oneDecimal(abs / 1_000_000)}M`;
  if (abs > 1_000) return `${sign}${sym}${oneDecimal(abs / 1_000)}K`;
  return `${sign}${sym}${group(abs)}`;
}

/** Exact form without decimals, for prices someone is about to pay: '$1,925'. */
export function formatAmount(amountMajor: number, currency: string): string {
  const sign = Math.round(amountMajor) < 0 ? '-' : '';
  return `${sign}${currencySymbol(currency)}${group(Math.abs(amountMajor))}`;
}

/** Removes commas and parses an integer: '1,234' -> 1234, '12.9' -> 12; null when there is no number. */
export function parseCurrencyString(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number.parseInt(String(value).replace(/,/g, ''), 10);
  return Number.isNaN(n) ? null : n;
}
