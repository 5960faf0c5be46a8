/**
 * What every route of one object type shares (object-routes.ts): its path and page access, its reply schemas, the
 * request's CS context, the bodies of its POST actions, the list both GET and filteredGet answer; and the checks
 * its handlers make (tenant admin for adminWrites types, a company for company-level ones).
 */
import { z } from 'zod';
import { badRequest, HttpError, type HandlerContext } from '../../../../kernel/index';
import { MSG_TENANT_ADMIN } from '../../../../common/texts';
import { resolveCompanyFilter } from '../filters/resolve';
import { csInputs } from '../inputs/request-inputs';
import type { CsServices } from '../services';
import { BASE, CS_MODULE } from './paths';
import { MSG_MUST_SELECT_CUSTOMER, type CsContext, type CsObjectDef } from './registry';
import { replySchemas, toResponse } from './replies';
import { filteredGetBody } from './schemas';

export type AnyHandler = HandlerContext<unknown, unknown, unknown>;

export const mustSelect = (where: 'query' | 'body') =>
  badRequest(MSG_MUST_SELECT_CUSTOMER, [{ path: `${where}.tenantCompanyId`, message: MSG_MUST_SELECT_CUSTOMER }]);

type Ctx = (h: AnyHandler) => CsContext;
// One context per request: its inputs are read once, by the filters and the handler alike.
const contextOf =
  (cs: CsServices): Ctx =>
  (h) => ({ db: h.db, tenantId: h.tenantId, caller: h.caller, audit: h.audit, cs, inputs: csInputs(cs, h.db) });

export function requireAdmin(def: CsObjectDef, h: AnyHandler): void {
  if (def.adminWrites && !(h.caller?.isTenantAdmin || h.caller?.isLciAdmin)) {
    throw new HttpError(403, MSG_TENANT_ADMIN);
  }
}

export function requireAdminIfWrite(def: CsObjectDef, action: string, h: AnyHandler): void {
  if (def.actions?.[action]?.write !== false) requireAdmin(def, h);
}

export function updateSchemaOf(def: CsObjectDef): z.ZodType {
  if (def.updateSchema) return def.updateSchema;
  return def.schema instanceof z.ZodObject ? def.schema.partial() : def.schema;
}

export function idOf(row: unknown): string | undefined {
  if (!row || typeof row !== 'object') return undefined;
  const entry = Object.entries(row).find(([k, v]) => /Id$/.test(k) && typeof v === 'number');
  return entry ? String(entry[1]) : undefined;
}

export type ObjectRouting = ReturnType<typeof objectRouting>;

export function objectRouting(def: CsObjectDef, cs: CsServices) {
  const ctxOf = contextOf(cs);
  const replies = replySchemas(def, cs);
  const actionReply = (name: string) => {
    const a = def.actions![name];
    return a.response ?? replies.envelope(a.reply);
  };
  const extraQuery = def.query instanceof z.ZodObject ? def.query : z.object({});

  const list = async (
    h: AnyHandler,
    tenantCompanyId: number | null,
    activeFlag: 0 | 1,
    filters: Record<string, unknown> | null,
    query: Record<string, unknown>,
  ) => {
    const ctx = ctxOf(h);
    const companyIds = filters ? await resolveCompanyFilter(h.db, filters, cs.filterResolvers(), ctx.inputs) : null;
    return toResponse(
      def,
      await def.list(ctx, { tenantCompanyId, activeFlag, filters: filters as never, companyIds, query }),
    );
  };

  // POST bodies: filteredGet, or the object's own actions.
  const actions: Record<string, z.ZodType> = { filteredGet: filteredGetBody.extend(extraQuery.partial().shape) };
  for (const [name, a] of Object.entries(def.actions ?? {})) {
    actions[name] = a.schema instanceof z.ZodObject ? a.schema.extend({ action: z.literal(name) }) : a.schema;
  }
  const writes = (body: unknown) => {
    const action = (body as { action?: string } | undefined)?.action;
    if (action === 'filteredGet') return false;
    if (action) return def.actions?.[action]?.write !== false;
    return true;
  };

  return {
    def,
    cs,
    path: `${BASE}/${def.name}`,
    read: { module: CS_MODULE, page: def.pages?.read },
    write: { module: CS_MODULE, page: def.pages?.write ?? def.pages?.read },
    ctxOf,
    replies,
    actionReply,
    extraQuery,
    list,
    actions,
    writes,
  };
}
