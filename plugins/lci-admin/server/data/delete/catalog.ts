/**
 * The tenant tables, read from the database catalogue rather than a hand list: every table of the schema with a
 * tenant_id column (the tenants table itself included), and the foreign keys between them.
 */
import type { Trx } from '../../../../../kernel/index';
import type { Reference } from './order';

export async function tenantTables(db: Trx): Promise<string[]> {
  const r = await db.raw(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
      and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and a.attnum > 0 and not a.attisdropped)
    order by 1`);
  return r.rows.map((x: { name: string }) => x.name);
}

/** Foreign keys from one of the tables to another (child -> parent). */
export async function tenantTableReferences(db: Trx, tables: string[]): Promise<Reference[]> {
  if (!tables.length) return [];
  const r = await db.raw(`
    select distinct ch.relname as "from", pa.relname as "to"
    from pg_constraint k
      join pg_class ch on ch.oid = k.conrelid join pg_namespace cn on cn.oid = ch.relnamespace
      join pg_class pa on pa.oid = k.confrelid join pg_namespace pn on pn.oid = pa.relnamespace
    where k.contype = 'f' and cn.nspname = current_schema() and pn.nspname = current_schema()
      and ch.relname = any(?::text[]) and pa.relname = any(?::text[])`, [tables, tables]);
  return r.rows as Reference[];
}

/** Rows of the tenant in each table (zero included). */
export async function countRows(db: Trx, tables: string[], tenantId: number): Promise<{ table: string; rows: number }[]> {
  const out: { table: string; rows: number }[] = [];
  for (const table of tables) {
    const [{ n }] = await db(table).where('tenant_id', tenantId).count({ n: '*' });
    out.push({ table, rows: Number(n) });
  }
  return out;
}
