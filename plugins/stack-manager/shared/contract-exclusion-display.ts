/**
 * The two lists of the Customer Success App Settings page (customer-success.md sections 2 and 9): the first 6
 * items shown, the rest behind an ellipsis whose tooltip names them; duplicates shown once.
 */
import { exclusionKey } from './contract-exclusion-match';

export const EXCLUSION_LIST_SHOWN = 6;

interface ListDisplay<T> {
  shown: T[];
  hidden: T[];
}

/** Items once each by the key of their value, then split into the first `limit` and the rest. */
export function exclusionListDisplay<T>(
  items: readonly T[],
  valueOf: (item: T) => string,
  limit = EXCLUSION_LIST_SHOWN,
): ListDisplay<T> {
  const seen = new Set<string>();
  const unique: T[] = [];
  for (const it of items) {
    const k = exclusionKey(valueOf(it));
    if (seen.has(k)) continue;
    seen.add(k);
    unique.push(it);
  }
  return { shown: unique.slice(0, limit), hidden: unique.slice(limit) };
}
