/**
 * The realtime bus across processes on a Redis stream (one per deployment).
 *
 * - publish: delivered to this process's handlers at once, then queued in an
 *   outbox that a pump sends with XADD (the stream keeps STREAM_KEEP_MS of
 *   entries). The connection has no offline queue, so a publish
 *   never waits for Redis; while Redis is down the outbox keeps the messages
 *   and sends them in order once Redis is ready again. A message unsent after
 *   OUTBOX_HOLD_MS, or beyond OUTBOX_MAX, is dropped and reported (error log
 *   with the count; /readyz shows it) rather than lost silently.
 * - receive: a second connection reads the stream (XREAD BLOCK) from the last
 *   id it saw, so what other processes sent while this one was cut off (Redis
 *   restarted, a network blip) is read when it reconnects, unlike pub/sub. A
 *   stream recreated by a Redis restart gets ids from the Redis clock, larger
 *   than the ones read before. Own entries (same origin) were delivered at
 *   publish and are skipped; entries are de-duplicated by id.
 */
import crypto from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../log';
import type { Bus, BusEnvelope, BusHandler } from './bus';

/** A message not sent to Redis within this time is dropped and reported. */
const OUTBOX_HOLD_MS = 5 * 60_000;
/** At most this many messages wait for Redis; older ones are dropped and reported beyond it. */
const OUTBOX_MAX = 20_000;
/**
 * How long the stream keeps entries for processes that were cut off (they read again within seconds of Redis
 * coming back); older ones are trimmed as new ones are added (XADD MINID ~), so the stream holds minutes of
 * traffic, not all of it. Generous against clock differences between a server and Redis (ids are Redis time).
 */
const STREAM_KEEP_MS = 10 * 60_000;
const STREAM_TTL_MS = 24 * 3600_000;
const READ_BLOCK_MS = 2000;
const READ_COUNT = 500;
const RETRY_MS = 250;

interface Wire {
  i: string;
  o: string;
  r: string;
  m: Record<string, unknown>;
}
interface Pending {
  wire: string;
  at: number;
}

export class RedisBus implements Bus {
  readonly kind = 'redis' as const;
  private handlers: BusHandler[] = [];
  private readonly origin = crypto.randomUUID();
  private outbox: Pending[] = [];
  private pumping = false;
  private closed = false;
  private dropped = 0;
  private lastId = '0-0';
  private readerOk = true;
  private readonly recent = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private reading: Promise<void> = Promise.resolve();

  private constructor(
    private readonly pub: Redis,
    private readonly reader: Redis,
    readonly channel: string,
    private readonly log: Logger,
    private readonly holdMs: number,
  ) {}

