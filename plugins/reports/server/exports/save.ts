/**
 * Keeping an export in the report locker: the file in storage under tenants/<id>/reports/exports/, a saved_reports
 * row with its size and expiry (shared/retention.ts). `saveExport` does both at once (the synchronous Word export,
 * fusionexport, the CSV export, schedules); the asynchronous export inserts a pending row first
 * (`insertPendingExport`) and completes it from its job (`completeExport`, `failExport`).
 *
 * The file is written before the row's transaction commits: if that transaction rolls back, the file stays without a
 * row until the retention purge of storage (rare; harmless: only a signed link reaches it).
 */
import crypto from 'node:crypto';
import type { Kernel, Trx } from '../../../../kernel/index';
import { reportExpiry } from '../../shared/retention';

interface ExportMeta {
  /** 'docx' | 'csv' | 'chart' (shared/locker.ts REPORT_TYPES). */
  reportType: string;
  /** Shown in the locker (rename changes it). */
  name: string;
  /** The download's file name. */
  fileName: string;
  contentType: string;
  /** What made it: 'builder' (an export), 'schedule', 'fusionexport', 'csv'. */
  source: string;
  createdBy: number | null;
  templateId?: number | null;
  vers?: number | null;
  companyId?: number | null;
}

interface SavedExport {
  savedReportId: number;
  storageKey: string;
  sizeBytes: number;
  expiresAt: Date;
}

const EXTENSION = /\.([A-Za-z0-9]{1,8})$/;

/** Where an export's file is kept: a random name under the tenant's exports folder, with the file's extension. */
function exportStorageKey(tenantId: number, fileName: string, now = new Date()): string {
  const ext = EXTENSION.exec(fileName)?.[1]?.toLowerCase() ?? 'bin';
  return `tenants/${tenantId}/reports/exports/${now.toISOString().slice(0, 7)}/${crypto.randomUUID()}.${ext}`;
}

/** A file name without characters a file system refuses, at most 150 characters, keeping the extension. */
export function safeFileName(name: string, ext: string): string {
  const base = name
    .replace(/[\\/:*?"<>|\x00-\x1f\x7f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(new RegExp(`\\.${ext}$`, 'i'), '')
    .slice(0, 150)
    .trim();
  return `${base || 'report'}.${ext}`;
}

/** `Content-Disposition: attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const row = (tenantId: number, meta: ExportMeta) => ({
  tenant_id: tenantId,
  report_type: meta.reportType,
  name: meta.name,
  file_name: meta.fileName,
  content_type: meta.contentType,
  source: meta.source,
  created_by: meta.createdBy,
  report_template_id: meta.templateId ?? null,
  vers: meta.vers ?? null,
  tenant_company_id: meta.companyId ?? null,
});

/** Stores the file and records it in the locker (status ready). */
export async function saveExport(
  k: Kernel,
  db: Trx,
  tenantId: number,
  meta: ExportMeta,
  body: Buffer,
): Promise<SavedExport> {
  const storageKey = exportStorageKey(tenantId, meta.fileName);
  await k.storage.put(storageKey, body, meta.contentType);
  const expiresAt = reportExpiry();
  const [r] = await db('saved_reports')
    .insert({
      ...row(tenantId, meta),
      storage_key: storageKey,
      size_bytes: body.length,
      status: 'ready',
      expires_at: expiresAt,
    })
    .returning('saved_report_id');
  return {
    savedReportId: Number((r as { saved_report_id: unknown }).saved_report_id),
    storageKey,
    sizeBytes: body.length,
    expiresAt,
  };
}

/** A locker row for an export still being made (status pending, no file yet). */
export async function insertPendingExport(db: Trx, tenantId: number, meta: ExportMeta): Promise<number> {
  const [r] = await db('saved_reports')
    .insert({ ...row(tenantId, meta), status: 'pending', size_bytes: 0, expires_at: reportExpiry() })
    .returning('saved_report_id');
  return Number((r as { saved_report_id: unknown }).saved_report_id);
}

/** The pending row (null when it was deleted meanwhile). */
export async function pendingExport(
  db: Trx,
  savedReportId: number,
): Promise<{ name: string; file_name: string; status: string } | null> {
  const r = await db('saved_reports').where({ saved_report_id: savedReportId }).first('name', 'file_name', 'status');
  return r ? (r as { name: string; file_name: string; status: string }) : null;
}

/** Stores the finished file and marks the row ready; false when the row is gone (the file is not kept then). */
export async function completeExport(
  k: Kernel,
  db: Trx,
  tenantId: number,
  savedReportId: number,
  file: { fileName: string; contentType: string; body: Buffer },
): Promise<SavedExport | null> {
  const storageKey = exportStorageKey(tenantId, file.fileName);
  await k.storage.put(storageKey, file.body, file.contentType);
  const expiresAt = reportExpiry();
  const n = await db('saved_reports').where({ saved_report_id: savedReportId }).update({
    storage_key: storageKey,
    file_name: file.fileName,
    content_type: file.contentType,
    size_bytes: file.body.length,
    status: 'ready',
    error: null,
    expires_at: expiresAt,
    updated_at: db.fn.now(),
  });
  if (!n) {
    await k.storage.delete(storageKey);
    return null;
  }
  return { savedReportId, storageKey, sizeBytes: file.body.length, expiresAt };
}

export async function failExport(db: Trx, savedReportId: number, error: string): Promise<void> {
  await db('saved_reports')
    .where({ saved_report_id: savedReportId })
    .update({ status: 'failed', error: error.slice(0, 1000), updated_at: db.fn.now() });
}
