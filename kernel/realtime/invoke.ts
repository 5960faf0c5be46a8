/**
 * apiinvoke: functions plugins register by name, run in the caller's tenant
 * scope (one RLS transaction). Used by the socket and by the HTTP fallback,
 * both through the checks of kernel/http/guard-pipeline.ts that HTTP routes
 * pass: auth level, page (Read Only refuses a write), module, maintenance,
 * and inside the transaction the plugins' write guards (billing). A function
 * that does not declare `write` runs in a read-only transaction.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Trx } from '../db/database';
import { fromDatabaseError } from '../http/db-errors';
import { HttpError, forbidden, notFound } from '../http/errors';
import {
  MSG_NO_TENANT,
  checkCaller,
  checkMaintenance,
  guardWrite,
  maintenanceOf,
  type GuardTarget,
} from '../http/guard-pipeline';
import type { Kernel } from '../kernel';
import type { RealtimeAccess, RealtimeFunction, RealtimeFunctionDef } from '../plugin';
import type { Caller, ModuleRequirement } from '../types';

const NAME = /^[A-Za-z][A-Za-z0-9_.:-]{0,199}$/;
/** The HTTP fallback's path; write guards see it for a call over the socket too. */
const APIINVOKE_FALLBACK_PATH = '/v3/tenant/:tenantId/apiinvoke/:function';

interface RegisteredFunction {
  name: string;
  owner: string;
  handler: RealtimeFunction;
  access: RealtimeAccess;
}

export class FunctionRegistry {
  private readonly fns = new Map<string, RegisteredFunction>();
  /**
   * owner: the plugin id, or kernel:<area> for the kernel's own functions (default kernel:realtime). `defaultModule`
   * (the plugin's `module`) applies when the function declares none; neither is an error ('Any' says none).
   */
  register(
    name: string,
    fn: RealtimeFunction | RealtimeFunctionDef,
    owner = 'kernel:realtime',
    defaultModule?: ModuleRequirement,
  ): void {
    if (!NAME.test(name))
      throw new Error(`realtime function name "${name}" must start with a letter and use letters, digits, _ . : -`);
    if (this.fns.has(name)) throw new Error(`realtime function "${name}" is already registered`);
    const { handler, ...access } = typeof fn === 'function' ? { handler: fn } : fn;
    if (typeof handler !== 'function') throw new Error(`realtime function "${name}" must be a function`);
    const module = access.module ?? defaultModule;
    if (module === undefined)
      throw new Error(
        `${owner}: realtime function "${name}" declares no module and its plugin none either: set the plugin's \`module\` or the function's ('Any' for none)`,
      );
    this.fns.set(name, { name, owner, handler, access: { ...access, module } });
  }
  get(name: string): RealtimeFunction | undefined {
    return this.fns.get(name)?.handler;
  }
  entry(name: string): RegisteredFunction | undefined {
    return this.fns.get(name);
  }
  names(): string[] {
    return [...this.fns.keys()].sort();
  }
  list(): RegisteredFunction[] {
    return this.names().map((n) => this.fns.get(n)!);
  }
}

/** What the checks see of a call of a function with this payload (404 when no such function). */
function functionTarget(registry: FunctionRegistry, name: string, payload: unknown): GuardTarget {
  const fn = registry.entry(name);
  if (!fn) throw notFound(`No realtime function named ${name}`);
  const w = fn.access.write;
  const write = typeof w === 'function' ? w(payload) : w === true;
  return {
    owner: fn.owner,
    method: 'POST',
    path: APIINVOKE_FALLBACK_PATH.replace(':function', name),
    auth: fn.access.auth,
    page: fn.access.page,
    module: fn.access.module,
    write,
    duringMaintenance: fn.access.duringMaintenance,
  };
}

/** The access of the HTTP fallback route: that of the function its params name (route-spec.ts `dispatch`). */
export function fallbackDispatch(registry: FunctionRegistry) {
  return ({ params, body }: { params: unknown; body: unknown }): GuardTarget =>
    functionTarget(
      registry,
      (params as { function: string }).function,
      (body as { payload?: unknown } | undefined)?.payload,
    );
}

/**
 * The tenant an apiinvoke runs in: the caller's current (effective) tenant; a
 * different tenantId in the message is honoured only while the caller is
 * impersonating and holds allowImpersonationFlag.
 */
export function invokeTenant(caller: Caller, requested?: number): number {
  if (requested === undefined || requested === caller.tenantId) {
    if (caller.tenantId === null) throw forbidden(MSG_NO_TENANT);
    return caller.tenantId;
  }
  if (caller.impersonation && caller.allowImpersonationFlag) return requested;
  throw forbidden(`Tenant ${requested} is not your current tenant`);
}

/** Calls a registered function inside the given transaction; audits calls made under impersonation. */
export async function callFunction(
  k: Kernel,
  registry: FunctionRegistry,
  caller: Caller,
  tenantId: number,
  name: string,
  payload: unknown,
  trx: Trx,
): Promise<unknown> {
  const fn = registry.get(name);
  if (!fn) throw notFound(`No realtime function named ${name}`);
  if (caller.impersonation) {
    await k.audit.write(trx, {
      tenantId,
      actorUserId: caller.userId,
      impersonatorUserId: caller.userId,
      action: 'impersonated.apiinvoke',
      target: name,
      details: { impersonation: caller.impersonation, homeTenantId: caller.homeTenantId },
    });
  }
  return fn({ caller, tenantId, db: trx, payload });
}

/**
 * The socket path: resolves the tenant, passes the checks an HTTP route passes (guard-pipeline.ts) and runs the
 * function in its own tenant transaction, read-only unless the function writes (then the write guards run first).
 */
export async function invoke(
  k: Kernel,
  registry: FunctionRegistry,
  caller: Caller,
  name: string,
  payload: unknown,
  requestedTenant?: number,
): Promise<unknown> {
  const target = functionTarget(registry, name, payload);
  const tenantId = invokeTenant(caller, requestedTenant);
  checkCaller(k, caller, target);
  await checkMaintenance(maintenanceOf(k), caller, target);
  return k.db.withTenant(
    tenantId,
    async (trx) => {
      await guardWrite(k, trx, tenantId, target, caller);
      return callFunction(k, registry, caller, tenantId, name, payload, trx);
    },
    { userId: caller.userId, readOnly: !target.write },
  );
}

/** An error as the client sees it: status, code (as in HTTP's error body, e.g. 402 noSubscription) and message, never a stack. */
export function toClientError(
  e: unknown,
  log: Kernel['log'],
  context: Record<string, unknown>,
): { status: number; code?: string; message: string } {
  if (e instanceof HttpError) return { status: e.status, code: e.code, message: e.message };
  if (e instanceof z.ZodError)
    return {
      status: 400,
      message: `Invalid payload: ${e.issues.map((i) => `${i.path.join('.') || 'payload'} ${i.message}`).join('; ')}`,
    };
  const db = fromDatabaseError(e);
  if (db) return { status: db.status, message: db.message };
  const id = crypto.randomUUID();
  log.error({ err: e, errorId: id, ...context }, 'realtime function failed');
  return { status: 500, message: `Something went wrong on our side (error ${id})` };
}
