/**
 * `lci db rollback`: refuses without --yes off a terminal and on bad input (exit 2, nothing changed); with
 * `--steps 1 --yes --json` it backs up first, undoes the newest migration (pending again in `db status`), audits it,
 * and `db migrate` applies it again. Embedded PGlite; PostgreSQL with TEST_DATABASE_URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../kernel/db/connect';
import { cliSandbox, type CliSandbox } from './test-support';

jest.setTimeout(300_000);

let cli: CliSandbox;
beforeAll(async () => {
  cli = await cliSandbox();
});
afterAll(async () => {
  await cli?.cleanup();
});

type Status = { name: string; applied: boolean }[];
const pending = async () => ((await cli.json(['db', 'status'])) as Status).filter((m) => !m.applied).map((m) => m.name);

test('without a terminal and without --yes: exit 2 naming --yes; bad --steps or both targets: exit 2; nothing changed', async () => {
  const r = await cli.run(['db', 'rollback']);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/^error: .*--yes/);
  for (const args of [
    ['--steps', '0'],
    ['--steps', 'two'],
    ['--steps', '1', '--to', 'kernel/0010_identity'],
  ]) {
    const bad = await cli.run(['db', 'rollback', '--yes', ...args]);
    expect(bad.code).toBe(2);
  }
  const unknown = await cli.run(['db', 'rollback', '--yes', '--to', 'kernel/9999_nothing']);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toMatch(/kernel\/9999_nothing is not an applied migration/);
  expect(await pending()).toEqual([]);
  expect(fs.existsSync(path.join(cli.dataDir, 'backups'))).toBe(false);
});

test('--steps 1 --yes --json: backup first, the newest migration pending again, audited; migrate re-applies it', async () => {
  const before = (await cli.json(['db', 'status'])) as Status;
  const out: { rolledBack: string[]; backup: string } = await cli.json([
    'db',
    'rollback',
    '--steps',
    '1',
    '--yes',
    '--json',
  ]);
  expect(out.rolledBack).toHaveLength(1);
  const [undone] = out.rolledBack;
  expect(before.find((m) => m.name === undone)?.applied).toBe(true);
  expect(await pending()).toEqual([undone]);

  expect(path.dirname(out.backup).startsWith(path.join(cli.dataDir, 'backups'))).toBe(true);
  expect(out.backup).toMatch(/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-before-rollback/);
  if (cli.env.DATABASE_URL) expect(fs.statSync(out.backup).size).toBeGreaterThan(10_000);
  else expect(fs.existsSync(path.join(out.backup, 'pg', 'PG_VERSION'))).toBe(true);

  await cli.release();
  const db = await openDatabase({ databaseUrl: cli.env.DATABASE_URL, dataDir: cli.dataDir });
  try {
    const rows = await db.withSystem((trx) => trx('audit_log').where({ action: 'db.rollback' }).select('details'));
    expect(rows.map((r: { details: unknown }) => r.details)).toEqual([
      expect.objectContaining({ via: 'cli', rolledBack: [undone], backup: out.backup }),
    ]);
  } finally {
    await db.close();
  }

  expect(await cli.json(['db', 'migrate', '--json'])).toEqual({ applied: [undone] });
  expect(await pending()).toEqual([]);

  // --to: every migration applied after the named one (here the one before the newest: the newest alone).
  const names = before.map((m) => m.name);
  const previous = names[names.indexOf(undone) - 1];
  const to: { rolledBack: string[] } = await cli.json(['db', 'rollback', '--to', previous, '--yes']);
  expect(to.rolledBack).toEqual([undone]);
  expect(await pending()).toEqual([undone]);
  await cli.ok(['db', 'migrate']);
});
