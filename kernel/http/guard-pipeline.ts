/**
 * The one pipeline of checks every signed-in call passes, whichever way it arrives: an HTTP route
 * (app.ts runRoute), a realtime apiinvoke function over the socket (realtime/invoke.ts) or over its HTTP
 * fallback (a route that dispatches to the function). Each names what it runs as a GuardTarget:
 *
 *   1. checkCaller       auth level (tenant admin, LCI admin), access to the page (any access to read,
 *                        Read/Write to write: "You only have Read Only Access to This Page."), the module
 *   2. checkMaintenance  a write while maintenance mode is on answers 503 (LCI admins pass)
 *   3. the transaction   read-only unless the target writes
 *   4. guardWrite        inside the transaction, before the work: the plugins' write guards (billing:
 *                        subscription violations, 402) for tenant writes of plugin-owned targets
 *
 * LCI admins pass 1, 2 and 4; tenant admins pass the page check (their group's list does not limit them).
 */
import type { Trx } from '../db/database';
import type { Kernel } from '../kernel';
import { writeGuardPoint } from '../points';
import { Maintenance } from '../maintenance';
import type { Caller, ModuleRequirement } from '../types';
import { HttpError, forbidden } from './errors';
import { accessRefusal, moduleAllows, msgModuleRequired } from '../../common/access-rule';

import { MSG_LCI_ADMIN, MSG_NO_TENANT, MSG_READ_ONLY, MSG_TENANT_ADMIN } from '../../common/texts';
export { MSG_LCI_ADMIN, MSG_NO_TENANT, MSG_TENANT_ADMIN };
const MSG_MAINTENANCE = 'Lifecycle is under maintenance; changes are paused. Please try again shortly.';

/** What a call runs, as the checks see it. */
export interface GuardTarget {
  /** Who declared it: a plugin id, or 'kernel:<area>' (kernel targets skip the plugins' write guards). */
  owner: string;
  /** The method and path the write guards are told (a realtime function: POST and its fallback path). */
  method: string;
  path: string;
  auth?: 'public' | 'user' | 'internal' | 'tenantAdmin';
  /** Permission key: any access to call, Read/Write to write. */
  page?: string;
  /** Modules of which the caller needs one ('Any': none). */
  module?: ModuleRequirement;
  write: boolean;
  /** Allowed while maintenance mode is on (default: reads yes, writes no). */
  duringMaintenance?: boolean;
}

/**
 * The module part of step 1 alone, run before a route's input is read: a caller whose tenant or group lacks the
 * area's modules is refused whatever it sends (and learns nothing of the route's input). Throws 403.
 */
export function checkModule(caller: Caller | null, module: ModuleRequirement | undefined): void {
  if (!caller || caller.isLciAdmin) return;
  if (!moduleAllows(caller.modules, module)) throw forbidden(msgModuleRequired(module!));
}

/** Step 1: auth level, page access (Read Only refuses writes), module. Throws 403. */
export function checkCaller(_k: Kernel, caller: Caller | null, target: GuardTarget): void {
  if (!caller) return;
  if (target.auth === 'internal' && !caller.isLciAdmin) throw forbidden(MSG_LCI_ADMIN);
  if (target.auth === 'tenantAdmin' && !(caller.isTenantAdmin || caller.isLciAdmin)) throw forbidden(MSG_TENANT_ADMIN);
  // Ordinary users are limited to their access list (platform.md section 6); tenant admins are not; LCI admins pass.
  // The rule is common/access-rule.ts, which the workspace's guard and read-only lock run too.
  const refusal = accessRefusal(caller, target);
  if (refusal === 'page') throw forbidden(`You do not have access to ${target.page}`);
  if (refusal === 'readOnly') throw forbidden(MSG_READ_ONLY);
  if (refusal === 'module') throw forbidden(msgModuleRequired(target.module!));
}

/** Step 2: writes wait while maintenance mode is on. Throws 503 maintenance. */
export async function checkMaintenance(
  maintenance: Maintenance,
  caller: Caller | null,
  target: GuardTarget,
): Promise<void> {
  if (!target.write || (target.duringMaintenance ?? false) || caller?.isLciAdmin) return;
  const m = await maintenance.get();
  if (m.on) throw new HttpError(503, m.message || MSG_MAINTENANCE, 'maintenance', undefined, { maintenance: true });
}

/**
 * Step 4: the plugins' write guards (billing: subscription violations) on tenant writes of plugin targets; the
 * kernel's own targets and LCI admins pass. Call it inside the transaction: a refusal then writes nothing.
 */
export async function guardWrite(
  k: Kernel,
  trx: Trx,
  tenantId: number,
  target: GuardTarget,
  caller: Caller | null,
): Promise<void> {
  if (!target.write || !caller || caller.isLciAdmin || target.owner.startsWith('kernel:')) return;
  for (const guard of k.extensions(writeGuardPoint)) {
    const refusal = await guard(trx, tenantId, {
      method: target.method,
      path: target.path,
      owner: target.owner,
      page: target.page,
    });
    if (refusal) throw new HttpError(refusal.status, refusal.message, refusal.code);
  }
}

const maintenances = new WeakMap<Kernel, Maintenance>();

/** The kernel's maintenance reader (one per kernel, shared by HTTP and the socket; its cache lives 2 s). */
export function maintenanceOf(k: Kernel): Maintenance {
  let m = maintenances.get(k);
  if (!m) {
    m = new Maintenance(k.db.knex);
    maintenances.set(k, m);
  }
  return m;
}
