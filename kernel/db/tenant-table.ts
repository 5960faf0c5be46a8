/**
 * The one way to create a tenant-owned table: tenant_id NOT NULL, an index on
 * it, tenant_id leading the primary key, row-level security ENABLEd and
 * FORCEd with a policy on USING and WITH CHECK, and DML granted to the
 * application role. No tenant table can forget its policy.
 */
import type { Knex } from 'knex';
import { APP_ROLE, tenantPolicySql } from './roles';
import { scopeKeyInstalled } from './scope-key';

interface TenantTableOptions {
  /** Own id column (bigserial, globally unique); the primary key is (tenant_id, id). Omit with `primaryKey`. */
  id?: string;
  /** Explicit primary key columns after tenant_id (for join tables). */
  primaryKey?: string[];
}

export async function createTenantTable(
  knex: Knex,
  name: string,
  build: (t: Knex.CreateTableBuilder) => void,
  opts: TenantTableOptions = {},
): Promise<void> {
  await knex.schema.createTable(name, (t) => {
    t.bigInteger('tenant_id').notNullable();
    if (opts.id) t.bigIncrements(opts.id, { primaryKey: false });
    build(t);
    const pk = opts.primaryKey ?? (opts.id ? [opts.id] : []);
    if (pk.length === 0) throw new Error(`createTenantTable(${name}) needs an id or a primaryKey`);
    t.primary(['tenant_id', ...pk]);
    t.index(['tenant_id'], `${name}_tenant_id_idx`);
    if (opts.id) t.unique([opts.id], { indexName: `${name}_${opts.id}_key` });
  });
  await enableTenantRls(knex, name);
}

/**
 * Adds the tenant policy to an existing table that has tenant_id. On PostgreSQL
 * once the scope key exists (migration 0070) the policy reads the signed tenant
 * (scope-key.ts); PGlite and earlier migrations keep the plain setting.
 */
export async function enableTenantRls(knex: Knex, name: string): Promise<void> {
  await knex.raw(`alter table ?? enable row level security`, [name]);
  await knex.raw(`alter table ?? force row level security`, [name]);
  const expr = tenantPolicySql('tenant_id', await scopeKeyInstalled(knex));
  await knex.raw(`create policy tenant_isolation on ?? using ${expr} with check ${expr}`, [name]);
  await knex.raw(`grant select, insert, update, delete on ?? to ${APP_ROLE}`, [name]);
}

/**
 * A foreign key from a tenant table to another tenant table, always carrying
 * tenant_id so a row can never point into another tenant.
 */
export function tenantForeignKey(
  t: Knex.CreateTableBuilder | Knex.AlterTableBuilder,
  columns: string[],
  table: string,
  refColumns: string[],
  onDelete: 'cascade' | 'restrict' | 'set null' = 'restrict',
): void {
  const fk = t
    .foreign(['tenant_id', ...columns])
    .references(['tenant_id', ...refColumns])
    .inTable(table);
  // SET NULL names its columns (PostgreSQL 15+): a plain SET NULL would clear tenant_id too, which is NOT NULL.
  if (onDelete === 'set null') fk.onDelete(`SET NULL (${columns.map((c) => `"${c}"`).join(', ')})`);
  else if (onDelete === 'cascade') fk.onDelete('CASCADE');
}

/** Grants the application role access to a global (not tenant-owned) table. */
export async function grantApp(
  knex: Knex,
  table: string,
  privileges: ('select' | 'insert' | 'update' | 'delete')[],
): Promise<void> {
  await knex.raw(`grant ${privileges.join(', ')} on ?? to ${APP_ROLE}`, [table]);
}

/** Every table that has a tenant_id column, with its row-level security state. */
export async function tenantTablesRlsState(
  knex: Knex,
): Promise<{ table: string; rls: boolean; forced: boolean; policies: number }[]> {
  const r = await knex.raw(`
    select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
      (select count(*) from pg_policy p where p.polrelid = c.oid)::int as policies
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r','p')
      and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
    order by 1`);
  return r.rows;
}
