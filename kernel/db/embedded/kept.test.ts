/**
 * The embedded database kept open between in-process `lci` commands of a test (kept.ts): a close parks the PGlite
 * and releases the folder's lock, the next open takes the same instance back with its session reset, and an
 * instance whose files went away is closed instead of handed out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedPgliteDataDir } from '../../../tests/helpers/template-db';
import { openDatabase } from '../connect';
import { currentHolder } from './index';
import { closeKeptEmbedded, hasParkedEmbedded, keepEmbeddedOpen, takeKeptEmbedded } from './kept';

jest.setTimeout(120_000);

let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-kept-'));
  await seedPgliteDataDir(dataDir, {});
});
afterAll(async () => {
  await closeKeptEmbedded(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const pgliteOf = (db: Awaited<ReturnType<typeof openDatabase>>) => (db.knex.client as { pglite: unknown }).pglite;

test('a folder not kept closes its PGlite as before', async () => {
  const db = await openDatabase({ dataDir });
  await db.close();
  expect(hasParkedEmbedded(dataDir)).toBe(false);
});

test('kept: a close parks the instance and frees the lock; the next open gets it back with a fresh session', async () => {
  keepEmbeddedOpen(dataDir);
  const first = await openDatabase({ dataDir });
  const instance = pgliteOf(first);
  await first.knex.raw(`select set_config('app.left_over', 'yes', false)`);
  await first.knex.raw(`prepare left_over as select 1`);
  await first.knex.raw('create temporary table scratch (n int)');
  await first.close();
  expect(hasParkedEmbedded(dataDir)).toBe(true);
  expect(currentHolder(dataDir)).toBeNull();

  const second = await openDatabase({ dataDir });
  expect(pgliteOf(second)).toBe(instance);
  expect(hasParkedEmbedded(dataDir)).toBe(false);
  const r = await second.knex.raw(
    `select coalesce(current_setting('app.left_over', true), '') as v,
            (select count(*)::int from pg_prepared_statements) as prepared,
            to_regclass('pg_temp.scratch') is null as no_temp`,
  );
  expect(r.rows[0]).toEqual({ v: '', prepared: 0, no_temp: true });
  // The data is the folder's: what one command wrote, the next reads.
  await second.knex.raw(`insert into kernel_settings (key, value) values ('kept-test', '"1"'::jsonb)`);
  await second.close();
  const third = await openDatabase({ dataDir });
  expect((await third.knex('kernel_settings').where({ key: 'kept-test' }).first())?.value).toBe('1');
  await third.close();
});

test('an instance whose files went away is closed, not handed out; closeKeptEmbedded closes the parked one', async () => {
  keepEmbeddedOpen(dataDir);
  const db = await openDatabase({ dataDir });
  const instance = pgliteOf(db) as { closed: boolean };
  await db.close();
  const version = path.join(dataDir, 'pg', 'PG_VERSION');
  fs.renameSync(version, `${version}.aside`);
  try {
    expect(await takeKeptEmbedded(path.join(dataDir, 'pg'))).toBeUndefined();
    expect(instance.closed).toBe(true);
  } finally {
    fs.renameSync(`${version}.aside`, version);
  }

  const again = await openDatabase({ dataDir });
  const reopened = pgliteOf(again) as { closed: boolean };
  expect(reopened).not.toBe(instance);
  await again.close();
  expect(hasParkedEmbedded(dataDir)).toBe(true);
  await closeKeptEmbedded(dataDir);
  expect(reopened.closed).toBe(true);
  expect(hasParkedEmbedded(dataDir)).toBe(false);
});
