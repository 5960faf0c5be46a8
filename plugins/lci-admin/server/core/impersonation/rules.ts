/** Scripted-support tokens (pure rules): how long they live. */
export const TOKEN_MINUTES_DEFAULT = 15;
export const TOKEN_MINUTES_MIN = 0.1;
export const TOKEN_MINUTES_MAX = 60;

/** Validates --minutes (fractions allowed, 0.1 to 60) and returns the lifetime in whole seconds. */
export function tokenTtlSeconds(minutes: number): number {
  if (!Number.isFinite(minutes) || minutes < TOKEN_MINUTES_MIN || minutes > TOKEN_MINUTES_MAX) {
    throw new Error(`--minutes must be between ${TOKEN_MINUTES_MIN} and ${TOKEN_MINUTES_MAX}`);
  }
  return Math.max(6, Math.round(minutes * 60));
}
