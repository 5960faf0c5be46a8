/** How a plugin declares a route: path, schemas and access; the handler gets parsed input and the request's transaction. */
import type Koa from 'koa';
import type { z } from 'zod';
import type { Trx } from '../db/database';
import type { Caller, ModuleRequirement } from '../types';
import { moduleRequirementList } from '../../common/access-rule';
import type { GuardTarget } from './guard-pipeline';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

interface RouteAccess {
  /**
   * public: no token (public API key accepted). user (default): a signed-in
   * caller. internal: an internal (LCI) admin. tenantAdmin: a tenant admin or internal admin.
   */
  auth?: 'public' | 'user' | 'internal' | 'tenantAdmin';
  /** Permission key: the page url this endpoint serves. GET needs any access; writes need Read/Write. */
  page?: string;
  /**
   * The modules the tenant must have and the caller's group include (one, or a list meaning "any of"); 'Any': none.
   * Absent: the plugin's `module` (a plugin that declares none must say it on every route).
   */
  module?: ModuleRequirement;
  /** Overrides whether the call writes (default: every method but GET). */
  write?: boolean | ((body: unknown) => boolean);
}

export interface RouteSpec<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
> extends RouteAccess {
  summary?: string;
  tags?: string[];
  params?: P;
  query?: Q;
  body?: B;
  response?: Schema;
  /**
   * Database scope of the handler. tenant (default for signed-in routes): the
   * caller's tenant under RLS. public (default for public routes): the app role
   * with no tenant. system: cross-tenant, audited; only for internal routes or
   * public lookups that need it.
   */
  scope?: 'tenant' | 'public' | 'system';
  /** Whether the response may be rerouted to storage when large (default true). */
  reroute?: boolean;
  /** Allowed while maintenance mode is on (default: reads yes, writes no). */
  duringMaintenance?: boolean;
  /**
   * The handler gets the request body unparsed, as text (`rawBody`, at most 1 MB), e.g. to verify a
   * webhook signature over the exact bytes sent; `body` is not parsed then (declare no body schema).
   */
  rawBody?: boolean;
  /** false: a public route that needs no API key header (a webhook whose handler verifies a signature). */
  apiKey?: false;
  /**
   * Body fields (dot paths, e.g. 'csv') whose text may hold the NUL character, which every other field is refused
   * for (400): the handler refuses it itself, more precisely (the CSV import: per row). Nothing with NUL may reach SQL.
   */
  nulAllowed?: string[];
  /**
   * A route that runs something declared elsewhere (the HTTP fallback of realtime functions): the access of what
   * the parsed params and body name (owner, auth, page, module, write, duringMaintenance), which the checks of
   * guard-pipeline.ts then apply instead of this spec's. Throw (e.g. 404) when it names nothing.
   */
  dispatch?(input: { params: unknown; body: unknown }): GuardTarget;
}

export interface HandlerContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The request's transaction (tenant-scoped unless the route says otherwise). Use nothing else. */
  db: Trx;
  /** The signed-in caller; null on public routes. */
  caller: Caller | null;
  /** The effective tenant of a tenant-scoped route. */
  tenantId: number;
  koa: Koa.Context;
  /** The unparsed request body of a route declared with `rawBody: true`; undefined otherwise. */
  rawBody?: string;
  /** Writes an audit entry in the same transaction, with both identities under impersonation. */
  audit(action: string, details?: Record<string, unknown>, target?: string): Promise<void>;
}

type Handler<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> = (
  ctx: HandlerContext<Out<P>, Out<Q>, Out<B>>,
) => Promise<unknown> | unknown;

export interface RegisteredRoute {
  method: Method;
  path: string;
  spec: RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined>;
  handler: Handler<Schema | undefined, Schema | undefined, Schema | undefined>;
  owner: string;
}

/** A reply with a status other than 200, or extra headers. */
export class Reply {
  constructor(
    public status: number,
    public body: unknown,
    public headers: Record<string, string> = {},
  ) {}
}
export const reply = (status: number, body: unknown, headers?: Record<string, string>) =>
  new Reply(status, body, headers);

export interface RouteRegistrar {
  get<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined>(
    path: string,
    spec: RouteSpec<P, Q, undefined>,
    handler: Handler<P, Q, undefined>,
  ): void;
  post<
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
  >(
    path: string,
    spec: RouteSpec<P, Q, B>,
    handler: Handler<P, Q, B>,
  ): void;
  put<
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
  >(
    path: string,
    spec: RouteSpec<P, Q, B>,
    handler: Handler<P, Q, B>,
  ): void;
  patch<
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
  >(
    path: string,
    spec: RouteSpec<P, Q, B>,
    handler: Handler<P, Q, B>,
  ): void;
  delete<
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
  >(
    path: string,
    spec: RouteSpec<P, Q, B>,
    handler: Handler<P, Q, B>,
  ): void;
}

/** What applies to each route of an owner that does not say otherwise. */
interface RouteDefaults {
  /** The owner's module requirement (a plugin's `module`; the kernel's own routes: 'Any'). */
  module?: ModuleRequirement;
}

/**
 * The kernel's own routes (sign-in and identity, session, security groups, user manager, flags, the dashboard's
 * charts, which each check their own module, the realtime fallback, which checks its function's): the platform every
 * tenant has, so no module.
 */
export const KERNEL_ROUTES: RouteDefaults = { module: 'Any' };

/**
 * A route's module requirement: its own, else its owner's. Neither is an error, so a missing declaration never means
 * "ungated"; a public route (no caller to check) may only need none.
 */
function routeModule(
  owner: string,
  path: string,
  auth: RouteAccess['auth'],
  own?: ModuleRequirement,
  defaults?: ModuleRequirement,
): ModuleRequirement {
  const module = own ?? defaults;
  if (module === undefined)
    throw new Error(
      `${owner}: route ${path} declares no module and its plugin none either: set the plugin's \`module\` or the route's ('Any' for none)`,
    );
  if ((auth ?? 'user') === 'public' && moduleRequirementList(module).length)
    throw new Error(
      `${owner}: public route ${path} cannot require a module (no caller to check): declare module 'Any'`,
    );
  return module;
}

/** Collects routes with their owner, for the router, OpenAPI, the isolation probe and the fuzzer. */
export class RouteTable {
  readonly routes: RegisteredRoute[] = [];
  /** `defaults.module` applies to each route that declares none (routeModule). */
  registrar(owner: string, defaults: RouteDefaults = {}): RouteRegistrar {
    const add =
      (method: Method) => (path: string, declared: RegisteredRoute['spec'], handler: RegisteredRoute['handler']) => {
        if (!/^\/(v1|v3)\//.test(path)) throw new Error(`${owner}: route ${path} must live under /v1/ or /v3/`);
        if (this.routes.some((r) => r.method === method && r.path === path))
          throw new Error(`${owner}: route ${method.toUpperCase()} ${path} is already registered`);
        const spec = { ...declared, module: routeModule(owner, path, declared.auth, declared.module, defaults.module) };
        if (spec.apiKey === false && spec.auth !== 'public')
          throw new Error(`${owner}: route ${path}: apiKey false is only for public routes`);
        if (spec.rawBody && spec.body)
          throw new Error(`${owner}: route ${path}: a rawBody route declares no body schema`);
        this.routes.push({ method, path, spec, handler, owner });
      };
    return {
      get: add('get'),
      post: add('post'),
      put: add('put'),
      patch: add('patch'),
      delete: add('delete'),
    } as unknown as RouteRegistrar;
  }
}
