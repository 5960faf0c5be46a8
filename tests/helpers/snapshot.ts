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
  JSON.stringify(
    Object.keys(row)
      .sort()
      .map((c) => [c, row[c] instanceof Date ? (row[c] as Date).toISOString() : row[c]]),
  );

/**
 * Rows of the given tenants (all tenants when omitted) in every tenant table,
 * plus the users who are members of them, each row as a stable JSON string.
 */
export async function snapshot(
  k: Kernel,
  tenantIds?: number[],
  opts: { ignoreTables?: string[]; onlyTables?: string[] } = {},
): Promise<Snapshot> {
  const tables = (await tenantTables(k)).filter(
    (t) => !(opts.ignoreTables ?? []).includes(t) && (!opts.onlyTables || opts.onlyTables.includes(t)),
  );
  return k.db.withSystem(async (trx) => {
    const out: Snapshot = {};
    for (const table of tables) {
      const q = trx(table).select();
      if (tenantIds) q.whereIn('tenant_id', tenantIds);
      out[table] = ((await q) as Record<string, unknown>[]).map(stable).sort();
    }
    if (!opts.onlyTables || opts.onlyTables.includes(MEMBERS)) {
      const users = trx('users').select();
      if (tenantIds) users.whereIn('user_id', trx('tenant_users').select('user_id').whereIn('tenant_id', tenantIds));
      out[MEMBERS] = ((await users) as Record<string, unknown>[]).map(stable).sort();
    }
    return out;
  });
}

const MEMBERS = 'users(members)';

/**
 * One digest per table of `snapshot` (same rows), computed by the database in a single statement: comparing
 * digests finds the tables that changed without reading every row.
 */
export async function tableDigests(k: Kernel, tables: string[], tenantIds?: number[]): Promise<Record<string, string>> {
  const ids = tenantIds?.map(Number).filter(Number.isSafeInteger);
  const tenantFilter = ids ? ` where r.tenant_id in (${ids.join(',') || 'null'})` : '';
  const digest = (from: string, where: string) =>
    `md5(coalesce((select string_agg(r::text, E'\\n' order by r::text) from ${from} r${where}), ''))`;
  const parts = tables.map(
    (t) => `select '${t.replace(/'/g, "''")}' as t, ${digest(`"${t.replace(/"/g, '""')}"`, tenantFilter)} as h`,
  );
  const members = ids
    ? ` where r.user_id in (select user_id from tenant_users where tenant_id in (${ids.join(',') || 'null'}))`
    : '';
  parts.push(`select '${MEMBERS}' as t, ${digest('users', members)} as h`);
  const rows = await k.db.withSystem(
    async (trx) => (await trx.raw(parts.join(' union all '))).rows as { t: string; h: string }[],
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/**
 * Follows the tenant tables from call to call (the isolation probe and the fuzzer check after every route):
 * `changes()` answers what changed since the previous call, reading rows only of the tables whose digest moved.
 */
export class ChangeTracker {
  private constructor(
    private readonly k: Kernel,
    private readonly tables: string[],
    private readonly tenantIds: number[] | undefined,
    private rows: Snapshot,
    private digests: Record<string, string>,
  ) {}

  static async start(k: Kernel, tenantIds?: number[]): Promise<ChangeTracker> {
    const tables = await tenantTables(k);
    return new ChangeTracker(
      k,
      tables,
      tenantIds,
      await snapshot(k, tenantIds),
      await tableDigests(k, tables, tenantIds),
    );
  }

  async changes(): Promise<{ table: string; removed: string[]; added: string[] }[]> {
    const now = await tableDigests(this.k, this.tables, this.tenantIds);
    const moved = Object.keys(now).filter((t) => now[t] !== this.digests[t]);
    this.digests = now;
    if (!moved.length) return [];
    const fresh = await snapshot(this.k, this.tenantIds, { onlyTables: moved });
    const before = Object.fromEntries(moved.map((t) => [t, this.rows[t] ?? []]));
    this.rows = { ...this.rows, ...fresh };
    return diffSnapshots(before, fresh);
  }
}

/** Rows added, removed or changed between two snapshots, by table (empty when equal). */
export function diffSnapshots(
  before: Snapshot,
  after: Snapshot,
): { table: string; removed: string[]; added: string[] }[] {
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
