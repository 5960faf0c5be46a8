/** Option parsers and lookups shared by commands; each failure names the option at fault. */
import { InvalidArgumentError } from 'commander';
import { z } from 'zod';
import type { Knex } from 'knex';
import { CliError } from './errors';
import { findTenant } from '../kernel/tenancy/directory';
import { MSG_COMMON_PASSWORD } from '../common/texts';
import { isCommonPassword } from '../kernel/auth/common-passwords';

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n <= 0)
    throw new InvalidArgumentError('must be a positive whole number.');
  return n;
}

const email = z.string().trim().max(80, 'must be at most 80 characters').email('must be an e-mail address');
export function emailArg(value: string): string {
  const r = email.safeParse(value);
  if (!r.success) throw new InvalidArgumentError(`${r.error.issues[0].message}.`);
  return r.data;
}

export function nameArg(value: string): string {
  const v = value.trim();
  if (!v) throw new InvalidArgumentError('must not be empty.');
  if (v.length > 80) throw new InvalidArgumentError('must be at most 80 characters.');
  return v;
}

export function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function booleanArg(value: string): boolean {
  const v = value.trim().toLowerCase();
  if (['true', 'on', '1', 'yes'].includes(v)) return true;
  if (['false', 'off', '0', 'no'].includes(v)) return false;
  throw new InvalidArgumentError('must be true or false (on/off, yes/no, 1/0).');
}

/** The tenant row, or an error saying it does not exist. */
export async function requireTenant(db: Knex, tenantId: number): Promise<{ tenant_id: number; name: string }> {
  const t = await findTenant(db, tenantId);
  if (!t) throw new CliError(`tenant ${tenantId} does not exist`);
  return { tenant_id: t.tenantId, name: t.name };
}

/** Reads a password piped on stdin (first line). */
export async function readStdinPassword(): Promise<string> {
  if (process.stdin.isTTY) throw new CliError('--password-stdin expects the password piped on stdin');
  let data = '';
  for await (const chunk of process.stdin) data += chunk;
  const p = data.split(/\r?\n/)[0];
  if (p.length < 8 || p.length > 99) throw new CliError('the password must be 8 to 99 characters long');
  if (isCommonPassword(p)) throw new CliError(MSG_COMMON_PASSWORD);
  return p;
}
