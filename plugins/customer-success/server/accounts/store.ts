/** Account managers (tenant users assigned to companies) and account groups with their link tables. */
import { badRequest, isActiveMember, listMembers, type Member, type Trx } from '../../../../kernel/index';
import type { AccountGroup, AccountManager, GroupManagerLink } from '../../shared/api';
import { assertVersion } from '../object-api/versioning';

const groupCols = ['tenant_account_group_id', 'moniker', 'description', 'active_flag', 'version'];
type GroupRow = {
  tenant_account_group_id: number;
  moniker: string;
  description: string;
  active_flag: boolean;
  version: number;
};
const toGroup = (r: GroupRow): AccountGroup => ({
  tenantAccountGroupId: r.tenant_account_group_id,
  moniker: r.moniker,
  description: r.description,
  activeFlag: r.active_flag ? 1 : 0,
  version: r.version,
});

export async function listGroups(
  db: Trx,
  activeFlag: 0 | 1,
): Promise<{ groups: AccountGroup[]; links: GroupManagerLink[] }> {
  const rows: GroupRow[] = await db('tenant_account_groups')
    .select(groupCols)
    .where('active_flag', activeFlag === 1)
    .orderBy('moniker')
    .orderBy('tenant_account_group_id');
  const ids = rows.map((r) => r.tenant_account_group_id);
  const links = ids.length
    ? await db('tenant_account_group_managers')
        .select('tenant_account_group_id', 'tenant_account_manager_id')
        .whereIn('tenant_account_group_id', ids)
        .orderBy(['tenant_account_group_id', 'tenant_account_manager_id'])
    : [];
  return {
    groups: rows.map(toGroup),
    links: links.map((l: { tenant_account_group_id: number; tenant_account_manager_id: number }) => ({
      tenantAccountGroupId: l.tenant_account_group_id,
      tenantAccountManagerId: l.tenant_account_manager_id,
    })),
  };
}

export async function getGroup(
  db: Trx,
  id: number,
): Promise<(AccountGroup & { tenantAccountManagerIds: number[] }) | undefined> {
  const row: GroupRow | undefined = await db('tenant_account_groups')
    .first(groupCols)
    .where('tenant_account_group_id', id);
  if (!row) return undefined;
  const m = await db('tenant_account_group_managers')
    .where('tenant_account_group_id', id)
    .orderBy('tenant_account_manager_id')
    .pluck('tenant_account_manager_id');
  return { ...toGroup(row), tenantAccountManagerIds: m.map(Number) };
}

/** Only the tenant's own, active managers may be linked (RLS hides other tenants' ids, so they count as unknown). */
async function checkManagers(db: Trx, ids: number[], field: string): Promise<void> {
  if (!ids.length) return;
  const found = await db('tenant_account_managers')
    .whereIn('tenant_account_manager_id', ids)
    .where('active_flag', true)
    .pluck('tenant_account_manager_id');
  const missing = ids.filter((i) => !found.map(Number).includes(i));
  if (missing.length)
    throw badRequest(`Unknown account manager: ${missing.join(', ')}`, [
      { path: `body.${field}`, message: `unknown account manager ${missing.join(', ')}` },
    ]);
}

async function setGroupManagers(db: Trx, tenantId: number, groupId: number, managerIds: number[]): Promise<void> {
  const ids = [...new Set(managerIds)];
  await checkManagers(db, ids, 'tenantAccountManagerIds');
  await db('tenant_account_group_managers').where('tenant_account_group_id', groupId).delete();
  if (ids.length)
    await db('tenant_account_group_managers').insert(
      ids.map((m) => ({ tenant_id: tenantId, tenant_account_group_id: groupId, tenant_account_manager_id: m })),
    );
}

export async function createGroup(
  db: Trx,
  tenantId: number,
  g: { moniker: string; description?: string; tenantAccountManagerIds?: number[] },
) {
  const [row] = await db('tenant_account_groups')
    .insert({ tenant_id: tenantId, moniker: g.moniker, description: g.description ?? '' })
    .returning('tenant_account_group_id');
  const id = Number((row as { tenant_account_group_id: number }).tenant_account_group_id);
  await setGroupManagers(db, tenantId, id, g.tenantAccountManagerIds ?? []);
  return (await getGroup(db, id))!;
}

