/** Transaction helpers for routes whose scope depends on the caller. */
import type { Trx } from '../db/database';
import { TENANT_SETTING } from '../db/roles';

/**
 * Scopes an application-role transaction (a `scope: 'public'` route) to the
 * caller's tenant, transaction-locally, as Database.withTenant does. Used by
 * signed-in routes that must also answer callers who have no tenant.
 */
export async function enterTenant(trx: Trx, tenantId: number, userId: number): Promise<void> {
  await trx.raw(`select set_config(?, ?, true), set_config('app.user_id', ?, true)`, [TENANT_SETTING, String(tenantId), String(userId)]);
}

/** Runs fn once the transaction has committed (immediately when it already has). */
export function afterCommit(trx: Trx, fn: () => void): void {
  const p = (trx as { executionPromise?: Promise<unknown> }).executionPromise;
  if (!p) { fn(); return; }
  p.then(fn, () => {});
}
