/**
 * The routes of the Customer Success object API (customer-success.md section 7):
 *   GET    v3/cs/tenant/:tenantId/cs/<object>            list (query tenantCompanyId, activeFlag 0|1)
 *   GET    v3/cs/tenant/:tenantId/cs/<object>/:id        one record
 *   POST   v3/cs/tenant/:tenantId/cs/<object>            create, or { action: 'filteredGet', filters } or another action
 *   POST   v3/cs/tenant/:tenantId/cs/<object>/:id        { action, ... } on one record
 *   PUT    v3/cs/tenant/:tenantId/cs/<object>/:id        update;  PUT without id: save a whole set
 *   DELETE v3/cs/tenant/:tenantId/cs/<object>/:id        soft delete (activeFlag 0)
 *   POST   v3/cs/tenant/:tenantId/csrpt/<object>[/:id]   report
 * The object types are the registrations of csObjectsPoint (public.ts), CS's own and other plugins' alike. One route
 * per object type and method (so each has its own zod schema in OpenAPI, the isolation probe and the fuzzer), then
 * catch-all routes answering 404 for an unknown object type and 405 for a method it lacks (read at request time).
 */
import { z } from 'zod';
import { badRequest, HttpError, notFound, type HandlerContext, type RouteRegistrar } from '../../../../kernel/index';
import { resolveCompanyFilter } from '../filters/resolve';
import { csInputs } from '../inputs/request-inputs';
import type { CsServices } from '../services';
import {
  CsResult,
  MSG_MUST_SELECT_CUSTOMER,
  type CsContext,
  type CsEnvelopeDef,
  type CsListValue,
  type CsObjectDef,
  type CsReplyDef,
} from './registry';
import {
  actionBody,
  filteredGetBody,
  idParams,
  listQuery,
  objectIdParams,
  objectParams,
  tenantParams,
  writeQuery,
} from './schemas';
import { MSG_TENANT_ADMIN } from '../../../../common/texts';

export const CS_MODULE = 'Customer Success' as const;
const BASE = '/v3/cs/tenant/:tenantId/cs';
const RPT = '/v3/cs/tenant/:tenantId/csrpt';

export function toResponse(def: CsObjectDef, value: CsListValue): Record<string, unknown> {
  return value instanceof CsResult ? { [def.responseKey]: value.value, ...value.extra } : { [def.responseKey]: value };
}

const mustSelect = (where: 'query' | 'body') =>
  badRequest(MSG_MUST_SELECT_CUSTOMER, [{ path: `${where}.tenantCompanyId`, message: MSG_MUST_SELECT_CUSTOMER }]);

type Ctx = (h: HandlerContext<unknown, unknown, unknown>) => CsContext;
// One context per request: its inputs are read once, by the filters and the handler alike.
const contextOf =
  (cs: CsServices): Ctx =>
  (h) => ({ db: h.db, tenantId: h.tenantId, caller: h.caller, audit: h.audit, cs, inputs: csInputs(cs, h.db) });

function requireAdmin(def: CsObjectDef, h: HandlerContext<unknown, unknown, unknown>): void {
  if (def.adminWrites && !(h.caller?.isTenantAdmin || h.caller?.isLciAdmin)) {
    throw new HttpError(403, MSG_TENANT_ADMIN);
  }
}

function updateSchemaOf(def: CsObjectDef): z.ZodType {
  if (def.updateSchema) return def.updateSchema;
  return def.schema instanceof z.ZodObject ? def.schema.partial() : def.schema;
}

const records = { records_updated: z.number().int() };

/**
 * The reply schemas of an object type's routes, from its `reply`: a list answers { [responseKey]: value, ...extra },
 * one record (get, create, update) { [responseKey]: [row] }, a save the list's answer with records_updated.
 */
