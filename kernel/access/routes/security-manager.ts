/**
 * POST /v3/tenant/:tenantId/securitymanager { userId, operation, payload }
 * (platform.md 7.4): modules, navigation and active companies of the caller.
 * Every operation is a read, so Read Only callers may use it.
 */
import { securityManagerAnswer } from '../../../common/api/access';
import { z } from 'zod';
import { MSG_LCI_ADMIN } from '../../../common/texts';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { HandlerContext, RouteRegistrar } from '../../http/route-spec';
import { fieldErrors } from '../../http/validate';
import type { Kernel } from '../../kernel';
import type { Caller } from '../../types';
import { navResponse, visibleModuleViews } from '../navigation';
import {
  activeCompanies,
  loadGroupWithPages,
  loadModuleViews,
  loadNavCatalog,
  tenantModules,
  type CompanyKind,
} from '../tenant-data';

const params = z.object({ tenantId: z.coerce.number().int().positive() });
const body = z.object({
  userId: z.union([z.number().int(), z.string().max(64)]).nullish(),
  operation: z.string().trim().min(1, 'Required.').max(100, 'Max 100 characters'),
  payload: z.record(z.string(), z.unknown()).nullish(),
});
const groupPayload = z.object({ security_group_id: z.coerce.number().int().positive() });
const companiesPayload = z.object({ securityGroupId: z.coerce.number().int().positive().nullish() }).passthrough();

type Ctx = HandlerContext<z.output<typeof params>, undefined, z.output<typeof body>>;
type Operation = (k: Kernel, ctx: Ctx & { caller: Caller }, payload: Record<string, unknown>) => Promise<unknown>;

function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  const r = schema.safeParse(payload ?? {});
  if (!r.success) {
    const fields = fieldErrors('body', r.error).map((f) => ({
      ...f,
      path: f.path.replace(/^body\./, 'body.payload.'),
    }));
    throw badRequest(`Invalid payload: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`, fields);
  }
  return r.data;
}

const companies =
  (kind: CompanyKind): Operation =>
  async (k, { db, tenantId }, payload) => {
    parsePayload(companiesPayload, payload);
    return { companies: await activeCompanies(k, db, tenantId, kind) };
  };

export const OPERATIONS: Record<string, Operation> = {
  async get_modules(k, { db, tenantId, caller }) {
    const [views, assessmentOnly, airOnly] = [
      await loadModuleViews(db),
      await activeCompanies(k, db, tenantId, 'assessmentOnly'),
      await activeCompanies(k, db, tenantId, 'airOnly'),
    ];
    return {
      moduleViews: visibleModuleViews(views, caller.modules, {
        assessmentOnly: assessmentOnly.length > 0,
        airOnly: airOnly.length > 0,
      }),
    };
  },
  async get_nav_items(_k, { db, caller }) {
    const asGroup = !!caller.impersonation?.securityGroupId;
    return navResponse(await loadNavCatalog(db), {
      // Ordinary users are limited to their access list; tenant and LCI admins are not (platform.md section 6),
      // except an LCI admin impersonating a security group, who sees what its users see.
      pages: caller.pages,
      modules: caller.modules,
      isLciAdmin: caller.isLciAdmin,
      isTenantAdmin: caller.isTenantAdmin,
      allPages: asGroup ? caller.isTenantAdmin : caller.isLciAdmin || caller.isTenantAdmin,
    });
  },
  async get_nav_items_as_lci_admin(_k, { db, caller }) {
    if (!caller.isLciAdmin) throw forbidden(MSG_LCI_ADMIN);
    return navResponse(await loadNavCatalog(db), {
      pages: [],
      modules: caller.modules,
      isLciAdmin: true,
      isTenantAdmin: true,
      allPages: true,
    });
  },
  async get_nav_items_as_impersonated_user(k, { db, caller, tenantId }, payload) {
    if (!((caller.isLciAdmin && caller.allowImpersonationFlag) || caller.isTenantAdmin)) {
      throw forbidden(
        'Viewing the navigation of a security group needs an internal admin allowed to impersonate, or a tenant admin',
      );
    }
    const { security_group_id } = parsePayload(groupPayload, payload);
    const group = await loadGroupWithPages(db, security_group_id);
    if (!group) throw notFound(`Security group ${security_group_id} not found`);
    const has = await tenantModules(k, db, tenantId);
    return navResponse(await loadNavCatalog(db), {
      pages: group.pages,
      modules: group.included_modules.filter((m) => has.includes(m)),
      isLciAdmin: false,
      isTenantAdmin: group.is_admin_group,
      allPages: group.is_admin_group,
    });
  },
  get_active_companies: companies('all'),
  get_active_assessment_only_companies: companies('assessmentOnly'),
  get_active_air_only_companies: companies('airOnly'),
  async get_active_companies_by_module(k, { db, tenantId, caller }) {
    const out: Record<string, number> = {};
    for (const m of caller.modules) out[m] = (await activeCompanies(k, db, tenantId, 'all', m)).length;
    return { companies: out };
  },
};

export function registerSecurityManagerRoutes(r: RouteRegistrar, k: Kernel): void {
  r.post(
    '/v3/tenant/:tenantId/securitymanager',
    {
      summary: `Security manager operations: ${Object.keys(OPERATIONS).join(', ')}`,
      tags: ['access'],
      params,
      body,
      write: false,
      duringMaintenance: true,
      response: securityManagerAnswer,
    },
    async (ctx) => {
      const op = Object.hasOwn(OPERATIONS, ctx.body.operation) ? OPERATIONS[ctx.body.operation] : undefined;
      if (!op)
        throw badRequest(`Unknown operation '${ctx.body.operation}'`, [
          {
            path: 'body.operation',
            message: `Unknown operation '${ctx.body.operation}'; expected one of ${Object.keys(OPERATIONS).join(', ')}`,
          },
        ]);
      return op(k, ctx as Ctx & { caller: Caller }, (ctx.body.payload ?? {}) as Record<string, unknown>);
    },
  );
}
