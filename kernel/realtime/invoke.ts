/**
 * apiinvoke: functions plugins register by name, run in the caller's tenant
 * scope (one RLS transaction). Used by the socket and by the HTTP fallback.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Trx } from '../db/database';
import { MSG_NO_TENANT } from '../http/app';
import { fromDatabaseError } from '../http/db-errors';
import { HttpError, forbidden, notFound } from '../http/errors';
import type { Kernel } from '../kernel';
import type { RealtimeFunction } from '../plugin';
import type { Caller } from '../types';

const NAME = /^[A-Za-z][A-Za-z0-9_.:-]{0,199}$/;

export class FunctionRegistry {
  private readonly fns = new Map<string, RealtimeFunction>();
  register(name: string, fn: RealtimeFunction): void {
    if (!NAME.test(name)) throw new Error(`realtime function name "${name}" must start with a letter and use letters, digits, _ . : -`);
    if (this.fns.has(name)) throw new Error(`realtime function "${name}" is already registered`);
    if (typeof fn !== 'function') throw new Error(`realtime function "${name}" must be a function`);
    this.fns.set(name, fn);
  }
  get(name: string): RealtimeFunction | undefined { return this.fns.get(name); }
  names(): string[] { return [...this.fns.keys()].sort(); }
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
export async function callFunction(k: Kernel, registry: FunctionRegistry, caller: Caller, tenantId: number, name: string, payload: unknown, trx: Trx): Promise<unknown> {
  const fn = registry.get(name);
  if (!fn) throw notFound(`No realtime function named ${name}`);
  if (caller.impersonation) {
    await k.audit.write(trx, {
      tenantId, actorUserId: caller.userId, impersonatorUserId: caller.userId, action: 'impersonated.apiinvoke', target: name,
      details: { impersonation: caller.impersonation, homeTenantId: caller.homeTenantId },
    });
  }
  return fn({ caller, tenantId, db: trx, payload });
}

/** Resolves the tenant and runs the function in its own tenant transaction (the socket path). */
export async function invoke(k: Kernel, registry: FunctionRegistry, caller: Caller, name: string, payload: unknown, requestedTenant?: number): Promise<unknown> {
  if (!registry.get(name)) throw notFound(`No realtime function named ${name}`);
  const tenantId = invokeTenant(caller, requestedTenant);
  return k.db.withTenant(tenantId, (trx) => callFunction(k, registry, caller, tenantId, name, payload, trx), { userId: caller.userId });
}

/** An error as the client sees it: status and message, never a stack. */
export function toClientError(e: unknown, log: Kernel['log'], context: Record<string, unknown>): { status: number; message: string } {
  if (e instanceof HttpError) return { status: e.status, message: e.message };
  if (e instanceof z.ZodError) return { status: 400, message: `Invalid payload: ${e.issues.map((i) => `${i.path.join('.') || 'payload'} ${i.message}`).join('; ')}` };
  const db = fromDatabaseError(e);
  if (db) return { status: db.status, message: db.message };
  const id = crypto.randomUUID();
  log.error({ err: e, errorId: id, ...context }, 'realtime function failed');
  return { status: 500, message: `Something went wrong on our side (error ${id})` };
}