  /**
   * A server fails fast at start (a wrong REDIS_URL is a configuration error); once up, it reconnects for ever.
   * With `optional` (an `lci` command) an unreachable Redis is a warning: the command runs, and what it
   * publishes waits for Redis until it stops (its revocations reach the servers through the database).
   */
  static async connect(
    url: string,
    channel: string,
    log: Logger,
    o: { holdMs?: number; optional?: boolean } = {},
  ): Promise<RedisBus> {
    let started = false;
    const opts: RedisOptions = {
      lazyConnect: true,
      connectionName: 'lci-realtime',
      // Commands fail at once while disconnected: the outbox, not ioredis, keeps what waits for Redis.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 3000,
      retryStrategy: (times: number) => (started ? Math.min(times * 200, 2000) : null),
    };
    const pub = new Redis(url, { ...opts, commandTimeout: 3000 });
    // A read blocks at most READ_BLOCK_MS on the server; the client gives up on a dead connection a little later.
    const reader = new Redis(url, { ...opts, blockingTimeout: READ_BLOCK_MS + 3000 });
    let lastError: Error | undefined;
    for (const c of [pub, reader])
      c.on('error', (e: Error) => {
        lastError = e;
        if (started) log.debug({ err: e.message }, 'realtime bus: redis error');
      });
    let bus: RedisBus;
    try {
      await Promise.all([pub.connect(), reader.connect()]);
      bus = new RedisBus(pub, reader, channel, log, o.holdMs ?? OUTBOX_HOLD_MS);
      // Read from the stream's current end: older entries were for processes running before this one.
      const last = await pub.xrevrange(channel, '+', '-', 'COUNT', 1);
      if (last.length) bus.lastId = last[0][0];
      started = true;
    } catch (e) {
      const message = `Realtime bus: cannot connect to Redis at REDIS_URL (${(lastError ?? (e as Error)).message})`;
      if (!o.optional) {
        pub.disconnect();
        reader.disconnect();
        throw new Error(message);
      }
      log.warn(`${message}; continuing without it, messages for the servers wait for Redis`);
      started = true;
      bus = new RedisBus(pub, reader, channel, log, o.holdMs ?? OUTBOX_HOLD_MS);
      bus.lastId = `${Date.now()}-0`; // only what is published from now on
      for (const c of [pub, reader]) if (c.status === 'end' || c.status === 'wait') c.connect().catch(() => undefined);
    }
    pub.on('ready', () => {
      if (bus.outbox.length)
        log.info({ waiting: bus.outbox.length }, 'realtime bus: Redis is back, sending queued messages');
      void bus.pump();
    });
    pub.on('close', () => {
      if (!bus.closed)
        log.warn('realtime bus: Redis connection lost; messages for other processes are queued until it is back');
    });
    bus.timer = setInterval(() => {
      bus.expire();
      void bus.pump();
    }, 1000);
    bus.timer.unref();
    bus.reading = bus.readLoop();
    return bus;
  }

  async publish(envelope: BusEnvelope): Promise<void> {
    const id = crypto.randomUUID();
    const wire = JSON.stringify({ i: id, o: this.origin, r: envelope.room, m: envelope.message } satisfies Wire);
    // Locally at once, as a copy (the shape every process gets).
    const copy = JSON.parse(wire) as Wire;
    queueMicrotask(() => this.deliver({ room: copy.r, message: copy.m }));
    if (this.closed) return;
    this.outbox.push({ wire, at: Date.now() });
    if (this.outbox.length > OUTBOX_MAX)
      this.drop(this.outbox.length - OUTBOX_MAX, `more than ${OUTBOX_MAX} messages waiting`);
    void this.pump();
  }

  onMessage(handler: BusHandler): void {
    this.handlers.push(handler);
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    const waiting = this.outbox.length;
    const notes = [
      waiting ? `${waiting} message(s) waiting for Redis` : '',
      this.dropped ? `${this.dropped} message(s) dropped since start` : '',
    ]
      .filter(Boolean)
      .join('; ');
    if (this.pub.status !== 'ready')
      return { ok: false, detail: `Redis connection ${this.pub.status}${notes ? `; ${notes}` : ''}` };
    if (!this.readerOk) return { ok: false, detail: `cannot read the realtime stream${notes ? `; ${notes}` : ''}` };
    try {
      await this.pub.ping();
    } catch (e) {
      return { ok: false, detail: (e as Error).message };
    }
    return { ok: true };
  }

  /** Messages waiting for Redis and dropped since start (tests, /readyz). */
  stats(): { waiting: number; dropped: number } {
    return { waiting: this.outbox.length, dropped: this.dropped };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    // What is queued goes out if Redis answers within a moment (a CLI run's last messages); the rest is reported.
    const until = Date.now() + 2000;
    while (this.outbox.length && this.pub.status === 'ready' && Date.now() < until) {
      await this.pump(true);
      if (this.outbox.length) await new Promise((r) => setTimeout(r, 50));
    }
    if (this.outbox.length) this.drop(this.outbox.length, 'the process stopped while Redis was unreachable');
    this.handlers = [];
    this.reader.disconnect();
    await this.reading.catch(() => undefined);
    await this.pub.quit().catch(() => this.pub.disconnect());
  }

