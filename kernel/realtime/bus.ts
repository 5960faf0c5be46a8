/**
 * The realtime bus: carries room messages to every server process. In-process
 * for the embedded default; Redis pub/sub when REDIS_URL is set, so a publish
 * on one process reaches sockets connected to another.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Logger } from '../log';

export interface BusEnvelope { room: string; message: Record<string, unknown> }
export type BusHandler = (envelope: BusEnvelope) => void;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(envelope: BusEnvelope): Promise<void>;
  /** Called for every envelope published by any process (this one included). */
  onMessage(handler: BusHandler): void;
  close(): Promise<void>;
}

export class InProcessBus implements Bus {
  readonly kind = 'memory' as const;
  private handlers: BusHandler[] = [];
  async publish(envelope: BusEnvelope): Promise<void> {
    // Same shape as across processes: handlers get their own copy, delivered asynchronously.
    const copy = JSON.parse(JSON.stringify(envelope)) as BusEnvelope;
    queueMicrotask(() => { for (const h of this.handlers) h(copy); });
  }
  onMessage(handler: BusHandler): void { this.handlers.push(handler); }
  async close(): Promise<void> { this.handlers = []; }
}

export class RedisBus implements Bus {
  readonly kind = 'redis' as const;
  private handlers: BusHandler[] = [];
  private constructor(private readonly pub: Redis, private readonly sub: Redis, readonly channel: string, private readonly log: Logger) {}

  static async connect(url: string, channel: string, log: Logger): Promise<RedisBus> {
    // Fail fast at start (a wrong REDIS_URL is a configuration error); once up, reconnect for ever.
    let started = false;
    const opts = { lazyConnect: true, maxRetriesPerRequest: 3, connectionName: 'lci-realtime', retryStrategy: (times: number) => (started ? Math.min(times * 200, 5000) : null) };
    const pub = new Redis(url, opts);
    const sub = new Redis(url, opts);
    let lastError: Error | undefined;
    for (const c of [pub, sub]) c.on('error', (e: Error) => { lastError = e; if (started) log.warn({ err: e.message }, 'realtime bus: redis error'); });
    try {
      await Promise.all([pub.connect(), sub.connect()]);
      await sub.subscribe(channel);
      started = true;
    } catch (e) {
      pub.disconnect();
      sub.disconnect();
      throw new Error(`Realtime bus: cannot connect to Redis at REDIS_URL (${(lastError ?? (e as Error)).message})`);
    }
    const bus = new RedisBus(pub, sub, channel, log);
    sub.on('message', (ch: string, raw: string) => {
      if (ch !== channel) return;
      let env: BusEnvelope;
      try { env = JSON.parse(raw) as BusEnvelope; } catch { log.warn('realtime bus: dropped a malformed message'); return; }
      for (const h of bus.handlers) h(env);
    });
    return bus;
  }

  async publish(envelope: BusEnvelope): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(envelope));
  }
  onMessage(handler: BusHandler): void { this.handlers.push(handler); }
  async close(): Promise<void> {
    this.handlers = [];
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}

/**
 * The Redis channel of a deployment. Processes on the same database are one
 * deployment, so the channel is named after the database (its name, not its
 * host, which may be spelled differently from machine to machine).
 */
export function busChannel(databaseUrl: string | undefined, dataDir: string): string {
  const identity = databaseUrl ? `pg:${new URL(databaseUrl).pathname.replace(/^\//, '') || 'postgres'}` : `embedded:${path.resolve(dataDir)}`;
  return `lci:realtime:${crypto.createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}

export async function createBus(opts: { redisUrl?: string; databaseUrl?: string; dataDir: string; log: Logger }): Promise<Bus> {
  if (!opts.redisUrl) return new InProcessBus();
  return RedisBus.connect(opts.redisUrl, busChannel(opts.databaseUrl, opts.dataDir), opts.log);
}