export async function updateGroup(
  db: Trx,
  tenantId: number,
  id: number,
  g: {
    moniker?: string;
    description?: string;
    tenantAccountManagerIds?: number[];
    activeFlag?: 0 | 1;
    version?: number;
  },
) {
  const cur: GroupRow | undefined = await db('tenant_account_groups')
    .first(groupCols)
    .where('tenant_account_group_id', id)
    .forUpdate();
  if (!cur) return undefined;
  assertVersion(cur.version, g.version);
  await db('tenant_account_groups')
    .where('tenant_account_group_id', id)
    .update({
      ...(g.moniker !== undefined ? { moniker: g.moniker } : {}),
      ...(g.description !== undefined ? { description: g.description } : {}),
      ...(g.activeFlag !== undefined ? { active_flag: g.activeFlag === 1 } : {}),
      version: cur.version + 1,
      updated_at: db.fn.now(),
    });
  if (g.tenantAccountManagerIds) await setGroupManagers(db, tenantId, id, g.tenantAccountManagerIds);
  return getGroup(db, id);
}

/** Soft delete: activeFlag 0 (links are kept, so restoring brings the group back whole). */
export async function deactivate(
  db: Trx,
  table: 'tenant_account_groups' | 'tenant_account_managers',
  idCol: string,
  id: number,
): Promise<boolean> {
  const n = await db(table)
    .where(idCol, id)
    .where('active_flag', true)
    .update({ active_flag: false, version: db.raw('version + 1'), updated_at: db.fn.now() });
  return n > 0;
}

// Account managers.

type ManagerRow = {
  tenant_account_manager_id: number;
  tenant_user_id: number;
  active_flag: boolean;
  version: number;
  member: Member;
};

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** First name, then last name (the tenant's members from the kernel's directory). */
const byName = (a: Member, b: Member) =>
  cmp(a.user.nameFirst, b.user.nameFirst) || cmp(a.user.nameLast, b.user.nameLast);

/** The caller's tenant's members by tenant user id (row-level security keeps them to the tenant). */
async function membersById(db: Trx): Promise<Map<number, Member>> {
  return new Map((await listMembers(db)).map((m) => [m.tenantUserId, m]));
}

async function managerRows(db: Trx, where: { activeFlag?: 0 | 1; id?: number }): Promise<AccountManager[]> {
  const q = db('tenant_account_managers as m').select(
    'm.tenant_account_manager_id',
    'm.tenant_user_id',
    'm.active_flag',
    'm.version',
  );
  if (where.activeFlag !== undefined) q.where('m.active_flag', where.activeFlag === 1);
  if (where.id !== undefined) q.where('m.tenant_account_manager_id', where.id);
  const members = await membersById(db);
  const rows: ManagerRow[] = (await q)
    .filter((m: { tenant_user_id: number }) => members.has(Number(m.tenant_user_id)))
    .map((m: Omit<ManagerRow, 'member'>) => ({ ...m, member: members.get(Number(m.tenant_user_id))! }))
    .sort(
      (a: ManagerRow, b: ManagerRow) =>
        byName(a.member, b.member) || a.tenant_account_manager_id - b.tenant_account_manager_id,
    );
  const ids = rows.map((r) => r.tenant_account_manager_id);
  const companies = ids.length
    ? await db('tenant_company_account_managers')
        .select('tenant_account_manager_id', 'tenant_company_id')
        .whereIn('tenant_account_manager_id', ids)
        .orderBy('tenant_company_id')
    : [];
  const groups = ids.length
    ? await db('tenant_account_group_managers as gm')
        .join('tenant_account_groups as g', function join() {
          this.on('g.tenant_id', 'gm.tenant_id').andOn('g.tenant_account_group_id', 'gm.tenant_account_group_id');
        })
        .where('g.active_flag', true)
        .select('gm.tenant_account_manager_id', 'gm.tenant_account_group_id')
        .whereIn('gm.tenant_account_manager_id', ids)
        .orderBy('gm.tenant_account_group_id')
    : [];
  return rows.map((r) => ({
    tenantAccountManagerId: r.tenant_account_manager_id,
    tenantUserId: r.tenant_user_id,
    userId: r.member.userId,
    name: r.member.user.displayName,
    email: r.member.user.email,
    activeFlag: r.active_flag ? 1 : 0,
    version: r.version,
    tenantCompanyIds: companies
      .filter((c: { tenant_account_manager_id: number }) => c.tenant_account_manager_id === r.tenant_account_manager_id)
      .map((c: { tenant_company_id: number }) => Number(c.tenant_company_id)),
    tenantAccountGroupIds: groups
      .filter((g: { tenant_account_manager_id: number }) => g.tenant_account_manager_id === r.tenant_account_manager_id)
      .map((g: { tenant_account_group_id: number }) => Number(g.tenant_account_group_id)),
  }));
}

export const listManagers = (db: Trx, activeFlag: 0 | 1) => managerRows(db, { activeFlag });
export const getManager = async (db: Trx, id: number) => (await managerRows(db, { id }))[0];

