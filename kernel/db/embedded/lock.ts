/**
 * The lock of an embedded data directory (`<LCI_DATA_DIR>/lci.lock`): one
 * process at a time opens the PGlite files there (the application database
 * and the job queue). The file names its holder (pid, command, since) and,
 * for a serving process, where it offers the database to `lci` commands and
 * the secret they authenticate with; it is created with O_EXCL and mode 0600,
 * so only the local owner can read the secret. A lock whose process is gone
 * (dead pid, or a pid reused by another program: the start time recorded
 * from /proc differs) is stale and taken over.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'lci.lock';

export interface Endpoint {
  host: string;
  port: number;
}
export interface LockRecord {
  pid: number;
  /** Process start time from /proc (Linux), to tell a reused pid from the holder. */
  started: string | null;
  nonce: string;
  /** What holds it: 'lci serve' or the CLI command. */
  command: string;
  since: string;
  /** Set by a serving process once it listens. */
  http?: { port: number };
  /** Where the serving process offers its databases (wire protocol) and its realtime bus. */
  offers?: { db?: Endpoint; jobs?: Endpoint; bus?: Endpoint };
  /** Secret of the offers (password of the wire endpoints, bearer of the bus). */
  token?: string;
}

/** The data directory is held by a live process. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockRecord,
  ) {
    super(describeHolder(dataDir, holder));
    this.name = 'DataDirInUse';
  }
}

export function describeHolder(dataDir: string, h: LockRecord): string {
  const what = h.http
    ? `a running server (${h.command}, pid ${h.pid}, http port ${h.http.port})`
    : `${h.command} (pid ${h.pid})`;
  return `the embedded database in ${dataDir} is in use by ${what} since ${h.since}`;
}

function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime), counted after the command name in parentheses (which may contain spaces).
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(r: LockRecord): boolean {
  if (!(r.pid > 0)) return false;
  try {
    process.kill(r.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const now = processStart(r.pid);
  return !(r.started && now && now !== r.started);
}

function read(file: string): LockRecord | null {
  try {
    const r = JSON.parse(fs.readFileSync(file, 'utf8')) as LockRecord;
    return Number.isSafeInteger(r.pid) && typeof r.nonce === 'string'
      ? r
      : { pid: -1, started: null, nonce: '', command: 'unknown', since: '' };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Not a record (the holder writes complete files only): a dead holder.
    return { pid: -1, started: null, nonce: '', command: 'unknown', since: '' };
  }
}

/** The live holder of a data directory, or null when it is free (or its lock is stale). */
export function currentHolder(dataDir: string): LockRecord | null {
  const r = read(path.join(path.resolve(dataDir), LOCK_FILE));
  return r && alive(r) ? r : null;
}

export class DataDirLock {
  private released = false;
  private constructor(
    readonly dataDir: string,
    private record: LockRecord,
  ) {}

  get file(): string {
    return path.join(this.dataDir, LOCK_FILE);
  }
  get holder(): LockRecord {
    return this.record;
  }

  /**
   * Takes the lock or throws DataDirInUse naming the live holder. A stale lock
   * is moved aside and checked to be the one read as stale (another process
   * may have taken it over in between) before the lock is created again.
   */
  static acquire(dataDir: string, command: string): DataDirLock {
    const dir = path.resolve(dataDir);
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, LOCK_FILE);
    const record: LockRecord = {
      pid: process.pid,
      started: processStart(process.pid),
      nonce: crypto.randomBytes(12).toString('hex'),
      command,
      since: new Date().toISOString(),
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      const tmp = `${file}.${record.nonce}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(record), { mode: 0o600 });
      try {
        fs.linkSync(tmp, file); // atomic: fails when the lock exists
        return new DataDirLock(dir, record);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      } finally {
        fs.rmSync(tmp, { force: true });
      }
      const holder = read(file);
      if (!holder) continue;
      if (alive(holder)) throw new DataDirInUse(dir, holder);
      const aside = `${file}.stale-${record.nonce}`;
      try {
        fs.renameSync(file, aside);
      } catch {
        continue;
      }
      const moved = read(aside);
      if (moved && moved.nonce !== holder.nonce) {
        // Someone took the stale lock over first: give theirs back.
        try {
          fs.linkSync(aside, file);
        } catch {
          /* a third process holds it now */
        }
      }
      fs.rmSync(aside, { force: true });
    }
    const holder = read(file);
    throw holder ? new DataDirInUse(dir, holder) : new Error(`could not lock ${dir}`);
  }

  /** Adds what a serving process offers (written to a new file renamed into place: readers never see half a record). */
  update(patch: Partial<Pick<LockRecord, 'http' | 'offers' | 'token'>>): void {
    if (this.released) return;
    this.record = { ...this.record, ...patch, offers: { ...this.record.offers, ...patch.offers } };
    const tmp = `${this.file}.${this.record.nonce}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.record), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }

  /** Removes the lock if it is still ours. */
  release(): void {
    if (this.released) return;
    this.released = true;
    const r = read(this.file);
    if (r && r.nonce === this.record.nonce) fs.rmSync(this.file, { force: true });
  }
}
