/**
 * The token timer of platform.md 4.2 as a small machine over injected clock,
 * token and actions (runtime.ts supplies the real ones): each check applies
 * nextTokenStep — sign out, refresh (retry after 1 s on failure, check again
 * after success), or check again at the remaining time (at least 500 ms).
 */
import { nextTokenStep } from './token-schedule';

export interface TokenTimerDeps {
  now(): number;
  /** Expiry of the current access token in ms, or null when signed out. */
  expiresAt(): number | null;
  /** Re-initialises the tokens (refresh grant); false when it failed. */
  refresh(): Promise<boolean>;
  onRefreshed(): void;
  signOut(): void;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

export interface TokenTimer {
  check(): void;
  stop(): void;
}

export function createTokenTimer(deps: TokenTimerDeps): TokenTimer {
  let timer: unknown = null;
  const stop = () => {
    if (timer !== null) {
      deps.clearTimer(timer);
      timer = null;
    }
  };
  const check = (): void => {
    stop();
    const exp = deps.expiresAt();
    if (exp === null) return;
    const step = nextTokenStep(deps.now(), exp);
    if (step.action === 'signOut') {
      deps.signOut();
      return;
    }
    if (step.action === 'wait') {
      timer = deps.setTimer(check, step.delayMs);
      return;
    }
    void deps.refresh().then((ok) => {
      if (ok) {
        deps.onRefreshed();
        check();
      } else timer = deps.setTimer(check, step.retryAfterMs);
    });
  };
  return { check, stop };
}
