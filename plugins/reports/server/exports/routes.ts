/**
 * The export routes (customer-success.md 7): docmosisExport (the .docx at once, small reports), asyncDocmosisExport
 * (a locker row and a job; download_pending now, download later) and fusionexport (a chart as PNG or SVG). All under
 * the builder's permission key; each export is a write (it adds a locker entry), so Read Only users are refused
 * (README.md "## Word export").
 */
import { z } from 'zod';
import {
  afterCommit,
  badRequest,
  HttpError,
  notFound,
  reply,
  type Kernel,
  type RouteRegistrar,
} from '../../../../kernel/index';
import { getCompany } from '../../../companies/public';
import {
  asyncExportAnswer,
  chartExportBody,
  chartExportLink,
  docxExportBody,
  EXPORT_LINK_SECONDS,
  exportParams,
  MSG_EXPORT_FAILED,
  MSG_EXPORT_PENDING,
} from '../../shared/exports';
import { REPORT_BUILDER_PAGE } from '../../shared/pages';
import { selectTemplateHead, versionExists } from '../builder-store';
import { assertChartSpec, ChartSpecError, createChartRenderer } from './charts';
import { DOCX_JOB, type DocxJobData } from './jobs';
import { attachmentHeader, failExport, insertPendingExport, safeFileName, saveExport } from './save';
import { buildDocxExport, reportsWorkerPath, syncSizeRefusal } from './service';

const MSG_TEMPLATE_NOT_FOUND = 'Report template not found';
const MSG_VERSION_NOT_FOUND = 'This version of the report template does not exist';
const MSG_COMPANY_NOT_FOUND = 'Company not found';

const binary = z.string().describe('the file (binary)');

