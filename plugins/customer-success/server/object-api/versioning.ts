/** Optimistic concurrency for records two people edit: a write names the version it read; a stale one answers 409. */
import { conflict } from '../../../../kernel/index';
import { MSG_STALE } from '../../shared/stale';

/** Throws 409 when the caller sent a version and it is not the stored one. */
export function assertVersion(stored: number, sent: number | undefined): void {
  if (sent !== undefined && sent !== stored) throw conflict(MSG_STALE);
}

/** The same for a version token (e.g. of a set of rows). */
export function assertVersionText(stored: string, sent: string | undefined): void {
  if (sent !== undefined && sent !== stored) throw conflict(MSG_STALE);
}
