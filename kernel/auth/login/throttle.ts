/** Counts failed sign-ins per e-mail and per client address; too many in the window locks that key for a while. */
import { LRUCache } from 'lru-cache';

export class FailureThrottle {
  private readonly counts: LRUCache<string, number[]>;
  constructor(private readonly limit = 10, private readonly windowMs = 15 * 60_000) {
    this.counts = new LRUCache({ max: 50_000, ttl: windowMs });
  }

  private recent(key: string): number[] {
    const since = Date.now() - this.windowMs;
    return (this.counts.get(key) ?? []).filter((t) => t > since);
  }

  blocked(keys: string[]): boolean {
    return keys.some((k) => this.recent(k).length >= this.limit);
  }

  fail(keys: string[]): void {
    for (const k of keys) this.counts.set(k, [...this.recent(k), Date.now()]);
  }

  clear(key: string): void {
    this.counts.delete(key);
  }
}
