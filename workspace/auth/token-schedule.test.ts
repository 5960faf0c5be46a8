import { MAX_TIMER_MS, nextTokenStep } from './token-schedule';

const EXP = 10_000_000;

test('more than 6 minutes past expiry signs out', () => {
  expect(nextTokenStep(EXP + 360_001, EXP)).toEqual({ action: 'signOut' });
});
test('exactly 6 minutes past expiry still refreshes', () => {
  expect(nextTokenStep(EXP + 360_000, EXP)).toEqual({ action: 'refresh', retryAfterMs: 1000 });
});
test('100 ms or less remaining refreshes, with a 1 s retry', () => {
  expect(nextTokenStep(EXP - 100, EXP)).toEqual({ action: 'refresh', retryAfterMs: 1000 });
  expect(nextTokenStep(EXP - 5, EXP)).toEqual({ action: 'refresh', retryAfterMs: 1000 });
  expect(nextTokenStep(EXP + 1000, EXP)).toEqual({ action: 'refresh', retryAfterMs: 1000 });
});
test('otherwise waits the remaining time, at least 500 ms', () => {
  expect(nextTokenStep(EXP - 101, EXP)).toEqual({ action: 'wait', delayMs: 500 });
  expect(nextTokenStep(EXP - 499, EXP)).toEqual({ action: 'wait', delayMs: 500 });
  expect(nextTokenStep(EXP - 501, EXP)).toEqual({ action: 'wait', delayMs: 501 });
  expect(nextTokenStep(EXP - 3_600_000, EXP)).toEqual({ action: 'wait', delayMs: 3_600_000 });
});
test('very long waits are capped to what a browser timer accepts', () => {
  expect(nextTokenStep(0, 10 * MAX_TIMER_MS)).toEqual({ action: 'wait', delayMs: MAX_TIMER_MS });
});
