/**
 * Where pg-boss keeps its queue. On PostgreSQL: the application database
 * (schema pgboss) through pg-boss's own pool, logged in as the system role
 * lci_system when the logins are separate (DATABASE_SYSTEM_URL; it owns the
 * schema, kernel/db/privileges.ts). Embedded: a separate PGlite
 * instance in <dataDir>/jobs, so pg-boss never runs inside an open request
 * transaction of the application's single PGlite session.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, type ConstructorOptions, type Db } from 'pg-boss';
import { registerJobsDatabase, sharedJobsConnection, type SessionGate } from '../db/embedded';

export interface JobsBackend {
  engine: 'pglite' | 'postgres';
  /** Options for new PgBoss(...): connection or db adapter. */
  options: ConstructorOptions;
  /** Closes what the backend opened itself (pg-boss closes its own pool). */
  close(): Promise<void>;
  /** Statements before pg-boss starts (kernel/jobs/upgrade.ts), on one connection closed after. */
  session<T>(
    fn: (sql: (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>,
  ): Promise<T>;
}

/** `session` over connection options: one pg client for the call. */
function clientSession(options: ConstructorOptions): JobsBackend['session'] {
  return async (fn) => {
    const client = new pg.Client({ ...options, application_name: 'lci-jobs-upgrade' } as pg.ClientConfig);
    await client.connect();
    try {
      return await fn(async (text, values) => (await client.query(text, values)).rows as Record<string, unknown>[]);
    } finally {
      await client.end().catch(() => {});
    }
  };
}

/**
 * pg-boss's db adapter on PGlite: pg-boss's own (`fromPglite`: parameterised statements through query(), statement
 * lists through exec() with the rows of every statement, a failed statement's transaction rolled back), each call
 * through the gate when `lci` commands beside a serving process share this session (kernel/db/embedded).
 */
export function pgliteAdapter(pg: PGlite, gate?: SessionGate): Db {
  const db = fromPglite(pg);
  const through = <T>(fn: () => Promise<T>): Promise<T> => (gate ? gate.run(fn) : fn());
  const adapter: Db = { executeSql: (text, values) => through(() => db.executeSql(text, values)) };
  const setSessionStatements = db.setSessionStatements?.bind(db);
  if (setSessionStatements)
    adapter.setSessionStatements = (statements) => through(() => setSessionStatements(statements));
  return adapter;
}

export async function openJobsBackend(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL: fail a connect after this long (a send never hangs while the database is down). */ connectTimeoutMs?: number;
}): Promise<JobsBackend> {
  if (opts.databaseUrl) {
    const options: ConstructorOptions = {
      connectionString: opts.databaseUrl,
      max: 4,
      application_name: 'lci-jobs',
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000,
    };
    return { engine: 'postgres', options, close: async () => {}, session: clientSession(options) };
  }
  let pg: PGlite;
  let gate: SessionGate | undefined;
  if (opts.dataDir === 'memory://') pg = await PGlite.create();
  else {
    // `lci` beside a running server: its queue, never the files (kernel/db/embedded).
    const shared = await sharedJobsConnection(opts.dataDir);
    if (shared && 'refused' in shared) throw new Error(shared.refused);
    if (shared) {
      const options = { ...shared.connection, max: 2 } as ConstructorOptions;
      return { engine: 'pglite', options, close: async () => {}, session: clientSession(options) };
    }
    const dir = path.resolve(opts.dataDir, 'jobs');
    fs.mkdirSync(dir, { recursive: true });
    pg = await PGlite.create(dir);
    gate = await registerJobsDatabase(opts.dataDir, pg);
  }
  const db = pgliteAdapter(pg, gate);
  return {
    engine: 'pglite',
    options: { db, backend: 'pglite' },
    session: (fn) => fn(async (text, values) => (await db.executeSql(text, values)).rows as Record<string, unknown>[]),
    close: async () => {
      if (!pg.closed) await pg.close();
    },
  };
}
