/**
 * Retention of the report locker: reports whose expires_at has passed are purged, the stored file first, then the
 * row, across tenants (system scope, audited per tenant). Run daily by the cron job reports.locker.purge (index.ts).
 */
import type { Kernel } from '../../../../kernel/index';
import { deleteReportsById, expiredReports } from './store';

const BATCH = 500;

/** Purges every expired report; answers how many were removed. */
export async function purgeExpiredReports(k: Kernel, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await k.db.withSystem((db) => expiredReports(db, now, BATCH));
    if (batch.length === 0) return total;
    for (const r of batch) if (r.storage_key) await k.storage.delete(r.storage_key);
    const byTenant = new Map<number, number[]>();
    for (const r of batch) byTenant.set(r.tenant_id, [...(byTenant.get(r.tenant_id) ?? []), r.saved_report_id]);
    await k.db.withSystem(async (db) => {
      await deleteReportsById(
        db,
        batch.map((r) => r.saved_report_id),
      );
      for (const [tenantId, ids] of byTenant)
        await k.audit.write(db, {
          tenantId,
          actorUserId: null,
          action: 'reports.locker.expired',
          details: { saved_report_ids: ids },
        });
    });
    total += batch.length;
    if (batch.length < BATCH) return total;
  }
}
