/**
 * The report locker's rules (customer-success.md 3 and 7; platform.md 3): the list grouped by report type with the
 * user's show_details, rename, link to a business review, show_details per type and user, delete (confirmed; the
 * stored file first, then the row; audited) and download (a fresh short-lived signed link to a ready report). One
 * entry, `runLockerAction`, serves the realtime function AsyncReportLocker and its POST fallback alike. The pure
 * parts (`groupByType`, `withFlags`) have unit tests.
 */
import { pageAccessLevel } from '../../../../common/access-rule';
import { badRequest, notFound, type Caller, type Kernel, type Trx } from '../../../../kernel/index';
import {
  LOCKER_LINK_SECONDS,
  lockerPayload,
  MSG_CONFIRM_DELETE,
  MSG_NOT_READY,
  MSG_REPORT_NOT_FOUND,
  REPORT_TYPES,
  type LockerPayload,
  type ReportTypeView,
  type SavedReport,
} from '../../shared/locker';
import {
  deleteSavedReportRow,
  getSavedReport,
  listSavedReports,
  setTypePreference,
  typePreferences,
  updateSavedReport,
  type SavedReportRow,
} from './store';
import { withFlags } from './view';

type AuditFn = (action: string, details?: Record<string, unknown>, target?: string) => Promise<void>;

interface LockerCall {
  k: Kernel;
  db: Trx;
  tenantId: number;
  caller: Caller;
  audit: AuditFn;
}

/**
 * The report types in the locker's order (the known types, then any other type found), each with its items and
 * the user's show_details (default: shown).
 */
export function groupByType(reports: SavedReport[], prefs: ReadonlyMap<string, boolean>): ReportTypeView[] {
  const known: { report_type: string; label: string }[] = REPORT_TYPES.map((t) => ({ ...t }));
  for (const r of reports)
    if (!known.some((t) => t.report_type === r.report_type))
      known.push({ report_type: r.report_type, label: r.report_type });
  return known.map((t) => ({
    report_type: t.report_type,
    label: t.label,
    show_details: prefs.get(t.report_type) ?? true,
    items: reports.filter((r) => r.report_type === t.report_type),
  }));
}

/** Parses a payload of either path; a bad one answers 400 naming the fields (payload.name, ...). */
function parseLockerPayload(payload: unknown): LockerPayload {
  const r = lockerPayload.safeParse(payload ?? {});
  if (!r.success)
    throw badRequest(
      `Invalid payload: ${r.error.issues.map((i) => `${['payload', ...i.path].join('.')} ${i.message}`).join('; ')}`,
      r.error.issues.map((i) => ({ path: ['payload', ...i.path.map(String)].join('.'), message: i.message })),
    );
  return r.data;
}

async function mustGet(db: Trx, id: number): Promise<SavedReportRow> {
  const r = await getSavedReport(db, id);
  if (!r) throw notFound(MSG_REPORT_NOT_FOUND);
  return r;
}

/** Whether the caller may write in the locker (the access checks have already refused a write of a Read Only user). */
const mayWrite = (caller: Caller, page: string) => pageAccessLevel(caller, caller.pages, page) === 'Read/Write';

export async function runLockerAction(call: LockerCall, raw: unknown, page: string): Promise<unknown> {
  const { k, db, tenantId, caller, audit } = call;
  const p = parseLockerPayload(raw);
  const canWrite = mayWrite(caller, page);
  switch (p.action) {
    case 'list': {
      const [rows, prefs] = await Promise.all([listSavedReports(db), typePreferences(db, caller.userId)]);
      const saved_reports = rows.map((r) => withFlags(r, canWrite));
      return { saved_reports, report_types: groupByType(saved_reports, prefs) };
    }
    case 'rename': {
      const before = await mustGet(db, p.saved_report_id);
      await updateSavedReport(db, p.saved_report_id, { name: p.name });
      await audit('reports.locker.rename', { from: before.name, to: p.name }, String(p.saved_report_id));
      return { saved_report: withFlags(await mustGet(db, p.saved_report_id), canWrite) };
    }
    case 'link_to_qbr': {
      await mustGet(db, p.saved_report_id);
      await updateSavedReport(db, p.saved_report_id, {
        qbr_id: p.qbr?.qbr_id ?? null,
        qbr_title: p.qbr?.title ?? null,
      });
      await audit('reports.locker.link_to_qbr', { qbr_id: p.qbr?.qbr_id ?? null }, String(p.saved_report_id));
      return { saved_report: withFlags(await mustGet(db, p.saved_report_id), canWrite) };
    }
    case 'show_details': {
      await setTypePreference(db, tenantId, caller.userId, p.report_type, p.show_details);
      return { report_type: p.report_type, show_details: p.show_details };
    }
    case 'delete': {
      if (p.confirm !== true)
        throw badRequest(MSG_CONFIRM_DELETE, [{ path: 'payload.confirm', message: MSG_CONFIRM_DELETE }]);
      const r = await mustGet(db, p.saved_report_id);
      if (r.storage_key) await k.storage.delete(r.storage_key);
      await deleteSavedReportRow(db, r.saved_report_id);
      await audit(
        'reports.locker.delete',
        { name: r.name, report_type: r.report_type, file_name: r.file_name },
        String(r.saved_report_id),
      );
      return { deleted: true as const, saved_report_id: r.saved_report_id };
    }
    case 'download': {
      const r = await mustGet(db, p.saved_report_id);
      if (r.status !== 'ready' || !r.storage_key) throw badRequest(MSG_NOT_READY);
      return {
        saved_report_id: r.saved_report_id,
        file_name: r.file_name,
        download_url: k.storage.signedUrl(r.storage_key, LOCKER_LINK_SECONDS, { fileName: r.file_name }),
      };
    }
  }
}
