/** One-time codes on a real database: single use, expiry, replacement, burning after wrong tries, stored hashed. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/connect';
import type { Database } from '../db/database';
import { migrate } from '../db/migrator';
import { PATHS } from '../paths';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, VerificationCodes } from './codes';

let db: Database;
let dir: string;
let userId: number;
let now = Date.UTC(2026, 0, 1);
const codes = new VerificationCodes('test-secret-test-secret-test-secret', () => now);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-codes-'));
  db = await openDatabase({ dataDir: dir });
  await migrate(db.knex, [{ owner: 'kernel', dir: PATHS.kernelMigrations }]);
  userId = Number(
    (await db.knex('users').insert({ username: 'c@x.example', email: 'c@x.example' }).returning('user_id'))[0].user_id,
  );
});
afterAll(async () => {
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('a code is six digits, stored only hashed, and works once', async () => {
  const code = await codes.issue(db.knex, userId, 'password_reset');
  expect(code).toMatch(/^\d{6}$/);
  const rows = await db.knex('verification_codes').where({ user_id: userId });
  expect(JSON.stringify(rows)).not.toContain(code);
  expect(await codes.consume(db.knex, userId, 'password_reset', code)).toBe('ok');
  expect(await codes.consume(db.knex, userId, 'password_reset', code)).toBe('expired');
});

test('a code is bound to its purpose', async () => {
  const code = await codes.issue(db.knex, userId, 'confirm_signup');
  expect(await codes.consume(db.knex, userId, 'password_reset', code)).toBe('expired');
  expect(await codes.consume(db.knex, userId, 'confirm_signup', code)).toBe('ok');
});

test('a code expires after 10 minutes', async () => {
  const code = await codes.issue(db.knex, userId, 'sms_mfa');
  now += CODE_TTL_MS + 1;
  expect(await codes.consume(db.knex, userId, 'sms_mfa', code)).toBe('expired');
});

test('a new code replaces the open one', async () => {
  const first = await codes.issue(db.knex, userId, 'password_reset');
  const second = await codes.issue(db.knex, userId, 'password_reset');
  if (first !== second) expect(await codes.consume(db.knex, userId, 'password_reset', first)).toBe('mismatch');
  expect(await codes.consume(db.knex, userId, 'password_reset', second)).toBe('ok');
});

test(`${CODE_MAX_ATTEMPTS} wrong tries burn the code`, async () => {
  const code = await codes.issue(db.knex, userId, 'password_reset');
  for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
    expect(await codes.consume(db.knex, userId, 'password_reset', wrong(code))).toBe('mismatch');
  expect(await codes.consume(db.knex, userId, 'password_reset', code)).toBe('expired');
});
