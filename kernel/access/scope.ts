/** Transaction helpers for routes whose scope depends on the caller. */
import { enterTenantScope, type Trx } from '../db/database';

/**
 * Scopes an application-role transaction (a `scope: 'public'` route) to the
 * caller's tenant, transaction-locally, as Database.withTenant does. Used by
 * signed-in routes that must also answer callers who have no tenant.
 */
export function enterTenant(trx: Trx, tenantId: number, userId: number): Promise<void> {
  return enterTenantScope(trx, tenantId, userId);
}

/** Runs fn once the transaction has committed (immediately when it already has). */
export function afterCommit(trx: Trx, fn: () => void): void {
  const p = (trx as { executionPromise?: Promise<unknown> }).executionPromise;
  if (!p) {
    fn();
    return;
  }
  p.then(fn, () => {});
}
