/**
 * The tick that runs every due schedule across tenants (the job `reports.schedules.tick`, jobs.ts, and
 * `lci reports tick`): for each, one run of its latest due period (delivery.ts) and its next run.
 */
import type { Kernel } from '../../../../kernel/index';
import { dueRun } from '../../shared/schedule-rules';
import { ATTACH_MAX_BYTES, deliverRun } from './delivery';
import { fiscalStart, ruleOf } from './rows';
import { claimRun, dueSchedules, finishRun, selectSchedule, setNextRun } from './store';

export const TICK_JOB = 'reports.schedules.tick';
export const TICK_CRON = '*/5 * * * *';

export interface TickResult {
  due: number;
  sent: { tenantId: number; scheduleId: number; periodKey: string; runId: number }[];
  skipped: { tenantId: number; scheduleId: number; periodKey: string }[];
  failed: { tenantId: number; scheduleId: number; error: string }[];
}

/**
 * Runs every active schedule due by `now`, across tenants: one run for the latest due period (missed periods are
 * not sent one by one), never a second for a period that has a run record, then the next run after `now`.
 */
export async function tick(k: Kernel, now = new Date(), attachMaxBytes = ATTACH_MAX_BYTES): Promise<TickResult> {
  const due = await k.db.withSystem((trx) => dueSchedules(trx, now), { readOnly: true });
  const out: TickResult = { due: due.length, sent: [], skipped: [], failed: [] };
  for (const { tenant_id: tenantId, report_schedule_id: scheduleId } of due) {
    let plan: { periodKey: string; dueAt: Date; nextRunAt: Date | null } | null = null;
    try {
      await k.db.withTenant(tenantId, async (db) => {
        const s = await selectSchedule(db, scheduleId);
        if (!s || !s.active) return;
        const r = dueRun(ruleOf(s, await fiscalStart(k, db, tenantId)), s.next_run_at, now);
        if (!r) return;
        plan = r;
        const runId = await claimRun(db, tenantId, scheduleId, r.periodKey, r.dueAt);
        await setNextRun(db, scheduleId, r.nextRunAt);
        if (!runId) {
          out.skipped.push({ tenantId, scheduleId, periodKey: r.periodKey });
          return;
        }
        await deliverRun(k, db, tenantId, s, runId, now, attachMaxBytes);
        out.sent.push({ tenantId, scheduleId, periodKey: r.periodKey, runId });
      });
    } catch (e) {
      // Nothing of the failed attempt was kept (no mail left the outbox): record the period as failed, move on.
      const error = (e as Error).message;
      k.log.warn({ err: e, tenantId, scheduleId }, 'reports: a scheduled report could not be sent');
      out.failed.push({ tenantId, scheduleId, error });
      const p = plan as { periodKey: string; dueAt: Date; nextRunAt: Date | null } | null;
      if (p)
        await k.db
          .withTenant(tenantId, async (db) => {
            const runId = await claimRun(db, tenantId, scheduleId, p.periodKey, p.dueAt);
            if (runId) await finishRun(db, runId, { status: 'failed', error, saved_report_id: null });
            await setNextRun(db, scheduleId, p.nextRunAt);
          })
          .catch((e2) => k.log.error({ err: e2, tenantId, scheduleId }, 'reports: could not record a failed run'));
    }
  }
  return out;
}
