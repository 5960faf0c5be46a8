/**
 * The asynchronous Word export (`reports.docx`, a pg-boss job): reads the report in a short transaction, draws the
 * document outside it, stores the file and marks the locker row ready, then sends the caller's sockets `download`
 * with a signed link (the workspace starts the download). A failure marks the row failed with its reason and sends
 * `download_failed` with it (the workspace ends the pending banner and shows the reason); the job is not retried (the
 * user exports again).
 */
import { HttpError, type JobContext, type JobDef, type Kernel } from '../../../../kernel/index';
import { EXPORT_LINK_SECONDS, MSG_EXPORT_FAILED, MSG_EXPORT_READY } from '../../shared/exports';
import { completeExport, failExport, pendingExport } from './save';
import { buildDocx, gatherDocx } from './service';

export const DOCX_JOB = 'reports.docx';

export interface DocxJobData {
  tenantId: number;
  userId: number;
  savedReportId: number;
  templateId: number;
  vers?: number;
  companyId?: number | null;
  modules?: string[];
  wordTemplateKey?: string;
}

/** The reason kept on a failed row: the refusal's text for a known one (template gone, ...), else a general one. */
const reasonOf = (e: unknown) => (e instanceof HttpError && e.status < 500 ? e.message : MSG_EXPORT_FAILED);

export async function runDocxJob(k: Kernel, d: DocxJobData, progress?: JobContext['progress']): Promise<unknown> {
  const room = `user:${d.userId}` as const;
  const scope = { userId: d.userId };
  try {
    const material = await k.db.withTenant(
      d.tenantId,
      async (db) => {
        const row = await pendingExport(db, d.savedReportId);
        if (!row || row.status !== 'pending') return null;
        return gatherDocx(k, db, d.tenantId, {
          templateId: d.templateId,
          vers: d.vers,
          companyId: d.companyId ?? null,
          modules: d.modules,
          wordTemplateKey: d.wordTemplateKey,
        });
      },
      scope,
    );
    if (!material) return { skipped: 'the locker row is gone or no longer pending' };
    await progress?.(30, 'Drawing the document');
    const built = await buildDocx(k, d.tenantId, material);
    await progress?.(90, 'Saving the document');
    const saved = await k.db.withTenant(
      d.tenantId,
      (db) => completeExport(k, db, d.tenantId, d.savedReportId, built),
      scope,
    );
    if (!saved) return { skipped: 'the locker row was deleted meanwhile' };
    await k.realtime.serverMessage(room, {
      msg_type: 'download',
      msg: MSG_EXPORT_READY,
      download_url: k.storage.signedUrl(saved.storageKey, EXPORT_LINK_SECONDS, { fileName: built.fileName }),
      saved_report_id: d.savedReportId,
      file_name: built.fileName,
    });
    return { savedReportId: d.savedReportId, sizeBytes: saved.sizeBytes };
  } catch (e) {
    k.log.error({ err: e, savedReportId: d.savedReportId, tenantId: d.tenantId }, 'Word export failed');
    await k.db
      .withTenant(d.tenantId, (db) => failExport(db, d.savedReportId, reasonOf(e)), scope)
      .catch((err: unknown) => k.log.error({ err }, 'Word export: could not mark the export failed'));
    // download_failed ends the caller's "Preparing your download" and shows why (the locker row says so too).
    await k.realtime
      .serverMessage(room, { msg_type: 'download_failed', msg: reasonOf(e), saved_report_id: d.savedReportId })
      .catch(() => undefined);
    throw e;
  }
}

export const exportJobs: Record<string, JobDef<any>> = {
  [DOCX_JOB]: {
    handler: (ctx: JobContext<DocxJobData>) => runDocxJob(ctx.k, ctx.data, ctx.progress),
    retryLimit: 0,
    expireInSeconds: 10 * 60,
  },
};
