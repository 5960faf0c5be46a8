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
 * One type's routes: object-routes.ts (what they share: object-routing.ts; their reply schemas: replies.ts).
 */
import { z } from 'zod';
import { HttpError, type HandlerContext, type RouteRegistrar } from '../../../../kernel/index';
import type { CsServices } from '../services';
import { registerObject } from './object-routes';
import { BASE, RPT, CS_MODULE } from './paths';
import type { CsObjectDef } from './registry';
import { objectIdParams, objectParams } from './schemas';

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
