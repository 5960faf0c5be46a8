/**
 * The Customer Success object API registry (customer-success.md section 7 "Customer success objects").
 * Each object type is one `defineCsObject({...})` value registered into `csObjectsPoint` (public.ts) by the plugin
 * that owns it (CS's own in server/objects.ts); the routes of object-api/routes.ts serve every registered type under
 * v3/cs/tenant/:tenantId/cs/<name>[/:id] and v3/cs/tenant/:tenantId/csrpt/<name>[/:id]. See the plugin README
 * "Adding a CS object type".
 */
import type { z } from 'zod';
import type { Caller, HandlerContext, Trx } from '../../../../kernel/index';
import { CS_OBJECT_KEYS } from '../../shared/cs-objects';
import type { CsFilters } from '../../shared/filter-rules';
import type { CsInputs } from '../inputs/request-inputs';
import type { CsServices } from '../services';
import { MSG_MUST_SELECT_CUSTOMER } from '../../../../common/texts';

/** What every handler of an object type gets: the request's transaction and caller. */
export interface CsContext {
  db: Trx;
  tenantId: number;
  caller: Caller | null;
  audit: HandlerContext<unknown, unknown, unknown>['audit'];
  /** Customer Success's services: contracts as CS reads them, cut scores, segments staleness, registrations. */
  cs: CsServices;
  /** The request's inputs (companies, segment settings, cuts, contracts, scores): each read once for the request. */
  inputs: CsInputs;
}

/** Arguments of a list (GET, or POST { action: 'filteredGet' }). */
export interface CsListArgs<Q = Record<string, unknown>> {
  /** Query tenantCompanyId (always set for companyLevel objects on a plain GET). */
  tenantCompanyId: number | null;
  /** 1: active records (default); 0: the soft-deleted ones. */
  activeFlag: 0 | 1;
  /** The filters of a filteredGet, as sent (null on a plain GET). */
  filters: CsFilters | null;
  /**
   * The company id set the filters resolve to (filters/resolve.ts), or null when nothing is filtered
   * (every company). A list of a filteredGet must keep only rows of these companies.
   */
  companyIds: number[] | null;
  /** The object's own extra query fields (def.query), parsed. */
  query: Q;
}

/** A list value with sibling fields next to the responseKey (e.g. linkTables). */
export class CsResult {
  constructor(
    public value: unknown,
    public extra: Record<string, unknown> = {},
  ) {}
}
export const csResult = (value: unknown, extra: Record<string, unknown> = {}) => new CsResult(value, extra);
export type CsListValue = unknown[] | CsResult;

export interface CsWriteArgs {
  /** Company of a companyLevel object: query tenantCompanyId, else body.tenantCompanyId. */
  tenantCompanyId: number | null;
}

/**
 * The reply schemas of an object type (CsObjectDef.reply): the routes declare them (test servers check every 2xx
 * reply against them, OpenAPI shows them). Build them from the zod schemas of the plugin's shared/api.ts.
 */
export interface CsReplyDef {
  /** A list's item (unless `value`), and one record as GET /:id, create and update answer it (`[row]`) unless `record`. */
  row?: z.ZodType;
  /** One record as GET /:id, create and update answer it, when it has more than a list's item (e.g. its scores). */
  record?: z.ZodType;
  /** The value under responseKey of a list (GET, filteredGet) when it is not an array of `row`. */
  value?: z.ZodType;
  /** The fields beside responseKey of a list (the extra of csResult: linkTables, stale_data...). */
  extra?: z.ZodRawShape;
}
/** The reply of a save, action or report that answers a list value (array or csResult): the list's unless given. */
export type CsEnvelopeDef = Pick<CsReplyDef, 'value' | 'extra'>;

export interface CsActionDef<S extends z.ZodType = z.ZodType> {
  /** Body schema of the action (the `action` field itself is added by the framework). */
  schema: S;
  /** The reply of a handler that returns a plain object (not an array or csResult), as it is sent. */
  response?: z.ZodType;
  /** The reply of a handler that returns a list value: responseKey and extra fields (default: the list's). */
  reply?: CsEnvelopeDef;
  /** Whether the action writes (default true). */
  write?: boolean;
  handler(
    ctx: CsContext,
    body: z.output<S>,
    args: { id: number | null; tenantCompanyId: number | null },
  ): Promise<unknown>;
}

