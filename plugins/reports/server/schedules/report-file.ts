/**
 * The adapter between a schedule run and the Word export (server/exports): the .docx of a template version for one
 * company, as the builder's "Download MS Word (.docx)" makes it, kept in the report locker (source 'schedule').
 */
import type { Kernel, Trx } from '../../../../kernel/index';
import { buildDocxExport } from '../exports/service';
import { saveExport } from '../exports/save';

interface ReportFile {
  savedReportId: number;
  storageKey: string;
  fileName: string;
  contentType: string;
  bytes: number;
}

interface ReportFileInput {
  templateId: number;
  vers: number;
  companyId: number;
  /** yyyy-mm-dd in the schedule's time zone. */
  asOf: string;
}

/** Builds the report's .docx and keeps it in the locker (the caller's transaction). */
export async function buildReportFile(
  k: Kernel,
  db: Trx,
  tenantId: number,
  input: ReportFileInput,
): Promise<ReportFile> {
  const doc = await buildDocxExport(k, db, tenantId, {
    templateId: input.templateId,
    vers: input.vers,
    companyId: input.companyId,
    asOf: input.asOf,
  });
  const saved = await saveExport(
    k,
    db,
    tenantId,
    {
      reportType: 'docx',
      name: doc.name,
      fileName: doc.fileName,
      contentType: doc.contentType,
      source: 'schedule',
      createdBy: null,
      templateId: input.templateId,
      vers: input.vers,
      companyId: input.companyId,
    },
    doc.body,
  );
  return {
    savedReportId: saved.savedReportId,
    storageKey: saved.storageKey,
    fileName: doc.fileName,
    contentType: doc.contentType,
    bytes: saved.sizeBytes,
  };
}
