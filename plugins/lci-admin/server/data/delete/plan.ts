/**
 * The dry run of deleting a tenant's data: the rows per tenant table, the users removed with it (members of no
 * other tenant) and those kept (members of another tenant), and what blocks the deletion (child tenants of a
 * provider tenant, internal admins whose tenant it is). Reads only.
 */
import type { Trx } from '../../../../../kernel/index';
import type { DeletionPlan, PlanUser } from '../../../shared/api';
import { countRows, tenantTables } from './catalog';

export type { DeletionPlan, PlanUser } from '../../../shared/api';

export async function tenantMembers(db: Trx, tenantId: number): Promise<(PlanUser & { internal: boolean })[]> {
  const rows = await db('tenant_users as tu').join('users as u', 'u.user_id', 'tu.user_id').where('tu.tenant_id', tenantId)
    .select('u.user_id', 'u.username', 'u.is_lci_admin', 'u.is_internal',
      db.raw('(select count(*) from tenant_users o where o.user_id = u.user_id and o.tenant_id <> ?)::int as other_tenants', [tenantId]))
    .orderBy('u.username');
  return rows.map((r: any) => ({ userId: Number(r.user_id), username: r.username, otherTenants: Number(r.other_tenants), internal: !!(r.is_lci_admin || r.is_internal) }));
}

export async function planDeletion(db: Trx, tenantId: number): Promise<DeletionPlan | null> {
  const tenant = await db('tenants').where({ tenant_id: tenantId }).first('tenant_id', 'name');
  if (!tenant) return null;
  const tables = await countRows(db, await tenantTables(db), tenantId);
  const members = await tenantMembers(db, tenantId);
  const blockers: string[] = [];
  const children = await db('tenants').where({ parent_tenant_id: tenantId }).orderBy('tenant_id').select('tenant_id', 'name');
  if (children.length) blockers.push(`It is the parent tenant of ${children.map((c: any) => `${c.name} (${c.tenant_id})`).join(', ')}: delete or move those first.`);
  const internal = members.filter((m) => m.internal);
  if (internal.length) blockers.push(`Internal staff belong to it (${internal.map((m) => m.username).join(', ')}): an internal tenant is never deleted this way.`);
  const strip = ({ internal: _i, ...u }: PlanUser & { internal: boolean }): PlanUser => u;
  return {
    tenantId: Number(tenant.tenant_id), name: tenant.name, tables, totalRows: tables.reduce((n, t) => n + t.rows, 0),
    usersRemoved: members.filter((m) => m.otherTenants === 0 && !m.internal).map(strip),
    usersKept: members.filter((m) => m.otherTenants > 0 || m.internal).map(strip),
    blockers,
  };
}