export function replySchemas(def: CsObjectDef, cs: CsServices) {
  const reply: CsReplyDef = typeof def.reply === 'function' ? def.reply(cs) : def.reply;
  const need = (what: string): never => {
    throw new Error(`CS object ${def.name}: reply.${what} is required (${def.responseKey})`);
  };
  const listValue = reply.value ?? (reply.row ? z.array(reply.row) : need('row or reply.value'));
  const envelope = (e?: CsEnvelopeDef) =>
    z.object({ [def.responseKey]: e?.value ?? listValue, ...(e?.extra ?? reply.extra ?? {}) });
  const record = () => reply.record ?? reply.row ?? need('row');
  const rows = () => z.object({ ...records, [def.responseKey]: z.array(record()) });
  return {
    list: envelope(),
    one: () => z.object({ [def.responseKey]: z.array(record()) }),
    written: rows,
    envelope,
    saved: (e?: CsEnvelopeDef) => z.object({ ...records, ...envelope(e).shape }),
    removed: z.object(records),
  };
}

/** The reply of a POST that may answer any of several alternatives (the most specific first: a union takes the first match). */
const anyOf = (alternatives: z.ZodType[]): z.ZodType =>
  alternatives.length === 1 ? alternatives[0] : z.union(alternatives as [z.ZodType, z.ZodType, ...z.ZodType[]]);

