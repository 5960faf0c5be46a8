/**
 * The report locker's part of the plugin definition: routes, the realtime function and the per-kernel instance
 * (the daily retention timer).
 */
import type { Kernel } from '../../../../kernel/index';
import { purgeExpiredReports, startRetentionTimer } from './retention';

export { lockerRoutes, lockerRealtime } from './routes';

export interface LockerInstance {
  start(): void;
  stop(): void;
  purge(now?: Date): Promise<number>;
}

export function createLocker(k: Kernel): LockerInstance {
  let stopTimer: (() => void) | null = null;
  return {
    start() {
      stopTimer ??= startRetentionTimer(k);
    },
    stop() {
      stopTimer?.();
      stopTimer = null;
    },
    purge: (now) => purgeExpiredReports(k, now),
  };
}
