import { AnchorKeeper } from './anchor-keeper';

const at = (path: string, hash = '') => ({ at: path, hash });

test('a deep link keeps its anchor through /initializer until its page is committed', () => {
  const k = new AnchorKeeper();
  k.ask('/cs/company/detail', '#stackAlignment');
  expect(k.anchorFor('/initializer?path=%2Fcs%2Fcompany%2Fdetail', at('/cs/company/detail', '#stackAlignment'))).toBe(
    '',
  );
  expect(k.anchorFor('/cs/company/detail', at('/initializer?path=%2Fcs%2Fcompany%2Fdetail'))).toBe('#stackAlignment');
  // Used once: a later visit of the same page without an anchor has none.
  expect(k.anchorFor('/cs/company/detail', at('/dashboard'))).toBe('');
});

test('going elsewhere forgets the anchor; staying on a location keeps the one shown', () => {
  const k = new AnchorKeeper();
  k.ask('/cs/company/detail', 'stackAlignment');
  expect(k.anchorFor('/dashboard', at('/cs/company/detail', '#stackAlignment'))).toBe('');
  expect(k.anchorFor('/cs/company/detail', at('/dashboard'))).toBe('');
  expect(k.anchorFor('/dashboard', at('/dashboard', '#top'))).toBe('#top');
});

test('no anchor asked for: nothing is added', () => {
  const k = new AnchorKeeper();
  k.ask('/cs/company/detail', '');
  expect(k.anchorFor('/cs/company/detail', at('/initializer'))).toBe('');
  k.ask('/cs/company/detail', '#');
  expect(k.anchorFor('/cs/company/detail', at('/initializer'))).toBe('');
});
