/**
 * When a stored company segment is stale (stale_data; customer-success.md section 4 "Stale segments"):
 * - it is flagged stale (settings saved, segments cleared, or an input marked them stale);
 * - it was computed before the settings were last saved, or before the company's inputs last changed
 *   (its effort score or its contracts);
 * - it is older than SEGMENT_MAX_AGE_MS (inputs that carry no change time, such as the calendar: a contract
 *   ending makes its value drop without any write).
 * A company without a stored segment has none to show and counts as stale.
 */

export const SEGMENT_MAX_AGE_MS = 60 * 60 * 1000;

export interface StoredSegmentState {
  stale_data: boolean;
  computedAt: number;
}

export function isSegmentStale(
  row: StoredSegmentState | null | undefined,
  opts: { settingsUpdatedAt: number | null; inputsChangedAt: number | null; now: number; maxAgeMs?: number },
): boolean {
  if (!row) return true;
  if (row.stale_data) return true;
  if (opts.settingsUpdatedAt !== null && row.computedAt < opts.settingsUpdatedAt) return true;
  if (opts.inputsChangedAt !== null && row.computedAt < opts.inputsChangedAt) return true;
  return opts.now - row.computedAt > (opts.maxAgeMs ?? SEGMENT_MAX_AGE_MS);
}
