/**
 * A small TTL cache of resolved callers, keyed by (userId, token tenant), with
 * in-flight de-duplication and a generation counter so a load that started
 * before an invalidation never stores stale data.
 */
interface CacheTags {
  userId: number;
  tenantIds: (number | null)[];
}

interface Entry<T> {
  at: number;
  value: T;
  tags: CacheTags;
}

export class CallerCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly inflight = new Map<string, Promise<T>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  static key(userId: number, tenantId: number | null | undefined): string {
    return `${userId}:${tenantId ?? '-'}`;
  }

  /** The cached value, or the result of load() (shared by concurrent callers). */
  async get(key: string, load: () => Promise<{ value: T; tags: CacheTags }>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const gen = this.generation;
    const p = (async () => {
      try {
        const { value, tags } = await load();
        if (gen === this.generation) {
          if (this.entries.size >= this.maxEntries) this.evictOldest();
          this.entries.set(key, { at: this.now(), value, tags });
        }
        return value;
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, p);
    return p;
  }

  /** Drops entries touching a tenant (as token tenant, effective or home tenant), or everything. */
  invalidateTenant(tenantId?: number): void {
    this.generation++;
    if (tenantId === undefined) {
      this.entries.clear();
      return;
    }
    for (const [k, e] of this.entries) if (e.tags.tenantIds.includes(tenantId)) this.entries.delete(k);
  }

  invalidateUser(userId: number): void {
    this.generation++;
    for (const [k, e] of this.entries) if (e.tags.userId === userId) this.entries.delete(k);
  }

  get size(): number {
    return this.entries.size;
  }

  private evictOldest(): void {
    let oldestKey: string | undefined;
    let oldest = Infinity;
    for (const [k, e] of this.entries)
      if (e.at < oldest) {
        oldest = e.at;
        oldestKey = k;
      }
    if (oldestKey) this.entries.delete(oldestKey);
    const now = this.now();
    for (const [k, e] of this.entries) if (now - e.at >= this.ttlMs) this.entries.delete(k);
  }
}
