#!/usr/bin/env node
/**
 * The server Playwright tests run against: `lci serve` (bin/lci.mjs, the
 * prebuilt CLI) on a fresh
 * temporary data folder, with the demo data loaded on first start and the
 * demo password taken from E2E_DEMO_PASSWORD. The folder is removed on exit.
 * E2E_DATA_DIR (set by playwright.config.ts, one per port) names the folder, so
 * a walkthrough can run `lci` beside this server (tests/e2e/shared-server.ts). With E2E_DATABASE_URL (CI) the
 * server runs on that PostgreSQL, in a fresh database of its own.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = process.env.E2E_PORT ?? '3197';
function freshDir(dir) {
  fs.rmSync(dir, { recursive: true, force: true }); // left over by a run that was killed
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}
const dataDir = process.env.E2E_DATA_DIR
  ? freshDir(process.env.E2E_DATA_DIR)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'lci-e2e-'));
const env = {
  ...process.env,
  PORT: port,
  LCI_BASE_URL: `http://localhost:${port}`,
  LCI_DATA_DIR: dataDir,
  LCI_SEED_DEMO: 'true',
  LCI_DEMO_PASSWORD: process.env.E2E_DEMO_PASSWORD ?? 'Demo#Lifecycle2024',
  LCI_LOG_LEVEL: process.env.LCI_LOG_LEVEL ?? 'warn',
};
delete env.DATABASE_URL;
delete env.REDIS_URL;
// E2E_DATABASE_URL (CI: .ci/run through scripts/test.mjs): the server runs on that PostgreSQL instead, in a database
// of its own made fresh (lci_e2e_<port>) and dropped on exit; `lci` beside it gets the same URL (shared-server.ts).
const pgBase = process.env.E2E_DATABASE_URL ? new URL(process.env.E2E_DATABASE_URL) : undefined;
const pgName = `lci_e2e_${port}`;
async function adminQuery(sql) {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: pgBase.href });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
if (pgBase) {
  await adminQuery(`drop database if exists ${pgName} with (force)`);
  await adminQuery(`create database ${pgName}`);
  const url = new URL(pgBase.href);
  url.pathname = `/${pgName}`;
  env.DATABASE_URL = url.href;
}

const child = spawn(process.execPath, [path.join(root, 'bin', 'lci.mjs'), 'serve'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const cleanup = async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgBase) await adminQuery(`drop database if exists ${pgName} with (force)`).catch(() => undefined);
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill('SIGTERM'));
child.on('exit', async (code, signal) => {
  await cleanup();
  process.exit(code ?? (signal ? 0 : 1));
});
