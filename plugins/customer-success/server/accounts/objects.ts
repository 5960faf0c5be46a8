/**
 * Object types TenantAccountGroup (reads tenantAccountGroups and linkTables.tenantAccountManagers) and
 * TenantAccountManager (tenant users assigned to companies). Both are tenant-level; writes need a tenant admin.
 */
import { z } from 'zod';
import { csResult, defineCsObject } from '../object-api/registry';
import { ACCOUNT_PERMISSIONS_PAGE, ACCOUNT_SETTINGS_PAGE } from '../pages';
import * as store from './store';
import {
  accountGroup,
  accountGroupExtra,
  accountGroupRecord,
  accountManager,
  accountManagerExtra,
} from '../../shared/api';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const ids = z.array(id).max(10_000);
const version = z.number().int().min(1).optional();

const groupBody = z.object({
  moniker: z.string().trim().min(1, 'Required.').max(100, 'Max 100 characters'),
  description: z.string().trim().max(500, 'Max 500 characters').optional(),
  tenantAccountManagerIds: ids.optional(),
});

export const tenantAccountGroup = defineCsObject({
  name: 'TenantAccountGroup',
  responseKey: 'tenantAccountGroups',
  companyLevel: false,
  summary: 'Account groups with their account managers (linkTables.tenantAccountManagers)',
  pages: { write: ACCOUNT_SETTINGS_PAGE },
  adminWrites: true,
  reply: { row: accountGroup, record: accountGroupRecord, extra: accountGroupExtra },
  schema: groupBody,
  updateSchema: groupBody.partial().extend({ activeFlag: z.union([z.literal(0), z.literal(1)]).optional(), version }),
  async list({ db }, { activeFlag }) {
    const { groups, links } = await store.listGroups(db, activeFlag);
    return csResult(groups, { linkTables: { tenantAccountManagers: links } });
  },
  get: ({ db }, groupId) => store.getGroup(db, groupId),
  create: ({ db, tenantId }, body) => store.createGroup(db, tenantId, body),
  update: ({ db, tenantId }, groupId, body) => store.updateGroup(db, tenantId, groupId, body),
  remove: ({ db }, groupId) => store.deactivate(db, 'tenant_account_groups', 'tenant_account_group_id', groupId),
});

export const tenantAccountManager = defineCsObject({
  name: 'TenantAccountManager',
  responseKey: 'tenantAccountManagers',
  companyLevel: false,
  summary: 'Account managers: tenant users assigned to companies',
  pages: { write: ACCOUNT_PERMISSIONS_PAGE },
  adminWrites: true,
  reply: { row: accountManager, extra: accountManagerExtra },
  schema: z.object({ tenantUserId: id, tenantCompanyIds: ids.optional() }),
  updateSchema: z.object({
    tenantCompanyIds: ids.optional(),
    activeFlag: z.union([z.literal(0), z.literal(1)]).optional(),
    version,
  }),
  async list({ db }, { activeFlag, companyIds }) {
    const all = await store.listManagers(db, activeFlag);
    const rows = companyIds ? all.filter((m) => m.tenantCompanyIds.some((c) => companyIds.includes(c))) : all;
    return csResult(rows, { candidates: activeFlag === 1 ? await store.candidateUsers(db) : [] });
  },
  get: ({ db }, managerId) => store.getManager(db, managerId),
  create: ({ db, tenantId }, body) => store.createManager(db, tenantId, body),
  update: ({ db, tenantId }, managerId, body) => store.updateManager(db, tenantId, managerId, body),
  remove: ({ db }, managerId) =>
    store.deactivate(db, 'tenant_account_managers', 'tenant_account_manager_id', managerId),
});
