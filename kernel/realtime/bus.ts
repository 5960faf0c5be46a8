/**
 * The realtime bus: carries room messages to every server process. In-process
 * for the embedded default; a Redis stream when REDIS_URL is set, so a publish
 * on one process reaches sockets connected to another.
 *
 * Redis down (redis-bus.ts): a publish never waits for Redis. It is delivered
 * to this process's own sockets at once and queued for the others; the queue
 * is sent when Redis answers again, and the other processes read the stream
 * from where they stopped, so messages sent during an outage arrive when it
 * ends. A message still unsent after OUTBOX_HOLD_MS is dropped and reported
 * (error log, /readyz detail), never lost silently.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Logger } from '../log';
import { RedisBus } from './redis-bus';

export { RedisBus } from './redis-bus';

export interface BusEnvelope {
  room: string;
  message: Record<string, unknown>;
}
export type BusHandler = (envelope: BusEnvelope) => void;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  /** Resolves once the envelope is delivered locally and queued for the other processes (never waits for Redis). */
  publish(envelope: BusEnvelope): Promise<void>;
  /** Called for every envelope published by any process (this one included). */
  onMessage(handler: BusHandler): void;
  /** Whether the bus reaches the other processes now (/readyz). */
  health(): Promise<{ ok: boolean; detail?: string }>;
  close(): Promise<void>;
}

export class InProcessBus implements Bus {
  readonly kind = 'memory' as const;
  private handlers: BusHandler[] = [];
  async publish(envelope: BusEnvelope): Promise<void> {
    // Same shape as across processes: handlers get their own copy, delivered asynchronously.
    const copy = JSON.parse(JSON.stringify(envelope)) as BusEnvelope;
    queueMicrotask(() => {
      for (const h of this.handlers) h(copy);
    });
  }
  onMessage(handler: BusHandler): void {
    this.handlers.push(handler);
  }
  async health(): Promise<{ ok: boolean }> {
    return { ok: true };
  }
  async close(): Promise<void> {
    this.handlers = [];
  }
}

/**
 * The Redis channel of a deployment. Processes on the same database are one
 * deployment, so the channel is named after the database (its name, not its
 * host, which may be spelled differently from machine to machine).
 */
export function busChannel(databaseUrl: string | undefined, dataDir: string): string {
  const identity = databaseUrl
    ? `pg:${new URL(databaseUrl).pathname.replace(/^\//, '') || 'postgres'}`
    : `embedded:${path.resolve(dataDir)}`;
  return `lci:realtime:${crypto.createHash('sha256').update(identity).digest('hex').slice(0, 16)}`;
}

/** optional: Redis unreachable at start is a warning, not an error (an `lci` command; see RedisBus.connect). */
export async function createBus(opts: {
  redisUrl?: string;
  databaseUrl?: string;
  dataDir: string;
  log: Logger;
  optional?: boolean;
}): Promise<Bus> {
  if (!opts.redisUrl) return new InProcessBus();
  return RedisBus.connect(opts.redisUrl, busChannel(opts.databaseUrl, opts.dataDir), opts.log, {
    optional: opts.optional,
  });
}
