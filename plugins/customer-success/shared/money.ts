/**
 * Money as the platform shows it (platform.md section 9): in the tenant's currency without decimals; the short
 * form shortens amounts over 1,000 with K and over 1,000,000 with M (one decimal).
 */

export function formatMoney(amount: number | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '--';
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    }).format(amount);
  } catch {
    return `${Math.round(amount).toLocaleString('en-US')} ${currency}`;
  }
}

export function formatMoneyShort(amount: number | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '--';
  const abs = Math.abs(amount);
  if (abs <= 1000) return formatMoney(amount, currency);
  const [div, suffix] = abs > 1_000_000 ? [1_000_000, 'M'] : [1000, 'K'];
  const symbol = formatMoney(0, currency).replace(/0/g, '').trim();
  const n = (Math.round((amount / div) * 10) / 10).toFixed(1);
  return symbol.length <= 3
    ? `${n.startsWith('-') ? '-' : ''}${symbol}${n.replace('-', '')}${suffix}`
    : `${n}${suffix} ${currency}`;
}