export function exportRoutes(r: RouteRegistrar, k: Kernel): void {
  r.post(
    '/v3/tenant/:tenantId/docmosisExport',
    {
      page: REPORT_BUILDER_PAGE,
      params: exportParams,
      body: docxExportBody,
      response: binary,
      reroute: false,
      summary: 'A report as a Word document, built while the caller waits (small reports; 413 otherwise)',
      tags: ['reports'],
    },
    async ({ body, db, tenantId, caller, audit }) => {
      const built = await buildDocxExport(k, db, tenantId, {
        templateId: body.templateId,
        vers: body.vers,
        companyId: body.companyId ?? null,
        modules: caller!.modules,
        wordTemplateKey: body.wordTemplateKey,
      });
      const refusal = syncSizeRefusal(built.report);
      if (refusal) throw new HttpError(413, refusal, 'use_async_export');
      const saved = await saveExport(
        k,
        db,
        tenantId,
        {
          reportType: 'docx',
          name: built.name,
          fileName: built.fileName,
          contentType: built.contentType,
          source: 'builder',
          createdBy: caller!.userId,
          templateId: body.templateId,
          vers: built.report.vers,
          companyId: body.companyId ?? null,
        },
        built.body,
      );
      await audit(
        'reports.export.docx',
        {
          templateId: body.templateId,
          vers: built.report.vers,
          companyId: body.companyId ?? null,
          size: built.body.length,
        },
        String(saved.savedReportId),
      );
      return reply(200, built.body, {
        'content-type': built.contentType,
        'content-disposition': attachmentHeader(built.fileName),
        'x-saved-report-id': String(saved.savedReportId),
      });
    },
  );

  r.post(
    '/v3/tenant/:tenantId/asyncDocmosisExport',
    {
      page: REPORT_BUILDER_PAGE,
      params: exportParams,
      body: docxExportBody,
      response: asyncExportAnswer,
      summary: 'Starts a Word export in the background: download_pending now, download with a signed link when ready',
      tags: ['reports'],
    },
    async ({ body, db, tenantId, caller, audit }) => {
      const template = await selectTemplateHead(db, body.templateId);
      if (!template) throw notFound(MSG_TEMPLATE_NOT_FOUND);
      const vers = body.vers ?? template.current_vers;
      if (!(await versionExists(db, body.templateId, vers))) throw notFound(MSG_VERSION_NOT_FOUND);
      let companyName: string | null = null;
      if (body.companyId) {
        const company = await getCompany(db, body.companyId);
        if (!company) throw notFound(MSG_COMPANY_NOT_FOUND);
        companyName = company.moniker;
      }
      const name = (companyName ? `${template.name} - ${companyName}` : template.name).slice(0, 200);
      const userId = caller!.userId;
      const savedReportId = await insertPendingExport(db, tenantId, {
        reportType: 'docx',
        name,
        fileName: safeFileName(name, 'docx'),
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        source: 'builder',
        createdBy: userId,
        templateId: body.templateId,
        vers,
        companyId: body.companyId ?? null,
      });
      await audit(
        'reports.export.docx.async',
        { templateId: body.templateId, vers, companyId: body.companyId ?? null },
        String(savedReportId),
      );
      const data: DocxJobData = {
        tenantId,
        userId,
        savedReportId,
        templateId: body.templateId,
        vers,
        companyId: body.companyId ?? null,
        modules: [...caller!.modules],
        wordTemplateKey: body.wordTemplateKey,
      };
      // Only once the row is committed: the job reads it, and the banner must not announce a rolled-back export.
      afterCommit(db, () => {
        void (async () => {
          await k.realtime.serverMessage(`user:${userId}`, {
            msg_type: 'download_pending',
            msg: MSG_EXPORT_PENDING,
            saved_report_id: savedReportId,
          });
          await k.jobs.send(DOCX_JOB, data as unknown as Record<string, unknown>);
        })().catch(async (err: unknown) => {
          k.log.error({ err, savedReportId }, 'Word export: the job could not be queued');
          await k.db
            .withTenant(tenantId, (t) => failExport(t, savedReportId, MSG_EXPORT_FAILED), { userId })
            .catch(() => undefined);
          await k.realtime
            .serverMessage(`user:${userId}`, {
              msg_type: 'error',
              msg: MSG_EXPORT_FAILED,
              saved_report_id: savedReportId,
            })
            .catch(() => undefined);
        });
      });
      return { saved_report_id: savedReportId, status: 'pending' as const, job_id: null };
    },
  );

  r.post(
    '/v3/tenant/:tenantId/fusionexport',
    {
      page: REPORT_BUILDER_PAGE,
      params: exportParams,
      body: chartExportBody,
      response: z.union([binary, chartExportLink]),
      reroute: false,
      summary:
        "A vega-lite chart (inline data only) as a PNG or SVG image, kept in the report locker; respond 'link': JSON with a signed link that downloads it",
      tags: ['reports'],
    },
    async ({ body, db, tenantId, caller, audit }) => {
      assertChartSpec(body.spec);
      const charts = createChartRenderer({ workerPath: reportsWorkerPath(k), timeoutMs: 15_000 });
      let drawn;
      try {
        drawn = await charts.draw(body.spec);
      } catch (e) {
        if (e instanceof ChartSpecError) throw badRequest(e.message, [{ path: 'body.spec', message: e.message }]);
        throw e;
      } finally {
        await charts.close();
      }
      const svg = body.format === 'svg';
      const bytes = svg ? Buffer.from(drawn.svg) : drawn.png;
      const contentType = svg ? 'image/svg+xml' : 'image/png';
      const fileName = safeFileName(body.fileName, body.format);
      const saved = await saveExport(
        k,
        db,
        tenantId,
        {
          reportType: 'chart',
          name: body.fileName.slice(0, 200),
          fileName,
          contentType,
          source: 'fusionexport',
          createdBy: caller!.userId,
        },
        bytes,
      );
      await audit('reports.export.chart', { format: body.format, size: bytes.length }, String(saved.savedReportId));
      if (body.respond === 'link')
        return {
          saved_report_id: saved.savedReportId,
          file_name: fileName,
          download_url: k.storage.signedUrl(saved.storageKey, EXPORT_LINK_SECONDS, { fileName }),
        };
      return reply(200, bytes, {
        'content-type': contentType,
        'content-disposition': attachmentHeader(fileName),
        'x-saved-report-id': String(saved.savedReportId),
      });
    },
  );
}
