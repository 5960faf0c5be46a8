/**
 * The dry run of deleting a tenant's data: the rows per tenant table, the users removed with it (members of no
 * other tenant) and those kept (members of another tenant), and what blocks the deletion (child tenants of a
 * provider tenant, internal admins whose tenant it is). Reads only.
 */
import { findTenant, listMembers, listTenants, membershipCounts, type Trx } from '../../../../../kernel/index';
import type { DeletionPlan, PlanUser } from '../../../shared/api';
import { countRows, tenantTables } from './catalog';

export type { DeletionPlan } from '../../../shared/api';

async function tenantMembers(db: Trx, tenantId: number): Promise<(PlanUser & { internal: boolean })[]> {
  const members = await listMembers(db, { tenantId });
  const counts = await membershipCounts(db, members.map((m) => m.userId));
  return members
    .map(({ user: u }) => ({ userId: u.userId, username: u.username, otherTenants: (counts.get(u.userId) ?? 1) - 1, internal: u.isLciAdmin || u.isInternal }))
    .sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
}

export async function planDeletion(db: Trx, tenantId: number): Promise<DeletionPlan | null> {
  const tenant = await findTenant(db, tenantId);
  if (!tenant) return null;
  const tables = await countRows(db, await tenantTables(db), tenantId);
  const members = await tenantMembers(db, tenantId);
  const blockers: string[] = [];
  const children = await listTenants(db, { parentTenantId: tenantId });
  if (children.length) blockers.push(`It is the parent tenant of ${children.map((c) => `${c.name} (${c.tenantId})`).join(', ')}: delete or move those first.`);
  const internal = members.filter((m) => m.internal);
  if (internal.length) blockers.push(`Internal staff belong to it (${internal.map((m) => m.username).join(', ')}): an internal tenant is never deleted this way.`);
  const strip = ({ internal: _i, ...u }: PlanUser & { internal: boolean }): PlanUser => u;
  return {
    tenantId: tenant.tenantId, name: tenant.name, tables, totalRows: tables.reduce((n, t) => n + t.rows, 0),
    usersRemoved: members.filter((m) => m.otherTenants === 0 && !m.internal).map(strip),
    usersKept: members.filter((m) => m.otherTenants > 0 || m.internal).map(strip),
    blockers,
  };
}
