/**
 * The Word export's rules: what a document is made from (the rendered report, the tenant's logo, formats and name),
 * its names, the size above which it is built in the background, and the build itself. The reading happens in the
 * caller's transaction (`gatherDocx`); drawing the document (`buildDocx`) needs no database, so the job draws it
 * after its transaction has ended (the embedded database has one connection: a long transaction would hold every
 * other request).
 */
import { DEFAULT_TENANT_FORMAT, type TenantFormat } from '../../../../common/tenant-format';
import { badRequest, findTenant, type Kernel, type Trx } from '../../../../kernel/index';
import { tenantLogo, tenantSettings } from '../../../settings/public';
import {
  DOCX_CONTENT_TYPE,
  MSG_TEMPLATE_MISSING,
  MSG_TEMPLATE_UNREADABLE,
  MSG_USE_ASYNC,
  SYNC_MAX_CHARTS,
  SYNC_MAX_COMPONENTS,
  SYNC_MAX_TABLE_ROWS,
} from '../../shared/exports';
import type { RenderedReport } from '../../shared/rendered';
import { renderReport } from '../render';
import { chartWorkerPath } from './charts';
import { renderDocx } from './docx';
import { safeFileName } from './save';
import { fillWordTemplate } from './word-template';

interface DocxRequest {
  templateId: number;
  vers?: number;
  companyId?: number | null;
  /** The caller's modules (components of other modules show needs_attention). */
  modules?: readonly string[];
  /** The date the report is made for (default: today in the tenant's time zone). */
  asOf?: string;
  /** An uploaded Word template to fill instead of the standard document (word-template.ts). */
  wordTemplateKey?: string;
}

interface DocxMaterial {
  report: RenderedReport;
  wordTemplateKey?: string;
  logo: { bytes: Buffer; contentType: string } | null;
  format: TenantFormat;
  tenantName: string;
}

interface BuiltDocx {
  /** The locker's name: '<template> - <company>'. */
  name: string;
  fileName: string;
  contentType: string;
  body: Buffer;
  report: RenderedReport;
}

/** The locker's name of an export and its file name ('<template> - <company> - <date>.docx'). */
function exportNames(report: Pick<RenderedReport, 'name' | 'company_name' | 'as_of'>): {
  name: string;
  fileName: string;
} {
  const name = report.company_name ? `${report.name} - ${report.company_name}` : report.name;
  return { name: name.slice(0, 200), fileName: safeFileName(`${name} - ${report.as_of}`, 'docx') };
}

/** Why a report is too large to build while the caller waits (the message for a 413), or null. */
export function syncSizeRefusal(report: RenderedReport): string | null {
  let rows = 0;
  let charts = 0;
  for (const c of report.components)
    for (const b of c.blocks) {
      if (b.kind === 'table') rows += b.rows.length;
      if (b.kind === 'chart') charts++;
    }
  if (report.components.length > SYNC_MAX_COMPONENTS || rows > SYNC_MAX_TABLE_ROWS || charts > SYNC_MAX_CHARTS)
    return MSG_USE_ASYNC;
  return null;
}

async function tenantName(db: Trx, tenantId: number): Promise<string> {
  return (await findTenant(db, tenantId))?.name || 'Your service provider';
}

/** Everything the document is made from, read in the caller's transaction. */
export async function gatherDocx(k: Kernel, db: Trx, tenantId: number, req: DocxRequest): Promise<DocxMaterial> {
  const report = await renderReport(k, db, tenantId, {
    templateId: req.templateId,
    vers: req.vers,
    companyId: req.companyId ?? null,
    modules: req.modules,
    asOf: req.asOf,
  });
  const settings = await tenantSettings(k, db, tenantId);
  const logo = await tenantLogo(k, db, tenantId);
  return {
    report,
    logo: logo ? { bytes: logo.body, contentType: logo.contentType } : null,
    format: {
      currency: settings.currency || DEFAULT_TENANT_FORMAT.currency,
      dateFormat: settings.dateFormat || DEFAULT_TENANT_FORMAT.dateFormat,
      timeZone: settings.timeZone || DEFAULT_TENANT_FORMAT.timeZone,
      fiscalYearStartMonth: settings.fiscalYearStartMonth || DEFAULT_TENANT_FORMAT.fiscalYearStartMonth,
    },
    tenantName: await tenantName(db, tenantId),
    wordTemplateKey: req.wordTemplateKey,
  };
}

/** chart-worker.mjs of this plugin's folder. */
export const reportsWorkerPath = (k: Kernel) => chartWorkerPath(k.plugins.find((p) => p.id === 'reports')?.dir);

/** The .docx of gathered material; files are read from the tenant's own storage only. */
export async function buildDocx(k: Kernel, tenantId: number, m: DocxMaterial): Promise<BuiltDocx> {
  const own = `tenants/${tenantId}/`;
  const readFile = async (key: string) =>
    key.startsWith(own) && !key.includes('..') ? ((await k.storage.get(key))?.body ?? null) : null;
  const opts = {
    logo: m.logo,
    format: m.format,
    tenantName: m.tenantName,
    chartWorkerPath: reportsWorkerPath(k),
    readFile,
  };
  let body: Buffer;
  if (m.wordTemplateKey) {
    const template = await readFile(m.wordTemplateKey);
    const field = [{ path: 'body.wordTemplateKey', message: MSG_TEMPLATE_MISSING }];
    if (!template) throw badRequest(MSG_TEMPLATE_MISSING, field);
    try {
      body = await fillWordTemplate(template, m.report, opts);
    } catch (e) {
      // easy-template-x's errors name the placeholder or the part it could not read.
      const message = `${MSG_TEMPLATE_UNREADABLE}: ${(e as Error).message}`.slice(0, 300);
      throw badRequest(message, [{ path: 'body.wordTemplateKey', message }]);
    }
  } else body = await renderDocx(m.report, opts);
  return { ...exportNames(m.report), contentType: DOCX_CONTENT_TYPE, body, report: m.report };
}

/** Gathers and builds in one go (the synchronous export, schedules): the caller's transaction stays open meanwhile. */
export async function buildDocxExport(k: Kernel, db: Trx, tenantId: number, req: DocxRequest): Promise<BuiltDocx> {
  return buildDocx(k, tenantId, await gatherDocx(k, db, tenantId, req));
}