async function checkCompanies(db: Trx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = (await db('tenant_companies').whereIn('tenant_company_id', ids).pluck('tenant_company_id')).map(Number);
  const missing = ids.filter((i) => !found.includes(i));
  if (missing.length)
    throw badRequest(`Unknown company: ${missing.join(', ')}`, [
      { path: 'body.tenantCompanyIds', message: `unknown company ${missing.join(', ')}` },
    ]);
}

async function setManagerCompanies(db: Trx, tenantId: number, managerId: number, companyIds: number[]): Promise<void> {
  const ids = [...new Set(companyIds)];
  await checkCompanies(db, ids);
  await db('tenant_company_account_managers').where('tenant_account_manager_id', managerId).delete();
  if (ids.length)
    await db('tenant_company_account_managers').insert(
      ids.map((c) => ({ tenant_id: tenantId, tenant_account_manager_id: managerId, tenant_company_id: c })),
    );
}

/** Makes a tenant user an account manager (again, when they were removed) and assigns companies. */
export async function createManager(
  db: Trx,
  tenantId: number,
  m: { tenantUserId: number; tenantCompanyIds?: number[] },
): Promise<AccountManager> {
  if (!(await isActiveMember(db, m.tenantUserId)))
    throw badRequest('Unknown user', [{ path: 'body.tenantUserId', message: 'not an active user of this tenant' }]);
  const existing = await db('tenant_account_managers')
    .first('tenant_account_manager_id')
    .where('tenant_user_id', m.tenantUserId);
  let id: number;
  if (existing) {
    id = Number(existing.tenant_account_manager_id);
    await db('tenant_account_managers')
      .where('tenant_account_manager_id', id)
      .update({ active_flag: true, version: db.raw('version + 1'), updated_at: db.fn.now() });
  } else {
    const [row] = await db('tenant_account_managers')
      .insert({ tenant_id: tenantId, tenant_user_id: m.tenantUserId })
      .returning('tenant_account_manager_id');
    id = Number((row as { tenant_account_manager_id: number }).tenant_account_manager_id);
  }
  if (m.tenantCompanyIds) await setManagerCompanies(db, tenantId, id, m.tenantCompanyIds);
  return (await getManager(db, id))!;
}

export async function updateManager(
  db: Trx,
  tenantId: number,
  id: number,
  m: { tenantCompanyIds?: number[]; activeFlag?: 0 | 1; version?: number },
) {
  const cur = await db('tenant_account_managers').first('version').where('tenant_account_manager_id', id).forUpdate();
  if (!cur) return undefined;
  assertVersion(cur.version, m.version);
  await db('tenant_account_managers')
    .where('tenant_account_manager_id', id)
    .update({
      ...(m.activeFlag !== undefined ? { active_flag: m.activeFlag === 1 } : {}),
      version: cur.version + 1,
      updated_at: db.fn.now(),
    });
  if (m.tenantCompanyIds) await setManagerCompanies(db, tenantId, id, m.tenantCompanyIds);
  return getManager(db, id);
}

/** Active tenant users who are not (active) account managers yet: the candidates of the permissions page. */
export async function candidateUsers(db: Trx): Promise<{ tenantUserId: number; name: string; email: string }[]> {
  const managers = new Set(
    ((await db('tenant_account_managers').where('active_flag', true).pluck('tenant_user_id')) as number[]).map(Number),
  );
  return (await listMembers(db, { activeMembership: true, external: false }))
    .filter((m) => !managers.has(m.tenantUserId))
    .sort(byName)
    .map((m) => ({ tenantUserId: m.tenantUserId, name: m.user.displayName, email: m.user.email }));
}

/** Companies of the selected managers (filter tenantAccountManagerIds). */
export async function companiesOfManagers(db: Trx, managerIds: number[]): Promise<number[]> {
  return (
    await db('tenant_company_account_managers as cm')
      .join('tenant_account_managers as m', function join() {
        this.on('m.tenant_id', 'cm.tenant_id').andOn('m.tenant_account_manager_id', 'cm.tenant_account_manager_id');
      })
      .where('m.active_flag', true)
      .whereIn('cm.tenant_account_manager_id', managerIds)
      .distinct('cm.tenant_company_id')
      .pluck('cm.tenant_company_id')
  ).map(Number);
}

/** Companies of the managers of the selected groups (filter tenantAccountGroupIds). */
export async function companiesOfGroups(db: Trx, groupIds: number[]): Promise<number[]> {
  const managers = (
    await db('tenant_account_group_managers')
      .whereIn('tenant_account_group_id', groupIds)
      .pluck('tenant_account_manager_id')
  ).map(Number);
  return managers.length ? companiesOfManagers(db, managers) : [];
}
