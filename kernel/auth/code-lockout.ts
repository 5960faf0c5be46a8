/**
 * Wrong one-time codes counted per user across sign-ins and code requests, in
 * the database (table code_failures), like the e-mail lockout of sign-in
 * (login/lockout.ts): 10 wrong codes of one kind within 15 minutes lock that
 * kind for the user until the oldest failure leaves the window (ASVS 6.3).
 * Kinds: 'mfa' (authenticator app, SMS code, MFA set-up: the second sign-in
 * step), 'confirm_signup', 'password_reset'. While locked even the right code
 * is refused. `lci user unlock` clears every kind.
 */
import type { Knex } from 'knex';
import { HttpError } from '../http/errors';

export type CodeLockKind = 'mfa' | 'confirm_signup' | 'password_reset';

export const CODE_LOCK_LIMIT = 10;
export const CODE_LOCK_WINDOW_MS = 15 * 60_000;
export const CODE_LOCK_AUDIT = { locked: 'auth.codes.locked', unlocked: 'auth.codes.unlocked' } as const;
export const MSG_CODES_LOCKED =
  'Too many wrong codes. This step is locked for 15 minutes; please try again later or ask your administrator to unlock your account.';
export const CODES_LOCKED = { status: 429, code: 'LimitExceededException', message: MSG_CODES_LOCKED } as const;
export const codesLocked = () => new HttpError(429, MSG_CODES_LOCKED, 'LimitExceededException');

const TABLE = 'code_failures';

/** Called on the failure that reaches the limit (in the same transaction), e.g. to audit the lock. */
type OnCodesLocked = (db: Knex, e: { userId: number; kind: CodeLockKind; failures: number }) => Promise<void>;

export class CodeLockout {
  constructor(
    private readonly onLocked?: OnCodesLocked,
    readonly limit = CODE_LOCK_LIMIT,
    readonly windowMs = CODE_LOCK_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  private since(): Date {
    return new Date(this.now() - this.windowMs);
  }

  /** Wrong codes of this kind within the window. `db`: a system-scope transaction or the owner connection. */
  async count(db: Knex, userId: number, kind: CodeLockKind): Promise<number> {
    const row = await db(TABLE)
      .where({ user_id: userId, kind })
      .where('failed_at', '>', this.since())
      .count({ n: '*' })
      .first();
    return Number(row?.n ?? 0);
  }

  async locked(db: Knex, userId: number, kind: CodeLockKind): Promise<boolean> {
    return (await this.count(db, userId, kind)) >= this.limit;
  }

  /** Records one wrong code; true when this one locks the kind. Drops rows that left the window. */
  async fail(db: Knex, userId: number, kind: CodeLockKind): Promise<boolean> {
    await db(TABLE).insert({ user_id: userId, kind, failed_at: new Date(this.now()) });
    await db(TABLE).where('failed_at', '<', this.since()).delete();
    const failures = await this.count(db, userId, kind);
    if (failures !== this.limit) return false;
    await this.onLocked?.(db, { userId, kind, failures });
    return true;
  }
}

/** Clears every kind for the user (`lci user unlock`); returns the wrong codes counted in the window. */
export async function unlockCodes(db: Knex, userId: number): Promise<number> {
  const row = await db(TABLE)
    .where({ user_id: userId })
    .where('failed_at', '>', new Date(Date.now() - CODE_LOCK_WINDOW_MS))
    .count({ n: '*' })
    .first();
  await db(TABLE).where({ user_id: userId }).delete();
  return Number(row?.n ?? 0);
}
