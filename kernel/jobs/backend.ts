/**
 * Where pg-boss keeps its queue. On PostgreSQL: the application database
 * (schema pgboss) through pg-boss's own pool. Embedded: a separate PGlite
 * instance in <dataDir>/jobs, so pg-boss never runs inside an open request
 * transaction of the application's single PGlite session.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type PgBoss from 'pg-boss';

export interface JobsBackend {
  engine: 'pglite' | 'postgres';
  /** Options for new PgBoss(...): connection or db adapter. */
  options: PgBoss.ConstructorOptions;
  /** Closes what the backend opened itself (pg-boss closes its own pool). */
  close(): Promise<void>;
}

/**
 * pg-boss's db adapter on PGlite: parameterised statements through query(),
 * statement lists (schema creation, locked maintenance batches) through exec().
 * For exec the rows of the last statement that returns columns are answered.
 */
export function pgliteAdapter(pg: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length) {
        const r = await pg.query(text, values as unknown[]);
        return { rows: r.rows as unknown[] };
      }
      const results = await pg.exec(text);
      const withColumns = results.filter((r) => r.fields.length > 0);
      return { rows: ((withColumns[withColumns.length - 1] ?? results[results.length - 1])?.rows ?? []) as unknown[] };
    },
  } as PgBoss.Db;
}

export async function openJobsBackend(opts: { databaseUrl?: string; dataDir: string; /** PostgreSQL: fail a connect after this long (a send never hangs while the database is down). */ connectTimeoutMs?: number }): Promise<JobsBackend> {
  if (opts.databaseUrl) {
    return { engine: 'postgres', options: { connectionString: opts.databaseUrl, max: 4, application_name: 'lci-jobs', connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000 } as PgBoss.ConstructorOptions, close: async () => {} };
  }
  let pg: PGlite;
  if (opts.dataDir === 'memory://') pg = await PGlite.create();
  else {
    const dir = path.resolve(opts.dataDir, 'jobs');
    fs.mkdirSync(dir, { recursive: true });
    pg = await PGlite.create(dir);
  }
  return { engine: 'pglite', options: { db: pgliteAdapter(pg) }, close: async () => { if (!pg.closed) await pg.close(); } };
}