  private deliver(env: BusEnvelope): void {
    for (const h of this.handlers) {
      try {
        h(env);
      } catch (e) {
        this.log.warn({ err: (e as Error).message }, 'realtime bus: handler failed');
      }
    }
  }

  private drop(count: number, why: string): void {
    if (count <= 0) return;
    this.outbox.splice(0, count);
    this.dropped += count;
    this.log.error(
      { count, dropped: this.dropped },
      `realtime bus: ${count} message(s) not delivered to other server processes (${why})`,
    );
  }

  private expire(): void {
    const cutoff = Date.now() - this.holdMs;
    let n = 0;
    while (n < this.outbox.length && this.outbox[n].at < cutoff) n++;
    if (n) this.drop(n, `Redis unreachable for more than ${Math.round(this.holdMs / 1000)} s`);
  }

  /** Sends the outbox in order while Redis takes it; stops at the first failure (retried on 'ready' and every second). */
  private async pump(closing = false): Promise<void> {
    if (this.pumping || (this.closed && !closing)) return;
    this.pumping = true;
    try {
      while (this.outbox.length && this.pub.status === 'ready') {
        const batch = this.outbox.slice(0, 100);
        const pipe = this.pub.pipeline();
        const minId = String(Date.now() - STREAM_KEEP_MS);
        for (const p of batch) pipe.xadd(this.channel, 'MINID', '~', minId, '*', 'e', p.wire);
        pipe.pexpire(this.channel, STREAM_TTL_MS); // a deployment that is gone leaves nothing behind for long
        const results = await pipe.exec();
        // Entries are removed once Redis took them; a failed one and those after it stay, in order.
        let sent = 0;
        for (const [err] of (results ?? []).slice(0, batch.length)) {
          if (err) break;
          sent++;
        }
        for (const p of batch.slice(0, sent)) {
          const i = this.outbox[0] === p ? 0 : this.outbox.indexOf(p); // dropped meanwhile: already gone
          if (i >= 0) this.outbox.splice(i, 1);
        }
        if (sent < batch.length) break;
      }
    } catch (e) {
      this.log.debug({ err: (e as Error).message }, 'realtime bus: send failed; retried when Redis is back');
    } finally {
      this.pumping = false;
    }
  }

  private async readLoop(): Promise<void> {
    while (!this.closed) {
      try {
        const reply = (await this.reader.call(
          'XREAD',
          'COUNT',
          READ_COUNT,
          'BLOCK',
          READ_BLOCK_MS,
          'STREAMS',
          this.channel,
          this.lastId,
        )) as unknown[] | null;
        this.readerOk = true;
        // One stream per key: [[key, entries]] in RESP2, or [key, entries] as ioredis 6 answers a single one.
        const streams = (reply && typeof reply[0] === 'string' ? [reply] : (reply ?? [])) as [
          string,
          [string, string[]][],
        ][];
        for (const [, entries] of streams) {
          for (const [id, fields] of entries) {
            this.lastId = id;
            this.receive(fields);
          }
        }
      } catch (e) {
        if (this.closed) return;
        this.readerOk = this.reader.status === 'ready';
        this.log.debug({ err: (e as Error).message }, 'realtime bus: read failed; retrying');
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }

  private receive(fields: string[]): void {
    const raw = fields[fields.indexOf('e') + 1];
    let w: Wire;
    try {
      w = JSON.parse(raw) as Wire;
    } catch {
      this.log.warn('realtime bus: dropped a malformed message');
      return;
    }
    if (w.o === this.origin || this.recent.has(w.i)) return;
    this.recent.add(w.i);
    if (this.recent.size > 5000) this.recent.delete(this.recent.values().next().value as string);
    this.deliver({ room: w.r, message: w.m });
  }
}