export interface CsObjectDef<
  S extends z.ZodType = z.ZodType,
  U extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
> {
  /** The object type as in the spec (TenantCompanyGoal...): the {object} of the path. */
  name: string;
  /** Field of the response that holds the value (e.g. tenantCompanyGoals); the workspace client requires it. */
  responseKey: string;
  /** Company-level objects need a company: 'Must select a customer' without one. */
  companyLevel: boolean;
  summary: string;
  /** Permission keys: reads need any access to `read`, writes Read/Write on `write` (none: module check only). */
  pages?: { read?: string; write?: string };
  /** Writes (create, update, save, remove, write actions) need a tenant admin. */
  adminWrites?: boolean;
  /**
   * The reply shapes (required): a function of the services when they depend on registrations (e.g. the
   * dashboard's charts of csDashboardChartsPoint).
   */
  reply: CsReplyDef | ((cs: CsServices) => CsReplyDef);
  /** Body of POST (create). Also the default of PUT /:id as `.partial()` when it is a z.object. */
  schema: S;
  /** Body of PUT /:id (default: schema.partial() for an object schema). */
  updateSchema?: U;
  /** Extra query fields of GET (a z.object of optional fields, e.g. startDate). */
  query?: Q;
  list(ctx: CsContext, args: CsListArgs<z.output<Q>>): Promise<CsListValue>;
  /** One record by id (GET /:id); undefined answers 404. */
  get?(ctx: CsContext, id: number): Promise<unknown | undefined>;
  /** POST: returns the new record. */
  create?(ctx: CsContext, body: z.output<S>, args: CsWriteArgs): Promise<unknown>;
  /** PUT /:id: returns the record, or undefined for 404. May throw conflict() on a stale version. */
  update?(ctx: CsContext, id: number, body: z.output<U>, args: CsWriteArgs): Promise<unknown | undefined>;
  /** PUT without id: saves a whole set (e.g. the cut scores of a type). Returns the value saved. */
  save?: {
    schema: z.ZodType;
    reply?: CsEnvelopeDef;
    handler(ctx: CsContext, body: any, args: CsWriteArgs): Promise<CsListValue>;
  };
  /** DELETE /:id: soft delete (activeFlag 0). false answers 404. */
  remove?(ctx: CsContext, id: number): Promise<boolean>;
  /** POST { action: name, ... } (and POST /:id { action }); filteredGet is built in. */
  actions?: Record<string, CsActionDef>;
  /** POST csrpt/<name>[/:id]: a report (read-only). */
  report?: {
    schema: z.ZodType;
    reply?: CsEnvelopeDef;
    handler(
      ctx: CsContext,
      body: any,
      args: { id: number | null; companyIds: number[] | null; tenantCompanyId: number | null },
    ): Promise<CsListValue>;
  };
}

/**
 * Declares an object type (typed identity; register the value into csObjectsPoint). `keys` is the name -> response
 * field map the plugin's workspace client shares (CS: shared/cs-objects.ts); the type must be listed in it.
 */
export function defineCsObject<
  S extends z.ZodType,
  U extends z.ZodType = S,
  Q extends z.ZodType = z.ZodObject<Record<string, never>>,
>(def: CsObjectDef<S, U, Q>, keys: Readonly<Record<string, string>> = CS_OBJECT_KEYS): CsObjectDef {
  if (!/^[A-Z][A-Za-z]+$/.test(def.name))
    throw new Error(`CS object name "${def.name}" must be the spec's PascalCase name`);
  const key = Object.prototype.hasOwnProperty.call(keys, def.name) ? keys[def.name] : undefined;
  if (key !== def.responseKey)
    throw new Error(
      `CS object ${def.name}: responseKey "${def.responseKey}" must be listed in the plugin's object keys (found ${JSON.stringify(key)})`,
    );
  return def as unknown as CsObjectDef;
}

export { MSG_MUST_SELECT_CUSTOMER };
