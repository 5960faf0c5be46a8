/**
 * The server secret when LCI_SECRET is unset (outside production): a random one kept in the data directory, made on
 * the first start and read by every later start and by the `lci` commands on the same folder.
 *
 * - `<dataDir>/secret`: 32 random bytes, base64url (43 characters), one line; mode 0600, owned by the user that made
 *   it. Made atomically: written to a private temporary file and linked into place only if no file is there (two
 *   processes starting at once end up with the same secret); never through a symbolic link.
 * - A file that is a symbolic link, not a regular file, readable or writable by group or others, owned by another
 *   user, or that holds no valid secret is refused with an error naming the file (nothing is overwritten).
 * - `memory://` (a database that lives in the process): a random secret for the process, no file.
 * - A data directory that held data before it had a secret file was used with the former public development secret:
 *   values sealed under it (authenticator secrets, a plugin's credentials) still open, through `formerSecrets`, and
 *   are sealed under the new secret when next written. The mark `<dataDir>/secret.former-default` says so; a fresh
 *   data directory never gets it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './index';

export const SECRET_FILE = 'secret';
const FORMER_DEFAULT_MARK = 'secret.former-default';
/** The public secret every embedded start used before the data-directory secret: never a secret to sign with. */
export const FORMER_DEVELOPMENT_SECRET = 'lifecycle-development-secret-change-me';

const VALID = /^[A-Za-z0-9_-]{43,512}$/;
const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const POSIX = process.platform !== 'win32';

export class SecretFileError extends Error {
  constructor(
    public file: string,
    detail: string,
  ) {
    super(`The server secret file ${file} ${detail}`);
    this.name = 'SecretFileError';
  }
}

interface DataDirSecret {
  secret: string;
  /** The file it is kept in (undefined for memory://). */
  file?: string;
  /** This call made it (first start). */
  created: boolean;
  /** Secrets whose sealed values still open (the former public default of a data directory that predates the file). */
  formerSecrets: string[];
}

/**
 * Reads `<dataDir>/secret`, or makes it when there is none. `hadData`: the data directory already holds a database or
 * files from before (then the former public default's sealed values keep opening).
 */
export function dataDirSecret(dataDir: string, opts: { hadData: boolean }): DataDirSecret {
  if (dataDir === 'memory://')
    return { secret: crypto.randomBytes(32).toString('base64url'), created: true, formerSecrets: [] };
  const dir = path.resolve(dataDir);
  const file = path.join(dir, SECRET_FILE);
  const mark = path.join(dir, FORMER_DEFAULT_MARK);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let secret = readSecretFile(file);
  let created = false;
  if (secret === null) {
    if (opts.hadData) fs.writeFileSync(mark, `${markText()}\n`, { mode: 0o600 });
    const made = crypto.randomBytes(32).toString('base64url');
    created = createExclusive(file, made);
    secret = created ? made : readSecretFile(file);
    if (secret === null) throw new SecretFileError(file, 'vanished while it was being made; start again');
  }
  return { secret, file, created, formerSecrets: fs.existsSync(mark) ? [FORMER_DEVELOPMENT_SECRET] : [] };
}

function markText(): string {
  return (
    'This data directory was used with the former public development secret before it had its own secret file; ' +
    'values sealed then still open. Delete this file once every authenticator and credential has been set again.'
  );
}

/** The secret in file, null when there is no file; throws SecretFileError when the file may not be used. */
function readSecretFile(file: string): string | null {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | NOFOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code === 'ELOOP') throw new SecretFileError(file, 'is a symbolic link: refused (remove it to make a new one)');
    throw new SecretFileError(file, `cannot be read: ${(e as Error).message}`);
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new SecretFileError(file, 'is not a regular file');
    if (POSIX && (st.mode & 0o077) !== 0)
      throw new SecretFileError(
        file,
        `is readable or writable by group or others (mode ${(st.mode & 0o777).toString(8).padStart(4, '0')}): refused; chmod 600 it, and make a new secret if others may have read it`,
      );
    if (POSIX && typeof process.getuid === 'function' && st.uid !== process.getuid())
      throw new SecretFileError(file, `belongs to another user (uid ${st.uid}): refused`);
    const text = fs.readFileSync(fd, 'utf8').replace(/\r?\n$/, '');
    if (!VALID.test(text))
      throw new SecretFileError(
        file,
        'does not hold a valid secret (one line of at least 43 base64url characters): refused; delete it to make a new one, or set LCI_SECRET',
      );
    return text;
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes secret to file only if no file is there; false when another process was first. */
function createExclusive(file: string, secret: string): boolean {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  const fd = fs.openSync(tmp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NOFOLLOW, 0o600);
  try {
    if (POSIX) fs.fchmodSync(fd, 0o600);
    fs.writeSync(fd, `${secret}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    // link() never follows or replaces what is at file: EEXIST when a file (or a symbolic link) is there.
    fs.linkSync(tmp, file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new SecretFileError(file, `could not be made: ${(e as Error).message}`);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Whether the data directory's database may hold values sealed before it had a secret file: PostgreSQL (its data is
 * elsewhere) or an embedded database already there. Asked before the database is opened (which makes the folder).
 */
export function dataDirHadData(config: Pick<Config, 'databaseUrl' | 'dataDir'>): boolean {
  if (config.dataDir === 'memory://') return false;
  return !!config.databaseUrl || fs.existsSync(path.join(path.resolve(config.dataDir), 'pg'));
}

/**
 * The configuration with its server secret: as it is with LCI_SECRET; otherwise the data directory's (made on the
 * first start). `made` tells what was read or made, for the start's log line.
 */
export function withServerSecret(
  config: Config,
  hadData = dataDirHadData(config),
): { config: Config; made?: DataDirSecret } {
  if (config.secretSource === 'environment' && config.secret) return { config };
  const made = dataDirSecret(config.dataDir, { hadData });
  return { config: { ...config, secret: made.secret, formerSecrets: made.formerSecrets }, made };
}
