/**
 * Token refresh rules of platform.md section 4.2 / 9, as a pure decision:
 * - expired more than 360000 ms ago: sign out (go to /signIn);
 * - 100 ms or less remaining: re-initialise (refresh) now; on failure retry after 1000 ms;
 * - otherwise re-check at the remaining time, at least 500 ms.
 */
import { TOKEN } from '../constants';

export type TokenStep =
  { action: 'signOut' } | { action: 'refresh'; retryAfterMs: number } | { action: 'wait'; delayMs: number };

/** Browsers fire timers longer than 2^31-1 ms immediately; long waits are cut into checks. */
export const MAX_TIMER_MS = 2_147_483_647;

export function nextTokenStep(now: number, expiresAt: number): TokenStep {
  const remaining = expiresAt - now;
  if (-remaining > TOKEN.signOutAfterExpiredMs) return { action: 'signOut' };
  if (remaining <= TOKEN.refreshAtRemainingMs) return { action: 'refresh', retryAfterMs: TOKEN.retryAfterFailureMs };
  return { action: 'wait', delayMs: Math.min(Math.max(remaining, TOKEN.minRecheckMs), MAX_TIMER_MS) };
}
