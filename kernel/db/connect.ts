/** Opens the embedded PGlite database (default) or PostgreSQL when a URL is given. */
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import knexFactory from 'knex';
import ClientPgLite from 'knex-pglite';
import pg from 'pg';
import { Database } from './database';
import { postgresDatabase } from './logins';
import { openEmbedded, SessionGate, type WhenInUse } from './embedded';
import { parkEmbedded, takeKeptEmbedded } from './embedded/kept';

// bigint (int8) as JS number: ids stay well below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * knex-pglite names a delete's command "DEL" (from knex's method "del"), so knex
 * answers the raw result instead of the number of rows deleted, unlike on
 * PostgreSQL. Same behaviour on both engines: map it to DELETE.
 */
class PgLiteClient extends (ClientPgLite as unknown as new (...args: unknown[]) => {
  processResponse(obj: { method?: string }, runner: unknown): unknown;
  acquireConnection(): Promise<unknown>;
  releaseConnection(c: unknown): Promise<unknown>;
}) {
  override processResponse(obj: { method?: string }, runner: unknown): unknown {
    return super.processResponse(obj.method === 'del' ? { ...obj, method: 'delete' } : obj, runner);
  }

  /** The session, shared with the `lci` commands a serving process offers it to (embedded/gate.ts): held per query or transaction. */
  readonly gate = new SessionGate();
  private leave?: () => void;
  override async acquireConnection(): Promise<unknown> {
    const c = await super.acquireConnection();
    this.leave = await this.gate.enter();
    return c;
  }
  override releaseConnection(c: unknown): Promise<unknown> {
    const leave = this.leave;
    this.leave = undefined;
    leave?.();
    return super.releaseConnection(c);
  }

  /** Closes the session's PGlite, unless a test keeps its folder open between commands (embedded/kept.ts). */
  async destroyRawConnection(c: PGlite): Promise<void> {
    const filename = (this as unknown as { config: { connection?: { filename?: string } } }).config.connection
      ?.filename;
    if (filename && (await parkEmbedded(filename, c))) return;
    await c.close();
  }
}

interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded database is used. */
  databaseUrl?: string;
  /** PostgreSQL: the system role's login (DATABASE_SYSTEM_URL); then databaseUrl must be the application role's (logins.ts). */
  systemUrl?: string;
  /** Folder of the embedded database; 'memory://' keeps it in memory. */
  dataDir?: string;
  /** Embedded: when a live process holds the folder, refuse (default) or use the database a running server offers (`lci`); `holder` names this process in the lock. */
  whenInUse?: WhenInUse;
  holder?: string;
  poolMax?: number;
  /**
   * PostgreSQL: how long a query waits for a pooled connection (and a new
   * connection for its handshake) before it fails with a DatabaseUnavailable
   * (503); default DEFAULT_ACQUIRE_TIMEOUT_MS.
   */
  acquireTimeoutMs?: number;
}

/** LCI_DB_ACQUIRE_TIMEOUT_MS's default: a request fails fast while PostgreSQL is down. */
const DEFAULT_ACQUIRE_TIMEOUT_MS = 3000;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const timeout = opts.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
    const knex = knexFactory({
      client: 'pg',
      connection: { connectionString: opts.databaseUrl, connectionTimeoutMillis: timeout },
      pool: { min: 0, max: opts.poolMax ?? 10 },
      acquireConnectionTimeout: timeout,
    });
    await knex.raw('select 1');
    return postgresDatabase(knex, opts.systemUrl);
  }
  const dir = opts.dataDir ?? './data';
  const open = async (connection: Record<string, unknown>) => {
    const knex = knexFactory({
      client: PgLiteClient as unknown as typeof knexFactory.Client,
      dialect: 'postgres',
      connection,
      useNullAsDefault: false,
    } as never);
    await knex.raw('select 1');
    return knex;
  };
  if (dir === 'memory://') return new Database(await open({}), 'pglite');
  // A folder: one process at a time (embedded/index.ts: the lock, or the running server's database).
  return openEmbedded(dir, opts, async (dbDir) => {
    fs.mkdirSync(dbDir, { recursive: true });
    const kept = await takeKeptEmbedded(dbDir);
    return open(kept ? { filename: dbDir, pglite: kept } : { filename: dbDir });
  });
}
