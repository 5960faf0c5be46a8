/**
 * The kernels this process runs (usually one; tests may start several). The plugin's providers are plain
 * functions of (trx, tenantId) without the kernel, yet need it for two things: other plugins' activeCompanies
 * providers and the kernel's access cache. The billing plugin binds its kernel at start and unbinds it at stop.
 */
import type { Kernel, Trx } from '../../../kernel/index';

const live = new Set<Kernel>();

export function bindKernel(k: Kernel): void { live.add(k); }
export function unbindKernel(k: Kernel): void { live.delete(k); }
export function liveKernels(): Kernel[] { return [...live]; }

/** Runs fn after the transaction commits (at once when it is not a transaction). */
export function afterCommit(trx: Trx, fn: () => void): void {
  const p = (trx as { executionPromise?: Promise<unknown> }).executionPromise;
  if (!p) { fn(); return; }
  p.then(fn, () => {});
}

/**
 * Refreshes a tenant's module access: drops the kernels' cached callers of the tenant now and again once the
 * transaction has committed (a caller resolved in between would otherwise keep the old modules for 30 s), and
 * tells the tenant's open workspaces to reload their access (store target lci.accessChanged).
 */
export function refreshTenantAccess(trx: Trx, tenantId: number): void {
  const run = () => {
    for (const k of live) {
      k.access.invalidate(tenantId);
      void k.realtime?.storeUpdate(`tenant:${tenantId}`, 'lci.accessChanged', { tenantId }).catch(() => undefined);
    }
  };
  for (const k of live) k.access.invalidate(tenantId);
  afterCommit(trx, run);
}
