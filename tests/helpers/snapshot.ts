/**
 * Per-tenant snapshots of every tenant-owned table (every table having
 * tenant_id, so plugin tables are included without edits), read through the
 * system scope. The isolation probe and the fuzzer compare them before and
 * after to prove a call changed nothing it should not.
 */
import type { Kernel } from '../../kernel/kernel';
import { tenantTablesRlsState } from '../../kernel/db/tenant-table';

export type Snapshot = Record<string, string[]>;

export async function tenantTables(k: Kernel): Promise<string[]> {
  return (await tenantTablesRlsState(k.db.knex)).map((t) => t.table);
}

const stable = (row: Record<string, unknown>): string =>
  JSON.stringify(Object.keys(row).sort().map((c) => [c, row[c] instanceof Date ? (row[c] as Date).toISOString() : row[c]]));

/**
 * Rows of the given tenants (all tenants when omitted) in every tenant table,
 * plus the users who are members of them, each row as a stable JSON string.
 */
export async function snapshot(k: Kernel, tenantIds?: number[], opts: { ignoreTables?: string[] } = {}): Promise<Snapshot> {
  const tables = (await tenantTables(k)).filter((t) => !(opts.ignoreTables ?? []).includes(t));
  return k.db.withSystem(async (trx) => {
    const out: Snapshot = {};
    for (const table of tables) {
      const q = trx(table).select();
      if (tenantIds) q.whereIn('tenant_id', tenantIds);
      out[table] = ((await q) as Record<string, unknown>[]).map(stable).sort();
    }
    const users = trx('users').select();
    if (tenantIds) users.whereIn('user_id', trx('tenant_users').select('user_id').whereIn('tenant_id', tenantIds));
    out['users(members)'] = ((await users) as Record<string, unknown>[]).map(stable).sort();
    return out;
  });
}

/** Rows added, removed or changed between two snapshots, by table (empty when equal). */
export function diffSnapshots(before: Snapshot, after: Snapshot): { table: string; removed: string[]; added: string[] }[] {
  const out: { table: string; removed: string[]; added: string[] }[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = new Set(before[table] ?? []);
    const a = new Set(after[table] ?? []);
    const removed = [...b].filter((r) => !a.has(r));
    const added = [...a].filter((r) => !b.has(r));
    if (removed.length || added.length) out.push({ table, removed, added });
  }
  return out;
}

/** Raw rows of one tenant in every tenant table (for collecting its ids and texts). */
export async function tenantRows(k: Kernel, tenantId: number): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = await tenantTables(k);
  return k.db.withSystem(async (trx) => {
    const out: Record<string, Record<string, unknown>[]> = {};
    for (const table of tables) out[table] = await trx(table).select().where('tenant_id', tenantId);
    return out;
  });
}
