/** Telling the kernel that a tenant's subscription changed, so its module access is read again. */
import { afterCommit, type Kernel, type Trx } from '../../../kernel/index';

/**
 * Refreshes a tenant's module access on the kernel that made the change: drops its cached callers of the tenant
 * now and again once the transaction has committed (a caller resolved in between would otherwise keep the old
 * modules for 30 s), and tells the tenant's open workspaces to reload their access (store target lci.accessChanged).
 */
export function refreshTenantAccess(k: Pick<Kernel, 'access' | 'realtime'>, trx: Trx, tenantId: number): void {
  k.access.invalidate(tenantId);
  afterCommit(trx, () => {
    k.access.invalidate(tenantId);
    void k.realtime?.storeUpdate(`tenant:${tenantId}`, 'lci.accessChanged', { tenantId }).catch(() => undefined);
  });
}
