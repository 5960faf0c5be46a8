/** Small SQL helpers shared by the services. */
import type { Knex } from 'knex';
import type { Trx } from '../../../kernel/index';

/** A date column as YYYY-MM-DD text (the same on PGlite and PostgreSQL, no time zone shifts). */
export const dateCol = (db: Trx, column: string, alias: string): Knex.Raw =>
  db.raw(`to_char(??, 'YYYY-MM-DD') as ??`, [column, alias]);

/** numeric columns arrive as strings on one engine and numbers on the other. */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));
