/** Currency display and price display (section 9). */
import {
  currencyFlag,
  currencySymbol,
  formatAmount,
  formatCurrency,
  parseCurrencyString,
  planPrice,
} from '../shared/currency';
import { findFlatPlan } from '../shared/catalogue';
import { priceDisplay, trialText } from '../shared/prices';

describe('formatCurrency', () => {
  test('no decimals up to 1,000', () => {
    expect(formatCurrency(0, 'USD')).toBe('$0');
    expect(formatCurrency(75, 'usd')).toBe('$75');
    expect(formatCurrency(160.42, 'USD')).toBe('$160');
    expect(formatCurrency(999.6, 'USD')).toBe('$1,000');
    expect(formatCurrency(1000, 'USD')).toBe('$1,000');
  });
  test('K above 1,000 and M above 1,000,000, one decimal', () => {
    expect(formatCurrency(1000.5, 'USD')).toBe('$1.0K');
    expect(formatCurrency(1925, 'USD')).toBe('$1.9K');
    expect(formatCurrency(7700, 'CAD')).toBe('$7.7K');
    expect(formatCurrency(1_000_000, 'USD')).toBe('$1000.0K');
    expect(formatCurrency(1_250_000, 'GBP')).toBe('£1.3M');
    expect(formatCurrency(12_340_000, 'ZAR')).toBe('R12.3M');
  });
  test('negative amounts keep the sign', () => {
    expect(formatCurrency(-75, 'USD')).toBe('-$75');
    expect(formatCurrency(-2500, 'USD')).toBe('-$2.5K');
  });
  test('other currencies show their code', () => {
    expect(currencySymbol('CHF')).toBe('CHF ');
    expect(formatCurrency(12, 'chf')).toBe('CHF 12');
  });
});

test('formatAmount: exact, without decimals, with thousands separators', () => {
  expect(formatAmount(1925, 'USD')).toBe('$1,925');
  expect(formatAmount(7700, 'CAD')).toBe('$7,700');
  expect(formatAmount(68.75, 'USD')).toBe('$69');
});

test('flags for CAD, USD, ZAR, AUD, GBP only', () => {
  expect(currencyFlag('CAD')).toBe('🇨🇦');
  expect(currencyFlag('usd')).toBe('🇺🇸');
  expect(currencyFlag('ZAR')).toBe('🇿🇦');
  expect(currencyFlag('AUD')).toBe('🇦🇺');
  expect(currencyFlag('GBP')).toBe('🇬🇧');
  expect(currencyFlag('EUR')).toBe('');
});

test('currency strings: commas removed, parsed as an integer', () => {
  expect(parseCurrencyString('1,234')).toBe(1234);
  expect(parseCurrencyString('1,234,567')).toBe(1234567);
  expect(parseCurrencyString('12.9')).toBe(12);
  expect(parseCurrencyString(' 42 ')).toBe(42);
  expect(parseCurrencyString(1500)).toBe(1500);
  expect(parseCurrencyString('')).toBeNull();
  expect(parseCurrencyString('abc')).toBeNull();
  expect(parseCurrencyString(null)).toBeNull();
});

describe('price display', () => {
  test('minor units divided by 100', () => {
    expect(planPrice(7500)).toBe(75);
    expect(planPrice(107300)).toBe(1073);
  });
  test('monthly: the price per month only', () => {
    const d = priceDisplay(findFlatPlan('plan_professional_usd_month')!);
    expect(d).toEqual({ amount: 175, period: 'month', text: '$175 / month', perMonth: null, perMonthText: null });
  });
  test('annual: the price per year and per month (divided by 12)', () => {
    const d = priceDisplay(findFlatPlan('plan_professional_cad_year')!);
    expect(d.amount).toBe(2475);
    expect(d.text).toBe('$2,475 / year');
    expect(d.perMonth).toBeCloseTo(206.25);
    expect(d.perMonthText).toBe('$206 / month');
    expect(priceDisplay(findFlatPlan('plan_basic_usd_year')!).perMonthText).toBe('$69 / month');
  });
  test('trial text', () => {
    expect(trialText(30)).toBe('30-day free trial');
    expect(trialText(0)).toBe('No trial');
  });
});
