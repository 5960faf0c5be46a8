/**
 * The routes of one object type (routes.ts registers them for every type of csObjectsPoint), step by step in the
 * order they are registered: list, one record, create / filteredGet / action, action on one record, update, save,
 * soft delete, report. A step whose handler the type lacks registers nothing (the catch-alls answer 405).
 */
import { z } from 'zod';
import { notFound, type HandlerContext, type RouteRegistrar } from '../../../../kernel/index';
import { resolveCompanyFilter } from '../filters/resolve';
import type { CsServices } from '../services';
import {
  idOf,
  mustSelect,
  objectRouting,
  requireAdmin,
  requireAdminIfWrite,
  updateSchemaOf,
  type ObjectRouting,
} from './object-routing';
import { RPT } from './paths';
import { CsResult, type CsObjectDef } from './registry';
import { anyOf, toResponse } from './replies';
import { actionBody, filteredGetBody, idParams, listQuery, tenantParams, writeQuery } from './schemas';

export function registerObject(r: RouteRegistrar, def: CsObjectDef, cs: CsServices): void {
  const o = objectRouting(def, cs);
  registerList(r, o);
  registerGetOne(r, o);
  registerCreateOrAction(r, o);
  registerRecordAction(r, o);
  registerUpdate(r, o);
  registerSave(r, o);
  registerRemove(r, o);
  registerReports(r, o);
}

/** GET <object>: the list (query tenantCompanyId, activeFlag and the type's own query fields). */
function registerList(r: RouteRegistrar, { def, path, read, replies, extraQuery, list }: ObjectRouting): void {
  const getQuery = listQuery.extend(extraQuery.shape);
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
}

/** GET <object>/:id: one record. */
function registerGetOne(r: RouteRegistrar, { def, path, read, replies, ctxOf }: ObjectRouting): void {
  if (!def.get) return;
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

/** POST <object>: create (no action), filteredGet, or the object's own actions. */
function registerCreateOrAction(r: RouteRegistrar, o: ObjectRouting): void {
  const { def, path, write, replies, ctxOf, actions, actionReply, writes, list } = o;
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
}

/** POST <object>/:id: one of the object's own actions on one record (when it has any). */
function registerRecordAction(r: RouteRegistrar, o: ObjectRouting): void {
  const { def, path, write, ctxOf, actions, actionReply, writes } = o;
  const ownActions = Object.fromEntries(Object.entries(actions).filter(([n]) => n !== 'filteredGet'));
  if (!Object.keys(ownActions).length) return;
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

/** PUT <object>/:id: update one record. */
function registerUpdate(r: RouteRegistrar, { def, path, write, replies, ctxOf }: ObjectRouting): void {
  if (!def.update) return;
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

/** PUT <object> (no id): save a whole set. */
function registerSave(r: RouteRegistrar, { def, path, write, replies, ctxOf }: ObjectRouting): void {
  if (!def.save) return;
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

/** DELETE <object>/:id: soft delete (activeFlag 0). */
function registerRemove(r: RouteRegistrar, { def, path, write, replies, ctxOf }: ObjectRouting): void {
  if (!def.remove) return;
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

/** POST csrpt/<object>[/:id]: the report (filters and tenantCompanyId beside the report's own body). */
function registerReports(r: RouteRegistrar, { def, cs, read, replies, ctxOf }: ObjectRouting): void {
  if (!def.report) return;
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
