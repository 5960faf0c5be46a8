/** Counts failed sign-ins per e-mail and per client address; too many in the window locks that key for a while. */
import { LRUCache } from 'lru-cache';

export class FailureThrottle {
  // Made on first use: an LRU cache allocates its whole capacity up front (tens of ms per throttle), which a
  // process that never signs anyone in (every lci command) should not pay.
  private cache?: LRUCache<string, number[]>;
  constructor(
    private readonly limit = 10,
    private readonly windowMs = 15 * 60_000,
  ) {}

  private get counts(): LRUCache<string, number[]> {
    return (this.cache ??= new LRUCache({ max: 50_000, ttl: this.windowMs }));
  }

  private recent(key: string): number[] {
    const since = Date.now() - this.windowMs;
    return (this.cache?.get(key) ?? []).filter((t) => t > since);
  }

  blocked(keys: string[]): boolean {
    return keys.some((k) => this.recent(k).length >= this.limit);
  }

  fail(keys: string[]): void {
    for (const k of keys) this.counts.set(k, [...this.recent(k), Date.now()]);
  }

  clear(key: string): void {
    this.cache?.delete(key);
  }
}
