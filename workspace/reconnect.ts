/**
 * When the API cannot serve for a while (the server answers 503 because
 * PostgreSQL or Redis is down, or a proxy answers 502/504 while the server
 * restarts, or the network fails), the workspace shows "Reconnecting" and
 * retries instead of an error page. Maintenance (503 with maintenance: true)
 * is not an outage: it has its own page.
 */

/** Messages of the reconnecting state. */
export const MSG_RECONNECTING = 'Reconnecting…';
export const MSG_RECONNECTING_DETAIL =
  'Lifecycle cannot reach its services right now. This page retries on its own and continues when they are back.';
export const MSG_WRITE_NOT_SENT =
  'Lifecycle is reconnecting to its services; your change may not have been saved. Please check and try again in a few seconds.';

/** Reads are retried for at most this long before the page gets the error. */
export const MAX_RETRY_MS = 120_000;
const MIN_DELAY_MS = 1000;
const MAX_DELAY_MS = 10_000;

/**
 * True for an answer that means "temporarily unavailable, retry": the server's own 503 outage
 * (code unavailable, not maintenance), or a 502/503/504 that is not an answer of the application
 * (a proxy's page while the server restarts). An application error with its own code (a partner or
 * provider that failed: 502 catalogue_unavailable, PartnerError) is an answer the page shows.
 */
export function isUnavailable(status: number, body: unknown): boolean {
  if (status !== 502 && status !== 503 && status !== 504) return false;
  const e = (body as { error?: { code?: string; maintenance?: boolean } } | undefined)?.error;
  if (e?.maintenance || e?.code === 'maintenance') return false;
  return !e?.code || e.code === 'unavailable';
}

/** Wait before the next try: the server's Retry-After (seconds) when given, else doubling from 1 s; between 1 and 10 s. */
export function retryDelayMs(attempt: number, retryAfter: string | null): number {
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : NaN;
  const ms = Number.isFinite(seconds) ? seconds * 1000 : MIN_DELAY_MS * 2 ** Math.min(attempt, 4);
  return Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, ms));
}
