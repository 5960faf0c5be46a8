/**
 * The order in which a tenant's rows are deleted: a table after every table that references it (children first),
 * so no foreign key is violated and no ON DELETE CASCADE does work out of sight. Ties alphabetical; tables in a
 * reference cycle come last, alphabetical (the database then refuses what cannot be deleted, and the whole
 * deletion rolls back). Pure.
 */
export interface Reference { from: string; to: string }

export function deletionOrder(tables: string[], refs: Reference[]): string[] {
  const pending = new Set(tables);
  const edges = refs.filter((r) => r.from !== r.to && pending.has(r.from) && pending.has(r.to));
  const order: string[] = [];
  for (;;) {
    // A table is free when no pending table other than itself still references it.
    const free = [...pending].filter((t) => !edges.some((e) => e.to === t && pending.has(e.from))).sort();
    if (!free.length) break;
    for (const t of free) { order.push(t); pending.delete(t); }
  }
  return [...order, ...[...pending].sort()];
}

/** The typed confirmation: the tenant's name exactly (surrounding spaces ignored, case counts). */
export function confirmationMatches(tenantName: string, typed: string | undefined | null): boolean {
  return typeof typed === 'string' && typed.trim().length > 0 && typed.trim() === tenantName.trim();
}
