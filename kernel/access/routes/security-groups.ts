/**
 * Security group management for tenant admins (page '/securitygroups',
 * requiresAdmin): list groups with their page access lists, create, update a
 * group's modules and page list, delete an unused group. Every change is
 * audited and drops the tenant's cached callers.
 */
import { securityGroupAnswer, securityGroupDeleted, securityGroupsAnswer } from '../../../common/api/access';
import { z } from 'zod';
import type { Trx } from '../../db/database';
import { conflict, notFound } from '../../http/errors';
import type { RouteRegistrar } from '../../http/route-spec';
import type { Kernel } from '../../kernel';
import { MODULES, type ModuleName } from '../../types';
import { ACCESS_CHANGED_TARGET, SECURITY_GROUPS_PAGE } from '../catalog';
import { afterCommit } from '../scope';
import { loadGroupWithPages } from '../tenant-data';

const params = z.object({ tenantId: z.coerce.number().int().positive() });
const groupParams = params.extend({ securityGroupId: z.coerce.number().int().positive() });
const pageEntry = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Required.')
    .max(300, 'Max 300 characters')
    .regex(/^\/\S*$/, 'must be a path starting with /'),
  access_level: z.enum(['Read Only', 'Read/Write'], { message: "must be 'Read Only' or 'Read/Write'" }),
});
const pages = z
  .array(pageEntry)
  .max(2000)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      if (seen.has(p.url)) ctx.addIssue({ code: 'custom', path: [i, 'url'], message: `${p.url} is listed twice` });
      seen.add(p.url);
    });
  });
const fields = {
  name: z.string().trim().min(1, 'Required.').max(100, 'Max 100 characters'),
  description: z.string().trim().max(500, 'Max 500 characters'),
  included_modules: z
    .array(z.enum(MODULES as [ModuleName, ...ModuleName[]]))
    .max(MODULES.length)
    .transform((m) => [...new Set(m)]),
  is_admin_group: z.boolean(),
  pages,
};
const createBody = z.object({
  ...fields,
  description: fields.description.optional(),
  is_admin_group: fields.is_admin_group.optional(),
});
const updateBody = z
  .object(fields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to update' });

async function replacePages(trx: Trx, tenantId: number, groupId: number, list: z.output<typeof pages>) {
  await trx('security_group_pages').where({ security_group_id: groupId }).delete();
  if (list.length)
    await trx('security_group_pages').insert(
      list.map((p) => ({ tenant_id: tenantId, security_group_id: groupId, url: p.url, access_level: p.access_level })),
    );
}

function invalidate(k: Kernel, trx: Trx, tenantId: number) {
  k.access.invalidate(tenantId);
  afterCommit(trx, () => {
    k.access.invalidate(tenantId);
    // The tenant's open workspaces reload their access list at their next navigation (workspace/runtime.ts).
    void k.realtime?.storeUpdate(`tenant:${tenantId}`, ACCESS_CHANGED_TARGET, { tenantId }).catch(() => undefined);
  });
}

export function registerSecurityGroupRoutes(r: RouteRegistrar, k: Kernel): void {
  const base = '/v3/tenantadmin/:tenantId/securitygroups';
  const access = { auth: 'tenantAdmin' as const, page: SECURITY_GROUPS_PAGE, tags: ['access'] };

  r.get(
    base,
    {
      ...access,
      summary: 'Security groups of the tenant with their page access lists, and the page catalogue',
      params,
      response: securityGroupsAnswer,
    },
    async ({ db }) => {
      const ids = await db('security_groups').orderBy('name').select('security_group_id');
      const counts = new Map<number, number>(
        (
          (await db('tenant_users')
            .whereNotNull('security_group_id')
            .groupBy('security_group_id')
            .select('security_group_id')
            .count({ n: '*' })) as { security_group_id: number; n: number | string }[]
        ).map((r) => [Number(r.security_group_id), Number(r.n)]),
      );
      const securityGroups = [];
      for (const { security_group_id } of ids) {
        const g = await loadGroupWithPages(db, Number(security_group_id));
        if (g) securityGroups.push({ ...g, user_count: counts.get(g.security_group_id) ?? 0 });
      }
      const catalog = await db('nav_items')
        .where({ internal_only: false })
        .orderBy([{ column: 'level' }, { column: 'sort' }, { column: 'title' }])
        .select('url', 'title', 'level', 'parent_url', 'requires_admin', 'lci_modules');
      return {
        securityGroups,
        pageCatalog: catalog.map((c: Record<string, unknown>) => ({
          url: c.url,
          title: c.title,
          level: Number(c.level),
          parentUrl: c.parent_url ?? null,
          requiresAdmin: !!c.requires_admin,
        })),
        modules: MODULES,
      };
    },
  );

  r.post(
    base,
    { ...access, summary: 'Create a security group', params, body: createBody, response: securityGroupAnswer },
    async ({ db, tenantId, body, audit }) => {
      const [row] = await db('security_groups')
        .insert({
          tenant_id: tenantId,
          name: body.name,
          description: body.description ?? '',
          included_modules: body.included_modules,
          is_admin_group: body.is_admin_group ?? false,
        })
        .returning('security_group_id');
      const id = Number(row.security_group_id);
      await replacePages(db, tenantId, id, body.pages);
      await audit(
        'security_group.create',
        { name: body.name, included_modules: body.included_modules, pages: body.pages },
        `security_group:${id}`,
      );
      invalidate(k, db, tenantId);
      return { securityGroup: await loadGroupWithPages(db, id) };
    },
  );

  r.put(
    `${base}/:securityGroupId`,
    {
      ...access,
      summary: "Update a security group's name, modules or page access list (the list is replaced)",
      params: groupParams,
      body: updateBody,
      response: securityGroupAnswer,
    },
    async ({ db, tenantId, params: p, body, audit }) => {
      const before = await loadGroupWithPages(db, p.securityGroupId);
      if (!before) throw notFound(`Security group ${p.securityGroupId} not found`);
      const { pages: newPages, ...columns } = body;
      if (Object.keys(columns).length)
        await db('security_groups').where({ security_group_id: p.securityGroupId }).update(columns);
      if (newPages) await replacePages(db, tenantId, p.securityGroupId, newPages);
      await audit('security_group.update', { before, changes: body }, `security_group:${p.securityGroupId}`);
      invalidate(k, db, tenantId);
      return { securityGroup: await loadGroupWithPages(db, p.securityGroupId) };
    },
  );

  r.delete(
    `${base}/:securityGroupId`,
    {
      ...access,
      summary: 'Delete a security group that no user belongs to',
      params: groupParams,
      response: securityGroupDeleted,
    },
    async ({ db, tenantId, params: p, audit }) => {
      const before = await loadGroupWithPages(db, p.securityGroupId);
      if (!before) throw notFound(`Security group ${p.securityGroupId} not found`);
      const users = await db('tenant_users').where({ security_group_id: p.securityGroupId }).count({ n: '*' }).first();
      if (Number(users?.n ?? 0) > 0)
        throw conflict(
          `Security group '${before.name}' still has ${users!.n} user(s); move them to another group first`,
        );
      await db('security_groups').where({ security_group_id: p.securityGroupId }).delete();
      await audit('security_group.delete', { before }, `security_group:${p.securityGroupId}`);
      invalidate(k, db, tenantId);
      return { deleted: true, securityGroupId: p.securityGroupId };
    },
  );
}