function registerObject(r: RouteRegistrar, def: CsObjectDef, cs: CsServices): void {
  const ctxOf = contextOf(cs);
  const replies = replySchemas(def, cs);
  const actionReply = (name: string) => {
    const a = def.actions![name];
    return a.response ?? replies.envelope(a.reply);
  };
  const path = `${BASE}/${def.name}`;
  const read = { module: CS_MODULE, page: def.pages?.read };
  const write = { module: CS_MODULE, page: def.pages?.write ?? def.pages?.read };
  const extraQuery = def.query instanceof z.ZodObject ? def.query : z.object({});
  const getQuery = listQuery.extend(extraQuery.shape);

  const list = async (
    h: HandlerContext<unknown, unknown, unknown>,
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

  r.get(
    path,
    {
      summary: `${def.summary}: list`,
      tags: ['Customer Success'],
      params: tenantParams,
      query: getQuery,
      response: replies.list,
      ...read,
    },
    async (h) => {
      const q = h.query as z.output<typeof getQuery>;
      if (def.companyLevel && !q.tenantCompanyId) throw mustSelect('query');
      const { tenantCompanyId, activeFlag, ...rest } = q;
      return list(h as never, tenantCompanyId ?? null, activeFlag === '0' ? 0 : 1, null, rest);
    },
  );

  if (def.get) {
    const get = def.get;
    r.get(
      `${path}/:id`,
      {
        summary: `${def.summary}: one`,
        tags: ['Customer Success'],
        params: idParams,
        response: replies.one(),
        ...read,
      },
      async (h) => {
        const row = await get(ctxOf(h as never), h.params.id);
        if (row === undefined) throw notFound(`${def.name} ${h.params.id} not found`);
        return { [def.responseKey]: [row] };
      },
    );
  }

  // POST: create (no action), filteredGet, or the object's own actions.
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
  r.post(
    path,
    {
      summary: `${def.summary}: create, filteredGet or action`,
      tags: ['Customer Success'],
      params: tenantParams,
      query: writeQuery,
      body: actionBody(actions, def.create ? def.schema : null),
      write: writes,
      ...write,
      response: anyOf([
        ...(def.create ? [replies.written()] : []),
        ...Object.keys(def.actions ?? {}).map(actionReply),
        replies.list,
      ]),
    },
    async (h) => {
      const body = h.body as Record<string, unknown> & { action?: string };
      if (body.action === 'filteredGet') {
        const fg = body as z.output<typeof filteredGetBody> & Record<string, unknown>;
        const { action: _a, filters, tenantCompanyId, activeFlag, ...rest } = fg;
        return list(
          h as never,
          tenantCompanyId ?? h.query.tenantCompanyId ?? null,
          activeFlag === 0 ? 0 : 1,
          filters ?? {},
          rest,
        );
      }
      const tenantCompanyId =
        h.query.tenantCompanyId ?? (typeof body.tenantCompanyId === 'number' ? body.tenantCompanyId : null);
      if (body.action) {
        requireAdminIfWrite(def, body.action, h as never);
        const { action, ...rest } = body;
        const result = await def.actions![action].handler(ctxOf(h as never), rest, { id: null, tenantCompanyId });
        return Array.isArray(result) || result instanceof CsResult ? toResponse(def, result) : result;
      }
      requireAdmin(def, h as never);
      if (def.companyLevel && !tenantCompanyId) throw mustSelect('body');
      const row = await def.create!(ctxOf(h as never), body, { tenantCompanyId });
      await h.audit(`cs.${def.name}.create`, {}, idOf(row));
      return { records_updated: 1, [def.responseKey]: [row] };
    },
  );

  const ownActions = Object.fromEntries(Object.entries(actions).filter(([n]) => n !== 'filteredGet'));
  if (Object.keys(ownActions).length) {
    r.post(
      `${path}/:id`,
      {
        summary: `${def.summary}: action on one record`,
        tags: ['Customer Success'],
        params: idParams,
        query: writeQuery,
        body: actionBody(ownActions, null),
        write: writes,
        ...write,
        response: anyOf(Object.keys(ownActions).map(actionReply)),
      },
      async (h) => {
        const { action, ...rest } = h.body as Record<string, unknown> & { action: string };
        requireAdminIfWrite(def, action, h as never);
        const result = await def.actions![action].handler(ctxOf(h as never), rest, {
          id: h.params.id,
          tenantCompanyId: h.query.tenantCompanyId ?? null,
        });
        if (def.actions![action].write !== false) await h.audit(`cs.${def.name}.${action}`, {}, String(h.params.id));
        return Array.isArray(result) || result instanceof CsResult ? toResponse(def, result) : result;
      },
    );
  }

  if (def.update) {
    const update = def.update;
    r.put(
      `${path}/:id`,
      {
        summary: `${def.summary}: update`,
        tags: ['Customer Success'],
        params: idParams,
        query: writeQuery,
        body: updateSchemaOf(def),
        response: replies.written(),
        ...write,
      },
      async (h) => {
        requireAdmin(def, h as never);
        const body = h.body as Record<string, unknown>;
        const row = await update(ctxOf(h as never), h.params.id, body, {
          tenantCompanyId:
            h.query.tenantCompanyId ?? (typeof body.tenantCompanyId === 'number' ? body.tenantCompanyId : null),
        });
        if (row === undefined) throw notFound(`${def.name} ${h.params.id} not found`);
        await h.audit(`cs.${def.name}.update`, {}, String(h.params.id));
        return { records_updated: 1, [def.responseKey]: [row] };
      },
    );
  }

  if (def.save) {
    const save = def.save;
    r.put(
      path,
      {
        summary: `${def.summary}: save`,
        tags: ['Customer Success'],
        params: tenantParams,
        query: writeQuery,
        body: save.schema,
        response: replies.saved(save.reply),
        ...write,
      },
      async (h) => {
        requireAdmin(def, h as never);
        const body = h.body as Record<string, unknown>;
        const tenantCompanyId =
          h.query.tenantCompanyId ?? (typeof body?.tenantCompanyId === 'number' ? body.tenantCompanyId : null);
        if (def.companyLevel && !tenantCompanyId) throw mustSelect('query');
        const value = await save.handler(ctxOf(h as never), body, { tenantCompanyId });
        await h.audit(`cs.${def.name}.save`, {});
        return { records_updated: 1, ...toResponse(def, value) };
      },
    );
  }

  if (def.remove) {
    const remove = def.remove;
    r.delete(
      `${path}/:id`,
      {
        summary: `${def.summary}: delete (soft)`,
        tags: ['Customer Success'],
        params: idParams,
        response: replies.removed,
        ...write,
      },
      async (h) => {
        requireAdmin(def, h as never);
        if (!(await remove(ctxOf(h as never), h.params.id))) throw notFound(`${def.name} ${h.params.id} not found`);
        await h.audit(`cs.${def.name}.delete`, {}, String(h.params.id));
        return { records_updated: 1 };
      },
    );
  }

  if (def.report) {
    const report = def.report;
    const reportBody =
      report.schema instanceof z.ZodObject
        ? report.schema.extend({
            filters: filteredGetBody.shape.filters,
            tenantCompanyId: filteredGetBody.shape.tenantCompanyId,
          })
        : report.schema;
    const run = async (h: HandlerContext<{ id?: number }, unknown, unknown>) => {
      const body = (h.body ?? {}) as Record<string, unknown> & {
        filters?: Record<string, unknown>;
        tenantCompanyId?: number;
      };
      const ctx = ctxOf(h as never);
      const companyIds = body.filters
        ? await resolveCompanyFilter(h.db, body.filters, cs.filterResolvers(), ctx.inputs)
        : null;
      const tenantCompanyId = body.tenantCompanyId ?? null;
      if (def.companyLevel && !tenantCompanyId) throw mustSelect('body');
      return toResponse(def, await report.handler(ctx, body, { id: h.params.id ?? null, companyIds, tenantCompanyId }));
    };
    r.post(
      `${RPT}/${def.name}`,
      {
        summary: `${def.summary}: report`,
        tags: ['Customer Success'],
        params: tenantParams,
        body: reportBody,
        write: false,
        response: replies.envelope(report.reply),
        ...read,
      },
      (h) => run(h as never),
    );
    r.post(
      `${RPT}/${def.name}/:id`,
      {
        summary: `${def.summary}: report of one`,
        tags: ['Customer Success'],
        params: idParams,
        body: reportBody,
        write: false,
        response: replies.envelope(report.reply),
        ...read,
      },
      (h) => run(h as never),
    );
  }
}

function requireAdminIfWrite(def: CsObjectDef, action: string, h: HandlerContext<unknown, unknown, unknown>): void {
  if (def.actions?.[action]?.write !== false) requireAdmin(def, h);
}

function idOf(row: unknown): string | undefined {
  if (!row || typeof row !== 'object') return undefined;
  const entry = Object.entries(row).find(([k, v]) => /Id$/.test(k) && typeof v === 'number');
  return entry ? String(entry[1]) : undefined;
}

/** The registered object types by name; a name registered twice is an error naming it. */
function objectsByName(objects: readonly CsObjectDef[]): Map<string, CsObjectDef> {
  const byName = new Map<string, CsObjectDef>();
  for (const def of objects) {
    if (byName.has(def.name)) throw new Error(`customer-success: CS object ${def.name} is defined twice`);
    byName.set(def.name, def);
  }
  return byName;
}

/**
 * Registers every object type of csObjectsPoint (all plugins' registrations are in when routes are registered), then
 * the catch-alls (unknown object: 404; known object, missing method: 405), which read the registrations per request.
 */
export function registerCsObjectRoutes(r: RouteRegistrar, cs: CsServices): void {
  for (const def of objectsByName(cs.objects()).values()) registerObject(r, def, cs);

  const unknown = (kind: 'cs' | 'csrpt') => async (h: HandlerContext<{ object: string }, unknown, unknown>) => {
    const name = h.params.object;
    const byName = objectsByName(cs.objects());
    if (!byName.has(name)) {
      throw new HttpError(
        404,
        `Unknown Customer Success object type: ${name}. Known types: ${[...byName.keys()].sort().join(', ')}`,
        'unknown_object',
      );
    }
    throw new HttpError(
      405,
      `${name} does not support ${h.koa.method} on ${kind === 'csrpt' ? 'csrpt' : 'cs'}${h.params && 'id' in h.params ? '/{id}' : ''}`,
      'method_not_allowed',
    );
  };
  // Never answers 2xx: the reply schema says so.
  const spec = {
    summary: 'Unknown Customer Success object type (404) or unsupported method (405)',
    tags: ['Customer Success'],
    module: CS_MODULE,
    write: false,
    response: z.never(),
  };
  r.get(`${BASE}/:object`, { ...spec, params: objectParams }, unknown('cs') as never);
  r.get(`${BASE}/:object/:id`, { ...spec, params: objectIdParams }, unknown('cs') as never);
  r.post(`${BASE}/:object`, { ...spec, params: objectParams }, unknown('cs') as never);
  r.post(`${BASE}/:object/:id`, { ...spec, params: objectIdParams }, unknown('cs') as never);
  r.put(`${BASE}/:object`, { ...spec, params: objectParams }, unknown('cs') as never);
  r.put(`${BASE}/:object/:id`, { ...spec, params: objectIdParams }, unknown('cs') as never);
  r.delete(`${BASE}/:object/:id`, { ...spec, params: objectIdParams }, unknown('cs') as never);
  r.post(`${RPT}/:object`, { ...spec, params: objectParams }, unknown('csrpt') as never);
  r.post(`${RPT}/:object/:id`, { ...spec, params: objectIdParams }, unknown('csrpt') as never);
}
