/**
 * The rolling window of the effort display info (rollingWindow, in days; decision: the spec names the field
 * only). Tickets and CSAT responses count when they fall on one of the last `days` days up to and including
 * the day of `asOf` (UTC): from the start of day asOf - (days - 1) to the start of the day after asOf.
 */
export const DEFAULT_ROLLING_WINDOW_DAYS = 90;
export const MIN_ROLLING_WINDOW_DAYS = 1;
export const MAX_ROLLING_WINDOW_DAYS = 730;

const DAY = 86_400_000;

export function rollingWindow(asOf: Date, days: number): { from: Date; to: Date } {
  if (!Number.isInteger(days) || days < MIN_ROLLING_WINDOW_DAYS)
    throw new RangeError(`rolling window must be a whole number of days >= ${MIN_ROLLING_WINDOW_DAYS}`);
  const startOfDay = Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth(), asOf.getUTCDate());
  return { from: new Date(startOfDay - (days - 1) * DAY), to: new Date(startOfDay + DAY) };
}

export const inWindow = (at: Date, w: { from: Date; to: Date }): boolean =>
  at.getTime() >= w.from.getTime() && at.getTime() < w.to.getTime();
