/** Optimistic concurrency of stack services: a write names the version it read; a stale one answers 409 (CS's text). */
import { conflict } from '../../../kernel/index';
import { MSG_STALE } from '../../customer-success/public';

/** Throws 409 when the caller sent a version and it is not the stored one. */
export function assertVersion(stored: number, sent: number | undefined): void {
  if (sent !== undefined && sent !== stored) throw conflict(MSG_STALE);
}
