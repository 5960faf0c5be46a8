/** How a saved_reports row is answered (pure, kernel-free: public.ts re-exports readers built on it). */
import type { SavedReport } from '../../shared/locker';
import type { SavedReportRow } from './store';

/** A row as the API answers it: the storage key stays on the server; the flags say what the caller may do. */
export function withFlags(r: SavedReportRow, canWrite: boolean): SavedReport {
  const { storage_key: _key, ...rest } = r;
  void _key;
  return { ...rest, rename_report: canWrite, link_to_qbr: canWrite };
}
