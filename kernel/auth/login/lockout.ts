/**
 * The sign-in lockout, kept in the database (sign_in_failures) so it holds
 * across server processes and restarts: 10 failed sign-ins per e-mail and 200
 * per client address within 15 minutes lock that e-mail or address until the
 * oldest failure leaves the window. A successful sign-in clears the e-mail's
 * count; a password reset and `lci user unlock` clear it too. Keys are stored
 * as SHA-256 (no typed e-mails or addresses kept in clear).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Database } from '../../db/database';

const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_PER_EMAIL = 10;
export const LOCKOUT_PER_ADDRESS = 200;
const TABLE = 'sign_in_failures';

type LockoutKind = 'email' | 'address';

export const lockoutKeyHash = (kind: LockoutKind, key: string): string =>
  crypto
    .createHash('sha256')
    .update(`${kind}:${kind === 'email' ? key.trim().toLowerCase() : key}`, 'utf8')
    .digest('hex');

/** A failure counter of one kind. `db` (a system-scope transaction or the owner connection) may be passed to run inside it. */
export class SignInLockout {
  constructor(
    private readonly db: Database,
    readonly kind: LockoutKind,
    readonly limit: number,
    readonly windowMs = LOCKOUT_WINDOW_MS,
  ) {}

  private run<T>(db: Knex | undefined, fn: (q: Knex) => Promise<T>): Promise<T> {
    return db ? fn(db) : this.db.withSystem(fn);
  }

  private since(): Date {
    return new Date(Date.now() - this.windowMs);
  }

  /** Failures of this key within the window. */
  async count(key: string, db?: Knex): Promise<number> {
    return this.run(db, async (q) => {
      const row = await q(TABLE)
        .where({ kind: this.kind, key_hash: lockoutKeyHash(this.kind, key) })
        .where('failed_at', '>', this.since())
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    });
  }

  async blocked(keys: string[], db?: Knex): Promise<boolean> {
    for (const key of keys) if ((await this.count(key, db)) >= this.limit) return true;
    return false;
  }

  /** Records one failure per key; drops rows that left the window. */
  async fail(keys: string[], db?: Knex): Promise<void> {
    await this.run(db, async (q) => {
      await q(TABLE).insert(keys.map((key) => ({ kind: this.kind, key_hash: lockoutKeyHash(this.kind, key) })));
      await q(TABLE)
        .where('failed_at', '<', new Date(Date.now() - LOCKOUT_WINDOW_MS))
        .delete();
    });
  }

  /** Forgets the key's failures (unlock); returns how many were recorded in the window. */
  async clear(key: string, db?: Knex): Promise<number> {
    return this.run(db, async (q) => {
      const n = await this.count(key, q);
      await q(TABLE)
        .where({ kind: this.kind, key_hash: lockoutKeyHash(this.kind, key) })
        .delete();
      return n;
    });
  }
}

/** Clears the e-mail's sign-in lockout on a connection or system-scope transaction (the CLI's `lci user unlock`). */
export async function unlockEmail(db: Knex, email: string): Promise<number> {
  const hash = lockoutKeyHash('email', email);
  const row = await db(TABLE)
    .where({ kind: 'email', key_hash: hash })
    .where('failed_at', '>', new Date(Date.now() - LOCKOUT_WINDOW_MS))
    .count({ n: '*' })
    .first();
  await db(TABLE).where({ kind: 'email', key_hash: hash }).delete();
  return Number(row?.n ?? 0);
}

export function createSignInLockouts(db: Database): { byEmail: SignInLockout; byAddress: SignInLockout } {
  return {
    byEmail: new SignInLockout(db, 'email', LOCKOUT_PER_EMAIL),
    byAddress: new SignInLockout(db, 'address', LOCKOUT_PER_ADDRESS),
  };
}
