/**
 * The server secret without LCI_SECRET: made once in <dataDir>/secret (mode 0600, 32 random bytes) and reused; a file
 * others may read, a symbolic link or a file without a valid secret is refused with an error naming it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './index';
import { dataDirSecret, FORMER_DEVELOPMENT_SECRET, SecretFileError, withServerSecret } from './server-secret';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-secret-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const file = () => path.join(dir, 'secret');
const posix = process.platform !== 'win32';

test('the first start makes a random secret in <dataDir>/secret with mode 0600; later starts reuse it', () => {
  const first = dataDirSecret(dir, { hadData: false });
  expect(first.created).toBe(true);
  expect(first.file).toBe(file());
  expect(first.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(Buffer.from(first.secret, 'base64url')).toHaveLength(32);
  expect(fs.readFileSync(file(), 'utf8')).toBe(`${first.secret}\n`);
  if (posix) expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
  expect(first.formerSecrets).toEqual([]);
  const again = dataDirSecret(dir, { hadData: true });
  expect(again).toMatchObject({ secret: first.secret, created: false, formerSecrets: [] });
  // Another data directory gets another secret; no temporary file is left behind.
  const other = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-secret-'));
  expect(dataDirSecret(other, { hadData: false }).secret).not.toBe(first.secret);
  fs.rmSync(other, { recursive: true, force: true });
  expect(fs.readdirSync(dir)).toEqual(['secret']);
});

test('a start without LCI_SECRET gets the data directory secret; with LCI_SECRET the file is not touched', () => {
  const base = { NODE_ENV: 'development', LCI_DATA_DIR: dir };
  const c = loadConfig(base);
  expect(c).toMatchObject({ secret: '', secretSource: 'data-dir' });
  const { config } = withServerSecret(c);
  expect(config.secret).toBe(fs.readFileSync(file(), 'utf8').trim());
  expect(withServerSecret(loadConfig(base)).config.secret).toBe(config.secret);
  fs.rmSync(file());
  const explicit = withServerSecret(loadConfig({ ...base, LCI_SECRET: 'an-explicit-secret-of-some-length' }));
  expect(explicit.config.secret).toBe('an-explicit-secret-of-some-length');
  expect(explicit.made).toBeUndefined();
  expect(fs.existsSync(file())).toBe(false);
  // memory://: a secret for the process, no file.
  const mem = withServerSecret(loadConfig({ LCI_DATA_DIR: 'memory://' })).config.secret;
  expect(mem).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

(posix ? test : test.skip)('a secret file group or others may read is refused, naming the file', () => {
  fs.writeFileSync(file(), `${'a'.repeat(43)}\n`, { mode: 0o644 });
  fs.chmodSync(file(), 0o644);
  expect(() => dataDirSecret(dir, { hadData: false })).toThrow(SecretFileError);
  expect(() => dataDirSecret(dir, { hadData: false })).toThrow(
    new RegExp(
      `${file().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is readable or writable by group or others \\(mode 0644\\)`,
    ),
  );
  fs.chmodSync(file(), 0o640);
  expect(() => dataDirSecret(dir, { hadData: false })).toThrow(/mode 0640/);
  // Nothing was overwritten.
  expect(fs.readFileSync(file(), 'utf8')).toBe(`${'a'.repeat(43)}\n`);
  fs.chmodSync(file(), 0o600);
  expect(dataDirSecret(dir, { hadData: false }).secret).toBe('a'.repeat(43));
});

test('a file that holds no valid secret is refused, naming the file', () => {
  for (const text of [
    '',
    'short\n',
    `${'a'.repeat(42)}\n`,
    `${'a'.repeat(43)} x\n`,
    'lifecycle-development-secret-change-me',
  ]) {
    fs.writeFileSync(file(), text, { mode: 0o600 });
    expect(() => dataDirSecret(dir, { hadData: false })).toThrow(
      `The server secret file ${file()} does not hold a valid secret`,
    );
  }
});

(posix ? test : test.skip)('a symbolic link or a folder at the secret path is refused, and never followed', () => {
  const target = path.join(dir, 'elsewhere');
  fs.writeFileSync(target, `${'b'.repeat(43)}\n`, { mode: 0o600 });
  fs.symlinkSync(target, file());
  expect(() => dataDirSecret(dir, { hadData: false })).toThrow(/is a symbolic link/);
  fs.rmSync(file());
  // A dangling link: making the secret must not write through it.
  const dangling = path.join(dir, 'missing-target');
  fs.symlinkSync(dangling, file());
  expect(() => dataDirSecret(dir, { hadData: false })).toThrow(/is a symbolic link/);
  expect(fs.existsSync(dangling)).toBe(false);
  fs.rmSync(file());
  fs.mkdirSync(file());
  expect(() => dataDirSecret(dir, { hadData: false })).toThrow(/is not a regular file/);
});

test('a data directory that held data before its secret file still opens values sealed under the former default', () => {
  const made = dataDirSecret(dir, { hadData: true });
  expect(made.formerSecrets).toEqual([FORMER_DEVELOPMENT_SECRET]);
  expect(made.secret).not.toBe(FORMER_DEVELOPMENT_SECRET);
  expect(fs.existsSync(path.join(dir, 'secret.former-default'))).toBe(true);
  expect(dataDirSecret(dir, { hadData: true }).formerSecrets).toEqual([FORMER_DEVELOPMENT_SECRET]);
  fs.rmSync(path.join(dir, 'secret.former-default'));
  expect(dataDirSecret(dir, { hadData: true }).formerSecrets).toEqual([]);
});
