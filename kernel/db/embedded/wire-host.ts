/**
 * Offers an embedded PGlite database over the PostgreSQL wire protocol on a
 * loopback port, so `lci` commands reach the serving process's database (one
 * database, never a second process on the same files). A client
 * authenticates with the secret of the data directory's lock file (cleartext
 * password: loopback only); its messages then go to PGlite's own protocol
 * handler while it holds the session gate (gate.ts), from its first message
 * until PGlite reports the session idle outside a transaction. A client that
 * leaves mid-transaction, or stays idle in one, is rolled back.
 *
 * Why not @electric-sql/pglite-socket: it pins @electric-sql/pglite to an
 * exact older version (peer dependency, npm refuses to install it beside
 * ours), and its query queue cannot see the transactions the server's own
 * knex opens on the same session.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from '../../log';
import type { SessionGate } from './gate';
import type { Endpoint } from './lock';

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const MAX_STARTUP = 10_000;
/** A client idle inside a transaction this long is disconnected (it blocks the server's own requests). */
const IDLE_IN_TRANSACTION_MS = 30_000;

export interface WireHost {
  endpoint: Endpoint;
  close(): Promise<void>;
}
interface WireHostOptions {
  pglite: PGlite;
  gate: SessionGate;
  token: string;
  log: Logger;
  idleInTransactionMs?: number;
}

function digest(s: string | Buffer): Buffer {
  return crypto.createHash('sha256').update(s).digest();
}

function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0`, 'utf8'), Buffer.from([0])]);
  const head = Buffer.alloc(5);
  head.write('E', 0);
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/** Status byte of the last ReadyForQuery in a run of backend messages ('I' idle, 'T' in a transaction, 'E' failed one), or null. */
function lastReadyStatus(out: Uint8Array): string | null {
  const b = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  let status: string | null = null;
  for (let i = 0; i + 5 <= b.length;) {
    const len = b.readUInt32BE(i + 1);
    if (b[i] === 0x5a && len === 5 && i + 5 < b.length) status = String.fromCharCode(b[i + 5]);
    i += 1 + len;
  }
  return status;
}

class WireClient {
  private buf = Buffer.alloc(0);
  private phase: 'startup' | 'password' | 'ready' | 'closed' = 'startup';
  private startup?: Buffer;
  private leave: (() => void) | null = null;
  private idle?: NodeJS.Timeout;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: net.Socket,
    private readonly o: WireHostOptions,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.schedule(() => this.drain());
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.schedule(() => this.cleanup()));
  }

  get done(): Promise<void> {
    return this.chain;
  }
  destroy(): void {
    this.socket.destroy();
  }

  private schedule(fn: () => Promise<void>): void {
    this.chain = this.chain.then(fn).catch((e) => {
      this.o.log.warn({ err: (e as Error).message }, 'embedded database: client connection failed');
      this.socket.destroy();
    });
  }

  private async drain(): Promise<void> {
    while (this.phase !== 'closed') {
      if (this.phase === 'startup') {
        if (this.buf.length < 8) return;
        const len = this.buf.readInt32BE(0);
        if (len < 8 || len > MAX_STARTUP) return this.refuse('08P01', 'invalid startup packet');
        if (this.buf.length < len) return;
        const msg = this.buf.subarray(0, len);
        this.buf = this.buf.subarray(len);
        const code = msg.readInt32BE(4);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          this.socket.write('N');
          continue;
        }
        if (code !== PROTOCOL_3) return this.refuse('08P01', 'unsupported protocol');
        this.startup = Buffer.from(msg);
        // AuthenticationCleartextPassword: the secret of the lock file.
        const ask = Buffer.alloc(9);
        ask.write('R', 0);
        ask.writeInt32BE(8, 1);
        ask.writeInt32BE(3, 5);
        this.socket.write(ask);
        this.phase = 'password';
        continue;
      }
      if (this.buf.length < 5) return;
      const type = String.fromCharCode(this.buf[0]);
      const total = 1 + this.buf.readInt32BE(1);
      if (total < 5) return this.refuse('08P01', 'invalid message length');
      if (this.buf.length < total) return;
      const msg = Buffer.from(this.buf.subarray(0, total));
      this.buf = this.buf.subarray(total);
      if (this.phase === 'password') {
        const given = msg.subarray(5, total - 1);
        if (type !== 'p' || !crypto.timingSafeEqual(digest(given), digest(this.o.token)))
          return this.refuse('28P01', 'password authentication failed');
        this.phase = 'ready';
        await this.exec(this.startup!);
        continue;
      }
      if (type === 'X') {
        this.socket.end();
        this.phase = 'closed';
        return;
      }
      await this.exec(msg);
    }
  }

  private refuse(code: string, message: string): void {
    this.phase = 'closed';
    this.socket.end(errorResponse(code, message));
  }

  /** One message to PGlite while holding the session; the session is given back once PGlite reports it idle. */
  private async exec(msg: Buffer): Promise<void> {
    if (!this.leave) this.leave = await this.o.gate.enter();
    clearTimeout(this.idle);
    const { pglite } = this.o;
    const out = await pglite.runExclusive(() => pglite.execProtocolRaw(new Uint8Array(msg), { syncToFs: true }));
    if (out.length && this.socket.writable) this.socket.write(out);
    if (lastReadyStatus(out) === 'I') this.release();
    else
      this.idle = setTimeout(() => {
        this.o.log.warn('embedded database: a client stayed idle inside a transaction; disconnected and rolled back');
        this.socket.destroy();
      }, this.o.idleInTransactionMs ?? IDLE_IN_TRANSACTION_MS);
  }

  private release(): void {
    clearTimeout(this.idle);
    const leave = this.leave;
    this.leave = null;
    leave?.();
  }

  /** After the client is gone: roll back what it left open and reset what it set, so the server's session is as before. */
  private async cleanup(): Promise<void> {
    const wasReady = this.phase === 'ready' || this.leave !== null;
    this.phase = 'closed';
    clearTimeout(this.idle);
    if (!wasReady) return;
    const { pglite } = this.o;
    if (!this.leave) this.leave = await this.o.gate.enter();
    try {
      if (!pglite.closed) {
        if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
        await pglite.exec('RESET ALL; DEALLOCATE ALL; CLOSE ALL');
      }
    } finally {
      this.release();
    }
  }
}

export async function hostPglite(o: WireHostOptions): Promise<WireHost> {
  const clients = new Set<WireClient>();
  const server = net.createServer((socket) => {
    const c = new WireClient(socket, o);
    clients.add(c);
    socket.on('close', () => {
      void c.done.finally(() => clients.delete(c));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    endpoint: { host: '127.0.0.1', port },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const c of clients) c.destroy();
      await Promise.allSettled([...clients].map((c) => c.done));
      await closed;
    },
  };
}
