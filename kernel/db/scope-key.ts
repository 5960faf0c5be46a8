/**
 * The signed tenant scope (PostgreSQL only; README, "Database roles").
 *
 * app.tenant_id is a plain transaction setting: SQL running as lci_app (an
 * injection in tenant A's request) can set it to any tenant. So on PostgreSQL
 * the tenant counts only with app.tenant_sig, a MAC over "<tenant>:<backend
 * pid>" under a random key in app_scope_key, a table lci_app cannot read.
 * app_tenant_id() (SECURITY DEFINER, owned by lci_system, which alone may
 * SELECT the key) checks it; every tenant policy and definer function reads
 * the tenant through it. The Node side reads the key once through the system
 * login and signs each scope for the pooled connection it runs on (lean-pg.ts);
 * the pid binding makes a signature seen elsewhere (pg_stat_activity shows a
 * literal-form scope statement's text to other lci_app sessions) useless on
 * any other connection.
 *
 * Limits: the binding is to the backend, not to the request, so a signature
 * that SQL of one request reads from pg_stat_activity (the literal form, sent
 * only with a raw multi-statement text without bindings) would count again if
 * a later injected request landed on that very backend; and a pooler that
 * moves clients between backends (transaction pooling) is not supported.
 *
 * MAC = hex(sha256(key || sha256(key || utf8("<tenant>:<pid>")))), computed
 * with PostgreSQL 13+ built-ins (no pgcrypto). PGlite (one in-process session,
 * no SQL boundary) keeps the unsigned setting.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { APP_ROLE, SYSTEM_ROLE, TENANT_SETTING, TENANT_SIG_SETTING } from './roles';

export const SCOPE_KEY_TABLE = 'app_scope_key';

/** The MAC the function checks, for a tenant on the backend with this pid. */
export function signTenant(key: Buffer, tenant: string, pid: number): string {
  const inner = crypto.createHash('sha256').update(key).update(`${tenant}:${pid}`, 'utf8').digest();
  return crypto.createHash('sha256').update(key).update(inner).digest('hex');
}

/** Whether this database signs its tenant scope (PostgreSQL after migration 0070). */
export async function scopeKeyInstalled(knex: Knex): Promise<boolean> {
  const r = await knex.raw(`select to_regclass(?) is not null as ok`, [SCOPE_KEY_TABLE]);
  return r.rows[0].ok === true;
}

/** The key, through a login allowed to read it (the system role, the owner, a superuser). Refuses clearly when missing. */
export async function loadScopeKey(knex: Knex): Promise<Buffer> {
  if (!(await scopeKeyInstalled(knex))) {
    throw new Error(
      `PostgreSQL: the tenant scope key (table ${SCOPE_KEY_TABLE}) is missing: run the migrations (\`lci db migrate\`) before starting`,
    );
  }
  const r = await knex.raw(`select key from ${SCOPE_KEY_TABLE}`);
  const key = r.rows[0]?.key as Buffer | undefined;
  if (!key || key.length < 32)
    throw new Error(`PostgreSQL: ${SCOPE_KEY_TABLE} holds no key of 32 bytes: run the migrations (\`lci db migrate\`)`);
  return key;
}

/** The checked tenant: app.tenant_id only with its signature for this backend, else NULL. */
export const SIGNED_TENANT_FUNCTION_SQL = `
  create or replace function app_tenant_id() returns bigint
  language plpgsql stable security definer set search_path = pg_catalog, public, pg_temp as $$
  declare
    t text := current_setting('${TENANT_SETTING}', true);
    s text := current_setting('${TENANT_SIG_SETTING}', true);
    k bytea;
  begin
    if t is null or t = '' or s is null or length(s) <> 64 then return null; end if;
    select key into k from ${SCOPE_KEY_TABLE};
    if k is null then return null; end if;
    if encode(sha256(k || sha256(k || convert_to(t || ':' || pg_backend_pid()::text, 'UTF8'))), 'hex') = s then
      return t::bigint;
    end if;
    return null;
  end $$`;

/** The key table: one row, readable by lci_system only (its owner aside). */
export async function createScopeKey(knex: Knex): Promise<void> {
  await knex.raw(
    `create table if not exists ${SCOPE_KEY_TABLE} (one boolean primary key default true check (one), key bytea not null check (length(key) >= 32))`,
  );
  // 32 random bytes from two version-4 UUIDs (gen_random_uuid: PostgreSQL 13+, a cryptographic source); 244 random bits.
  await knex.raw(`insert into ${SCOPE_KEY_TABLE} (key)
    select decode(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'hex') on conflict do nothing`);
  await restrictScopeKey(knex);
}

/** Nobody but lci_system (SELECT) reads the key; run after every grant of all tables (privileges.ts). */
export async function restrictScopeKey(knex: Knex): Promise<void> {
  await knex.raw(`revoke all on ${SCOPE_KEY_TABLE} from public`);
  await knex.raw(`revoke all on ${SCOPE_KEY_TABLE} from ${SYSTEM_ROLE}`);
  await knex.raw(`revoke all on ${SCOPE_KEY_TABLE} from ${APP_ROLE}`);
  await knex.raw(`grant select on ${SCOPE_KEY_TABLE} to ${SYSTEM_ROLE}`);
}
