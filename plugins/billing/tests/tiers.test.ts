/** Customer count tiers (section 9). */
import { canUpgrade, CUSTOMER_TIERS, customerLimitText, tierFor, tiersAbove } from '../shared/tiers';

test('the tiers are 5, 25, 50, 100, 200', () => {
  expect([...CUSTOMER_TIERS]).toEqual([5, 25, 50, 100, 200]);
});

test('tiers above a limit', () => {
  expect(tiersAbove(5)).toEqual([25, 50, 100, 200]);
  expect(tiersAbove(25)).toEqual([50, 100, 200]);
  expect(tiersAbove(1)).toEqual([5, 25, 50, 100, 200]);
  expect(tiersAbove(30)).toEqual([50, 100, 200]);
  expect(tiersAbove(200)).toEqual([]);
});

test('999 or more, and 0 (unlimited), mean no upgrade', () => {
  expect(canUpgrade(998)).toBe(true);
  expect(canUpgrade(999)).toBe(false);
  expect(canUpgrade(5000)).toBe(false);
  expect(canUpgrade(0)).toBe(false);
  expect(tiersAbove(999)).toEqual([]);
  expect(tiersAbove(0)).toEqual([]);
});

test('the tier that holds a count of active customers', () => {
  expect(tierFor(0)).toBe(5);
  expect(tierFor(5)).toBe(5);
  expect(tierFor(6)).toBe(25);
  expect(tierFor(200)).toBe(200);
  expect(tierFor(201)).toBeNull();
});

test('limit 0 is shown as unlimited customers', () => {
  expect(customerLimitText(0)).toBe('Unlimited customers');
  expect(customerLimitText(1)).toBe('1 customer');
  expect(customerLimitText(25)).toBe('Up to 25 customers');
  expect(customerLimitText(999)).toBe('Up to 999 customers');
});
