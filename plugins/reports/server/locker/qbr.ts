/**
 * What the business-reviews plugin (filed later) uses of the locker through public.ts: the saved reports linked to
 * a business review, and linking (or unlinking, qbr null) a saved report. Both take the caller's transaction. Kernel-
 * free at run time (public.ts is imported by workspaces too).
 */
import type { Trx } from '../../../../kernel/index';
import { QBR_TITLE_MAX, type SavedReport } from '../../shared/locker';
import { savedReportsOfQbr, updateSavedReport } from './store';
import { withFlags } from './view';

/** The saved reports linked to business review `qbrId`, newest first. */
export async function linkedReports(db: Trx, qbrId: number): Promise<SavedReport[]> {
  return (await savedReportsOfQbr(db, qbrId)).map((r) => withFlags(r, true));
}

/**
 * Links a saved report to a business review (its id and title), or unlinks it (null). Answers false when the
 * tenant has no such report (answer 404 then).
 */
export async function linkToQbr(
  db: Trx,
  savedReportId: number,
  qbr: { qbr_id: number; title: string } | null,
): Promise<boolean> {
  return updateSavedReport(db, savedReportId, {
    qbr_id: qbr?.qbr_id ?? null,
    qbr_title: qbr ? qbr.title.trim().slice(0, QBR_TITLE_MAX) : null,
  });
}
