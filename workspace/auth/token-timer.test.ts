/** The token timer with fake timers: when it refreshes, retries, waits and signs out (platform.md 4.2 and 9). */
import { createTokenTimer } from './token-timer';

const T0 = Date.UTC(2026, 0, 1);

function setup(opts: { expiresIn: number; refreshResults?: boolean[]; newLifetime?: number }) {
  let expiresAt: number | null = T0 + opts.expiresIn;
  const results = [...(opts.refreshResults ?? [true])];
  const calls = { refresh: 0, refreshed: 0, signOut: 0 };
  const timer = createTokenTimer({
    now: () => Date.now(),
    expiresAt: () => expiresAt,
    refresh: async () => {
      calls.refresh++;
      const ok = results.length ? results.shift()! : true;
      if (ok) expiresAt = Date.now() + (opts.newLifetime ?? 3_600_000);
      return ok;
    },
    onRefreshed: () => {
      calls.refreshed++;
    },
    signOut: () => {
      calls.signOut++;
      expiresAt = null;
    },
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  });
  return { timer, calls };
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(T0);
});
afterEach(() => {
  jest.useRealTimers();
});

test('waits the remaining time, then refreshes and schedules the next check', async () => {
  const { timer, calls } = setup({ expiresIn: 60_000 });
  timer.check();
  await jest.advanceTimersByTimeAsync(59_999);
  expect(calls.refresh).toBe(0);
  await jest.advanceTimersByTimeAsync(1);
  expect(calls).toEqual({ refresh: 1, refreshed: 1, signOut: 0 });
  // The new token lasts an hour: nothing more until then.
  await jest.advanceTimersByTimeAsync(3_599_000);
  expect(calls.refresh).toBe(1);
  timer.stop();
});

test('a failed refresh is retried after 1 s, until one succeeds', async () => {
  const { timer, calls } = setup({ expiresIn: 50, refreshResults: [false, false, true] });
  timer.check();
  await jest.advanceTimersByTimeAsync(0);
  expect(calls.refresh).toBe(1);
  await jest.advanceTimersByTimeAsync(999);
  expect(calls.refresh).toBe(1);
  await jest.advanceTimersByTimeAsync(1);
  expect(calls.refresh).toBe(2);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(calls).toEqual({ refresh: 3, refreshed: 1, signOut: 0 });
  timer.stop();
});

test('a token that is about to expire is checked again after at least 500 ms', async () => {
  const { timer, calls } = setup({ expiresIn: 300 });
  timer.check();
  await jest.advanceTimersByTimeAsync(499);
  expect(calls.refresh).toBe(0);
  await jest.advanceTimersByTimeAsync(1);
  expect(calls.refresh).toBe(1);
  timer.stop();
});

test('more than 6 minutes past expiry signs out without refreshing', async () => {
  const { timer, calls } = setup({ expiresIn: -360_001 });
  timer.check();
  await jest.advanceTimersByTimeAsync(10_000);
  expect(calls).toEqual({ refresh: 0, refreshed: 0, signOut: 1 });
});

test('refreshes failing until the token is 6 minutes stale end in sign-out', async () => {
  const { timer, calls } = setup({ expiresIn: 0, refreshResults: Array(400).fill(false) });
  timer.check();
  await jest.advanceTimersByTimeAsync(361_000);
  expect(calls.signOut).toBe(1);
  expect(calls.refresh).toBeGreaterThanOrEqual(360);
  expect(calls.refreshed).toBe(0);
  timer.stop();
});
