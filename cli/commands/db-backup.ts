/**
 * The backup `lci db rollback` takes before it undoes anything, into LCI_DATA_DIR/backups/<UTC time>-<reason>/:
 * embedded, a copy of the PGlite folder (pg/) taken while this process holds the folder's lock (no server has it
 * open); PostgreSQL, a pg_dump of the database (custom format) when pg_dump is on PATH.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { closeKeptEmbedded, hasParkedEmbedded } from '../../kernel/db/embedded/kept';
import { DataDirInUse, DataDirLock, describeHolder } from '../../kernel/db/embedded/lock';
import { CliError } from '../errors';

/** "2026-11-29T07-40-12Z": a UTC time that sorts and is a valid folder name everywhere. */
function backupStamp(at = new Date()): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

function backupFolder(dataDir: string, reason: string): string {
  const dir = path.join(path.resolve(dataDir), 'backups', `${backupStamp()}-${reason}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The executable `name` on PATH, or undefined. */
function onPath(name: string): string | undefined {
  for (const d of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const f = path.join(d, name);
    try {
      fs.accessSync(f, fs.constants.X_OK);
      if (fs.statSync(f).isFile()) return f;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

/**
 * Copies <dataDir>/pg while holding the folder's lock; refuses when a live process (a server) holds it. The caller
 * has closed its own database first, so the files are complete. Returns the backup folder.
 */
export async function backupEmbedded(dataDir: string, reason: string, holder: string): Promise<string> {
  const src = path.join(path.resolve(dataDir), 'pg');
  if (!fs.existsSync(src)) throw new CliError(`${src} does not exist: no embedded database to back up`);
  // Tests keep the folder's PGlite open between in-process commands (kept.ts): closed, so the copy is complete.
  if (hasParkedEmbedded(dataDir)) await closeKeptEmbedded(dataDir, false);
  let lock: DataDirLock;
  try {
    lock = DataDirLock.acquire(dataDir, holder);
  } catch (e) {
    if (e instanceof DataDirInUse)
      throw new CliError(`${describeHolder(dataDir, e.holder)}; stop it before rolling back (nothing was changed)`);
    throw e;
  }
  try {
    const dest = path.join(backupFolder(dataDir, reason), 'pg');
    fs.cpSync(src, dest, { recursive: true });
    return path.dirname(dest);
  } finally {
    lock.release();
  }
}

/** pg_dump of the database at `url` into the backup folder; refuses when pg_dump is not on PATH or fails. */
export async function backupPostgres(dataDir: string, url: string, reason: string): Promise<string> {
  const pgDump = onPath('pg_dump');
  if (!pgDump)
    throw new CliError(
      'pg_dump is not on PATH: install the PostgreSQL client tools to back up first, or pass --no-backup (nothing was changed)',
    );
  const dir = backupFolder(dataDir, reason);
  const file = path.join(dir, 'database.dump');
  try {
    await promisify(execFile)(pgDump, ['--format=custom', `--file=${file}`, `--dbname=${url}`], {
      maxBuffer: 16 << 20,
    });
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    const err = e as { stderr?: string; message: string };
    throw new CliError(`pg_dump failed (nothing was changed): ${(err.stderr || err.message).trim()}`);
  }
  return file;
}
