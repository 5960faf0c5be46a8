/**
 * A record as the database driver reads it, written from its API type `T` (inferred from the route's zod schema)
 * instead of listing the fields again: the `Num` fields (bigint ids, numeric columns) may arrive as text, the `Time`
 * fields (timestamps) as Date; the store's mapper turns them into the answer's numbers and ISO text. Types only.
 */
export type DbRow<T, Num extends keyof T = never, Time extends keyof T = never> = {
  [K in keyof T]: K extends Num ? T[K] | string : K extends Time ? T[K] | Date : T[K];
};
