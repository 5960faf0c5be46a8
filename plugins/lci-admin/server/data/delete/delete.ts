/**
 * Deleting a tenant's data, in the caller's one system-scope transaction: refuse unless the typed confirmation is
 * the tenant's name and nothing blocks; lock the tenant row; export everything first (streamed to storage, then read
 * back and verified: export.ts), and delete per table exactly the rows the export holds; move users who belong to
 * other tenants off it as their current tenant; delete the tenant's rows from every tenant table (children first,
 * the tenants row last); remove the users who belonged to this tenant only; then count again: if any row of the
 * tenant is left anywhere, throw (the transaction rolls back and nothing is deleted).
 */
import { badRequest, conflict, findTenant, moveUsersOffTenant, notFound, removeUsersWithoutMembership, type Kernel, type Trx } from '../../../../../kernel/index';
import { countRows, tenantTableReferences } from './catalog';
import type { DeletionPlan, DeletionResult } from '../../../shared/api';
import { exportTenant } from './export';
import { confirmationMatches, deletionOrder } from './order';
import { planDeletion } from './plan';


export const MSG_CONFIRM = 'Type the tenant\'s name exactly to confirm';

/** The plan, or the reason to refuse (not found, blocked, wrong confirmation). */
async function checkedPlan(db: Trx, tenantId: number, confirm: string | undefined): Promise<DeletionPlan> {
  const plan = await planDeletion(db, tenantId);
  if (!plan) throw notFound(`Tenant ${tenantId} not found`);
  if (plan.blockers.length) throw conflict(`Tenant ${tenantId} cannot be deleted: ${plan.blockers.join(' ')}`);
  if (!confirmationMatches(plan.name, confirm)) throw badRequest(`${MSG_CONFIRM}: "${plan.name}"`, [{ path: 'body.confirm', message: `must be the tenant's name "${plan.name}"` }]);
  return plan;
}

/** `onProgress`: `done` of `total` steps (the verified export, then one per tenant table deleted). */
export async function deleteTenantData(k: Kernel, db: Trx, tenantId: number, confirm: string | undefined, onProgress?: (done: number, total: number, label: string) => void): Promise<DeletionResult> {
  // Lock first, so two deletions (or a deletion and a rename) do not interleave; then plan under the lock.
  await findTenant(db, tenantId, { lock: true });
  const plan = await checkedPlan(db, tenantId, confirm);
  const steps = plan.tables.length + 1;
  onProgress?.(0, steps, 'exporting');
  const exported = await exportTenant(k, db, plan);
  onProgress?.(1, steps, 'exported');

  await moveUsersOffTenant(db, tenantId);
  const tables = plan.tables.map((t) => t.table);
  for (const [i, table] of deletionOrder(tables, await tenantTableReferences(db, tables)).entries()) {
    const deleted = Number(await db(table).where('tenant_id', tenantId).delete());
    onProgress?.(i + 2, steps, table);
    // Only what the verified export holds is deleted: a row that arrived after the export rolls everything back.
    if (deleted !== (exported.tables[table] ?? 0)) {
      throw conflict(`Tenant ${tenantId} changed during its deletion (${table}: ${exported.tables[table] ?? 0} rows exported, ${deleted} to delete); nothing was deleted, try again`);
    }
  }
  const removeIds = plan.usersRemoved.map((u) => u.userId);
  // Only users with no membership left (checked again in the statement itself); how many of them are left.
  const usersLeft = await removeUsersWithoutMembership(db, removeIds);

  const left = (await countRows(db, tables, tenantId)).filter((t) => t.rows > 0);
  if (left.length) throw new Error(`Deletion of tenant ${tenantId} left rows in ${left.map((t) => `${t.table} (${t.rows})`).join(', ')}; nothing was deleted`);
  if (usersLeft) throw new Error(`Deletion of tenant ${tenantId} could not remove ${usersLeft} of its users; nothing was deleted`);

  return {
    tenantId, name: plan.name, deleted: plan.tables.filter((t) => t.rows > 0), totalRows: plan.totalRows,
    usersRemoved: plan.usersRemoved.map(({ userId, username }) => ({ userId, username })),
    usersKept: plan.usersKept.map(({ userId, username }) => ({ userId, username })),
    export: exported,
  };
}

/** What the audit entry of a deletion keeps (tenant 0, target tenant:N). */
export function auditDetails(r: DeletionResult): Record<string, unknown> {
  return {
    tenantId: r.tenantId, tenantName: r.name, totalRows: r.totalRows, rows: Object.fromEntries(r.deleted.map((t) => [t.table, t.rows])),
    usersRemoved: r.usersRemoved.map((u) => u.username), usersKept: r.usersKept.map((u) => u.username), exportKey: r.export.key, exportSha256: r.export.sha256, exportBytes: r.export.bytes,
  };
}
