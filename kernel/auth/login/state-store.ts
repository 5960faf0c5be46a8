/** Login state between steps, kept with the provider's payloads (model LciLoginState, id = interaction uid). */
import type { Knex } from 'knex';
import { PgAdapter } from '../adapter';
import type { LoginStateStore } from './machine';
import type { LoginState } from './types';

export function loginStateStore(knex: Knex): LoginStateStore {
  const adapter = new PgAdapter(knex, 'LciLoginState');
  return {
    get: async (uid) => (await adapter.find(uid)) as unknown as LoginState | undefined,
    set: (uid, state, ttl) => adapter.upsert(uid, state as never, ttl),
    delete: (uid) => adapter.destroy(uid),
  };
}
