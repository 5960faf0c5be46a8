/**
 * The server side the route benchmarks share: the real kernel with HTTP on a fresh PostgreSQL database (production
 * settings, no jobs, no demo data), a one-connection pg pool on the same database for the hand-written SQL, and one
 * stop that removes all of it.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../../config';
import { startKernel } from '../../kernel/boot';
import type { Kernel } from '../../kernel/kernel';
import { PATHS } from '../../kernel/paths';
import { createPostgresDatabase } from '../../tests/helpers/server';
import { closeConnections } from './paired';

interface BenchServer {
  k: Kernel;
  config: Config;
  port: number;
  pool: pg.Pool;
  stop(): Promise<void>;
}

export async function startBenchServer(base: string, name: string): Promise<BenchServer> {
  const database = await createPostgresDatabase(base);
  const config = loadConfig({
    NODE_ENV: 'production',
    LCI_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LCI_API_KEY: 'bench-app-key-0123',
    DATABASE_URL: database.url,
    PORT: '0',
    LCI_BASE_URL: 'http://127.0.0.1',
    LCI_LOG_LEVEL: 'silent',
    LCI_SEED_DEMO: 'false',
    LCI_JOBS: 'false',
    LCI_DATA_DIR: path.join(PATHS.root, '.tmp', `bench-${name}-${process.pid}`),
  });
  const running = await startKernel({ config, http: true, workspace: false, jobs: false, seed: false });
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  return {
    k: running.k,
    config,
    port: (running.server!.address() as { port: number }).port,
    pool,
    stop: async () => {
      await pool.end();
      closeConnections();
      await running.k.stop();
      await database.drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
