/**
 * For tests that run many `lci` commands in one process on one embedded data directory (cli/test-support.ts): the
 * directory's PGlite stays open between commands. Each command still opens and closes its database as it always
 * does (the lock, the kernel's start and stop), but closing parks the PGlite instance here instead of shutting
 * PostgreSQL down, and the next open of the folder in this process takes it back: starting PostgreSQL in WASM again
 * cost about a second a command, most of a command's time. Only folders a test named with keepEmbeddedOpen are
 * kept; a server or a command in production never is.
 *
 * While parked the instance is the folder's PostgreSQL, still running: the test must close it
 * (closeKeptEmbedded) before another process opens the folder, and at its end. PGlite keeps one session, so a
 * parked instance is reset before the next command gets it (parkEmbedded).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** Folders whose PGlite is kept open, with the instance parked (null: none parked now). */
const kept = new Map<string, PGlite | null>();

const key = (dir: string) => path.resolve(dir);

/** Keeps the PGlite of this data directory open between opens in this process (until closeKeptEmbedded). */
export function keepEmbeddedOpen(dataDir: string): void {
  const k = key(dataDir);
  if (!kept.has(k)) kept.set(k, null);
}

/**
 * The parked PGlite of the folder holding the files at `filename` (<dataDir>/pg), taken out; else undefined. One
 * whose files went away meanwhile (`lci db reset` deletes the folder without opening it) is closed, not handed out.
 */
export async function takeKeptEmbedded(filename: string): Promise<PGlite | undefined> {
  const k = key(path.dirname(filename));
  const p = kept.get(k);
  if (!p) return undefined;
  kept.set(k, null);
  if (fs.existsSync(path.join(filename, 'PG_VERSION'))) return p;
  await p.close().catch(() => undefined);
  return undefined;
}

/**
 * Parks a PGlite whose database is closing, when its folder is kept: its session is reset first (an open
 * transaction rolled back; DISCARD ALL drops prepared statements, temporary tables, session settings and advisory
 * locks), so the next command starts as on a fresh start. Answers false when the folder is not kept (close it then).
 */
export async function parkEmbedded(filename: string, pglite: PGlite): Promise<boolean> {
  const k = key(path.dirname(filename));
  if (!kept.has(k) || kept.get(k) || pglite.closed) return false;
  try {
    await pglite.exec('ROLLBACK');
    await pglite.exec('DISCARD ALL');
  } catch {
    return false;
  }
  kept.set(k, pglite);
  return true;
}

/** Whether a PGlite of this folder is parked (open) now. */
export function hasParkedEmbedded(dataDir: string): boolean {
  return !!kept.get(key(dataDir));
}

/**
 * Closes the folder's parked PGlite (if any), so another process may open the files; `stopKeeping` (default true)
 * also stops keeping the folder (false: the next command's PGlite is parked again).
 */
export async function closeKeptEmbedded(dataDir: string, stopKeeping = true): Promise<void> {
  const k = key(dataDir);
  const p = kept.get(k);
  if (stopKeeping) kept.delete(k);
  else if (kept.has(k)) kept.set(k, null);
  if (p && !p.closed) await p.close();
}
