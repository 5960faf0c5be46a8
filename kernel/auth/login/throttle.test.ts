import { FailureThrottle } from './throttle';

test('blocks a key after the limit of failures in the window, and clear() resets it', () => {
  const t = new FailureThrottle(3, 60_000);
  t.fail(['a']);
  t.fail(['a']);
  expect(t.blocked(['a'])).toBe(false);
  t.fail(['a']);
  expect(t.blocked(['a'])).toBe(true);
  expect(t.blocked(['b'])).toBe(false);
  t.clear('a');
  expect(t.blocked(['a'])).toBe(false);
});

test('failures older than the window do not count', () => {
  const t = new FailureThrottle(2, 1000);
  const now = Date.now();
  const spy = jest.spyOn(Date, 'now').mockReturnValue(now - 5000);
  t.fail(['a']);
  t.fail(['a']);
  spy.mockReturnValue(now);
  expect(t.blocked(['a'])).toBe(false);
  spy.mockRestore();
});
