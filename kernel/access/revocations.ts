/**
 * Access invalidations through the database, beside the realtime bus.
 *
 * The bus (Redis pub/sub) carries an invalidation to the other processes at
 * once, but at most once: while Redis is down, or while a process is
 * reconnecting, the message is lost and the other processes would keep serving
 * a disabled user from their caller cache for up to its lifetime. So every
 * invalidation is also written to `access_invalidations`, and every process
 * reads the rows of the last WINDOW_SECONDS every POLL_MS and applies those it
 * has not applied yet (a revocation reaches every process within about a
 * second, Redis or not). Applying one twice only costs a cache miss.
 *
 * Rows are read by time rather than by id because ids from a sequence commit
 * out of order; the ids seen in the window are remembered instead.
 */
import type { Kernel } from '../kernel';

/** How often a process reads new invalidations. */
const REVOCATION_POLL_MS = 1000;
/** Rows younger than this are read on every poll. */
const WINDOW_SECONDS = 60;
/** Rows older than this are deleted (by whichever process prunes first). */
const KEEP_MINUTES = 10;
const PRUNE_EVERY_POLLS = 120;

export interface Invalidation {
  tenantId?: number | null;
  userId?: number | null;
}
interface Row {
  id: number;
  target_tenant_id: number | null;
  target_user_id: number | null;
  origin: string;
}

export class RevocationLog {
  private readonly seen = new Set<number>();
  private readonly pending = new Set<Promise<unknown>>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private busy = false;
  private polls = 0;
  private stopped = false;

  constructor(
    private readonly k: Kernel,
    private readonly origin: string,
    private readonly apply: (inv: Invalidation) => void,
    private readonly pollMs = REVOCATION_POLL_MS,
  ) {}

  /** Writes an invalidation for the other processes; never awaited by the caller (the database may be down or busy). */
  record(inv: Invalidation): void {
    if (this.stopped) return;
    const p = this.k.db
      .withSystem((db) =>
        db('access_invalidations').insert({
          target_tenant_id: inv.tenantId ?? null,
          target_user_id: inv.userId ?? null,
          origin: this.origin,
        }),
      )
      .catch((e: Error) =>
        this.k.log.warn(
          { err: e.message },
          'access: could not record an invalidation in the database (the bus still carries it)',
        ),
      )
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Starts reading other processes' invalidations; rows already there count as applied. */
  async start(): Promise<void> {
    if (this.timer || this.stopped) return;
    await this.read(false).catch((e: Error) =>
      this.k.log.debug({ err: e.message }, 'access: reading invalidations failed (retried)'),
    );
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  /** Stops polling and waits for invalidations still being written (a CLI run records them before it exits). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.pending]);
    this.stopped = true;
  }

  private async tick(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      await this.read(true);
      if (++this.polls % PRUNE_EVERY_POLLS === 0) {
        await this.k.db.withSystem((db) =>
          db('access_invalidations')
            .where('created_at', '<', db.raw(`now() - interval '${KEEP_MINUTES} minutes'`))
            .delete(),
        );
      }
    } catch (e) {
      this.k.log.debug({ err: (e as Error).message }, 'access: reading invalidations failed (retried)');
    } finally {
      this.busy = false;
    }
  }

  private async read(apply: boolean): Promise<void> {
    const rows = await this.k.db.withSystem(
      (db) =>
        db('access_invalidations')
          .where('created_at', '>', db.raw(`now() - interval '${WINDOW_SECONDS} seconds'`))
          .orderBy('id')
          .select<Row[]>('id', 'target_tenant_id', 'target_user_id', 'origin'),
      { readOnly: true },
    );
    const ids = new Set<number>();
    for (const r of rows) {
      const id = Number(r.id);
      ids.add(id);
      if (this.seen.has(id)) continue;
      if (apply && r.origin !== this.origin) {
        this.apply({
          tenantId: r.target_tenant_id === null ? null : Number(r.target_tenant_id),
          userId: r.target_user_id === null ? null : Number(r.target_user_id),
        });
      }
    }
    // Only ids still in the window need remembering.
    this.seen.clear();
    for (const id of ids) this.seen.add(id);
  }
}
