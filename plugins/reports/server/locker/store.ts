/**
 * SQL of the report locker: saved_reports (with the company's and template's names) and report_type_preferences.
 * Every function takes the caller's transaction (tenant-scoped under RLS) and answers plain values.
 */
import type { Trx } from '../../../../kernel/index';
import type { SavedReport } from '../../shared/locker';

/** A saved report as stored: the answer's fields (shared/locker.ts `savedReport`) but the caller's rights, with its file's key. */
export type SavedReportRow = Omit<SavedReport, 'rename_report' | 'link_to_qbr'> & { storage_key: string | null };

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toRow(r: Record<string, unknown>): SavedReportRow {
  return {
    saved_report_id: Number(r.saved_report_id),
    report_type: String(r.report_type),
    name: String(r.name),
    file_name: String(r.file_name),
    storage_key: (r.storage_key as string | null) ?? null,
    content_type: String(r.content_type),
    size_bytes: Number(r.size_bytes ?? 0),
    status: r.status as SavedReportRow['status'],
    error: (r.error as string | null) ?? null,
    source: String(r.source),
    report_template_id: num(r.report_template_id),
    template_name: (r.template_name as string | null) ?? null,
    vers: num(r.vers),
    tenant_company_id: num(r.tenant_company_id),
    company_name: (r.company_name as string | null) ?? null,
    qbr_id: num(r.qbr_id),
    qbr_title: (r.qbr_title as string | null) ?? null,
    created_by: num(r.created_by),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    expires_at: iso(r.expires_at),
  };
}

/** companies' table (COMPANY_TABLES.companies in its public.ts), named as migration 0001 names it. */
const C = { table: 'tenant_companies', id: 'tenant_company_id' } as const;

function selectReports(db: Trx) {
  return db('saved_reports as s')
    .leftJoin(`${C.table} as c`, function () {
      this.on('c.tenant_id', 's.tenant_id').andOn(`c.${C.id}`, 's.tenant_company_id');
    })
    .leftJoin('report_templates as t', function () {
      this.on('t.tenant_id', 's.tenant_id').andOn('t.report_template_id', 's.report_template_id');
    })
    .select('s.*', 'c.moniker as company_name', 't.name as template_name');
}

/** Every saved report of the tenant, newest first. */
export async function listSavedReports(db: Trx): Promise<SavedReportRow[]> {
  const rows = await selectReports(db).orderBy([
    { column: 's.created_at', order: 'desc' },
    { column: 's.saved_report_id', order: 'desc' },
  ]);
  return rows.map(toRow);
}

export async function getSavedReport(db: Trx, savedReportId: number): Promise<SavedReportRow | null> {
  const r = await selectReports(db).where('s.saved_report_id', savedReportId).first();
  return r ? toRow(r) : null;
}

/** Saved reports linked to a business review. */
export async function savedReportsOfQbr(db: Trx, qbrId: number): Promise<SavedReportRow[]> {
  const rows = await selectReports(db).where('s.qbr_id', qbrId).orderBy('s.created_at', 'desc');
  return rows.map(toRow);
}

export async function updateSavedReport(
  db: Trx,
  savedReportId: number,
  patch: Partial<Pick<SavedReportRow, 'name' | 'qbr_id' | 'qbr_title'>>,
): Promise<boolean> {
  const n = await db('saved_reports')
    .where({ saved_report_id: savedReportId })
    .update({ ...patch, updated_at: db.fn.now() });
  return n > 0;
}

export async function deleteSavedReportRow(db: Trx, savedReportId: number): Promise<boolean> {
  return (await db('saved_reports').where({ saved_report_id: savedReportId }).del()) > 0;
}

interface NewSavedReport {
  tenant_id: number;
  report_type: string;
  name: string;
  file_name: string;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  status: 'pending' | 'ready' | 'failed';
  source: string;
  created_by: number | null;
  expires_at: Date;
}

export async function insertSavedReport(db: Trx, row: NewSavedReport): Promise<number> {
  const [r] = await db('saved_reports').insert(row).returning('saved_report_id');
  return Number((r as { saved_report_id: unknown }).saved_report_id);
}

/** The user's show_details per report type. */
export async function typePreferences(db: Trx, userId: number): Promise<Map<string, boolean>> {
  const rows = await db('report_type_preferences').where({ user_id: userId }).select('report_type', 'show_details');
  return new Map(rows.map((r: { report_type: string; show_details: boolean }) => [r.report_type, r.show_details]));
}

export async function setTypePreference(
  db: Trx,
  tenantId: number,
  userId: number,
  reportType: string,
  showDetails: boolean,
): Promise<void> {
  await db('report_type_preferences')
    .insert({ tenant_id: tenantId, user_id: userId, report_type: reportType, show_details: showDetails })
    .onConflict(['tenant_id', 'user_id', 'report_type'])
    .merge({ show_details: showDetails });
}

/** Expired reports (any tenant: the caller runs in the system scope), at most `limit`. */
export async function expiredReports(
  db: Trx,
  now: Date,
  limit: number,
): Promise<{ tenant_id: number; saved_report_id: number; storage_key: string | null }[]> {
  const rows = await db('saved_reports')
    .where('expires_at', '<', now)
    .orderBy('expires_at')
    .limit(limit)
    .select('tenant_id', 'saved_report_id', 'storage_key');
  return rows.map((r: Record<string, unknown>) => ({
    tenant_id: Number(r.tenant_id),
    saved_report_id: Number(r.saved_report_id),
    storage_key: (r.storage_key as string | null) ?? null,
  }));
}

export async function deleteReportsById(db: Trx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db('saved_reports').whereIn('saved_report_id', ids).del();
}
