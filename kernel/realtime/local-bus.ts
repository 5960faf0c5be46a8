/**
 * The realtime bus between a serving process on the embedded database and the
 * `lci` commands that use its database (kernel/db/embedded): the server offers
 * a loopback endpoint behind the data directory's lock secret; a command's
 * kernel publishes there, and the server puts each envelope on its own bus,
 * so a maintenance switch, a flag change or a disabled user made by `lci`
 * reaches the server's sockets and access cache as the same change made in
 * the workspace does. Without Redis the command's bus is otherwise in-process
 * and reaches nobody.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import type { Kernel } from '../kernel';
import type { Logger } from '../log';
import { OPEN_JOBS_PATH, serverInUse } from '../db/embedded';
import type { Bus, BusEnvelope, BusHandler } from './bus';

const PATH = '/bus';
const MAX_BYTES = 1 << 20;
const INTERNAL_PREFIX = 'kernel:';

function sameSecret(given: string, token: string): boolean {
  const d = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(d(given), d(token));
}

/** Puts an envelope from a command on the server's bus, through the same calls the server's own code uses. */
export async function relayToRealtime(k: Kernel, env: BusEnvelope): Promise<void> {
  if (env.room.startsWith(INTERNAL_PREFIX))
    await k.realtime.publishInternal(env.room.slice(INTERNAL_PREFIX.length), env.message);
  else await k.realtime.publish(env.room as Parameters<Kernel['realtime']['publish']>[0], env.message);
}

/**
 * The server's endpoint, behind the bearer secret: POST /bus with one envelope;
 * POST /jobs/open opens the server's job queue (on first use otherwise), so a
 * command can use it rather than the files.
 */
export async function hostLocalBus(o: {
  token: string;
  log: Logger;
  deliver: (env: BusEnvelope) => Promise<void>;
  openJobs?: () => Promise<void>;
}): Promise<{ endpoint: { host: string; port: number }; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    if (req.method !== 'POST' || (req.url !== PATH && req.url !== OPEN_JOBS_PATH)) {
      res.writeHead(404).end();
      return;
    }
    if (!auth.startsWith('Bearer ') || !sameSecret(auth.slice(7), o.token)) {
      res.writeHead(401).end();
      return;
    }
    if (req.url === OPEN_JOBS_PATH) {
      req.resume();
      if (!o.openJobs) {
        res.writeHead(404).end();
        return;
      }
      o.openJobs().then(
        () => res.writeHead(204).end(),
        (e: Error) => {
          o.log.warn({ err: e.message }, 'local endpoint: opening the job queue failed');
          res.writeHead(503).end();
        },
      );
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BYTES) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      let env: BusEnvelope;
      try {
        env = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BusEnvelope;
        if (typeof env?.room !== 'string' || typeof env.message !== 'object' || env.message === null)
          throw new Error('not an envelope');
      } catch {
        res.writeHead(400).end();
        return;
      }
      o.deliver(env).then(
        () => res.writeHead(204).end(),
        (e: Error) => {
          o.log.warn({ err: e.message, room: env.room }, 'local bus: relay failed');
          res.writeHead(400).end();
        },
      );
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: { host: '127.0.0.1', port },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A command's bus: envelopes go to this process's handlers and to the running server. */
class ForwardingBus implements Bus {
  readonly kind = 'memory' as const;
  private handlers: BusHandler[] = [];
  private readonly pending = new Set<Promise<void>>();
  private failed: string | null = null;
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly log: Logger,
  ) {}

  async publish(envelope: BusEnvelope): Promise<void> {
    const copy = JSON.parse(JSON.stringify(envelope)) as BusEnvelope;
    queueMicrotask(() => {
      for (const h of this.handlers) h(copy);
    });
    const sent = fetch(this.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(envelope),
      signal: AbortSignal.timeout(5000),
    })
      .then((r) => {
        if (!r.ok) throw new Error(`the server answered ${r.status}`);
        this.failed = null;
      })
      .catch((e: Error) => {
        this.failed = e.message;
        throw e;
      });
    const tracked = sent.catch(() => {}).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
    await sent;
  }

  onMessage(handler: BusHandler): void {
    this.handlers.push(handler);
  }
  async health(): Promise<{ ok: boolean; detail?: string }> {
    return this.failed ? { ok: false, detail: `the running server's bus: ${this.failed}` } : { ok: true };
  }

  /** Waits for envelopes still on their way (an invalidation published without awaiting must still reach the server before the command exits). */
  async close(): Promise<void> {
    this.handlers = [];
    if (this.pending.size) this.log.debug({ pending: this.pending.size }, 'local bus: waiting for envelopes in flight');
    await Promise.allSettled([...this.pending]);
  }
}

/** The bus of a process that uses a running server's embedded database, if it does. */
export function serverBus(dataDir: string, log: Logger): Bus | undefined {
  const h = serverInUse(dataDir);
  const e = h?.offers?.bus;
  return e && h?.token ? new ForwardingBus(`http://${e.host}:${e.port}${PATH}`, h.token, log) : undefined;
}
