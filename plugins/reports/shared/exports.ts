/**
 * The Word export and chart image API (customer-success.md 7 `docmosisExport`, `asyncDocmosisExport`,
 * `fusionexport`; the shapes are this plugin's design, README.md "## Word export"). Pure: zod only (the workspace
 * bundles it).
 *
 * - `POST /v3/tenant/:tenantId/docmosisExport` {templateId, vers?, companyId?}: the .docx at once, for a small report.
 * - `POST /v3/tenant/:tenantId/asyncDocmosisExport` (same body): a locker row (pending) and a job; the caller's
 *   sockets get `download_pending` at once, then `download` with a signed link (or `error`).
 * - `POST /v3/tenant/:tenantId/fusionexport` {spec, format, fileName, respond?}: a vega-lite chart as PNG or SVG (the
 *   image, or with `respond: 'link'` JSON {saved_report_id, file_name, download_url}).
 */
import { z } from 'zod';

const id = z.coerce.number().int().positive();
export const exportParams = z.object({ tenantId: id });

export const exportPaths = {
  docx: (t: number) => `/v3/tenant/${t}/docmosisExport`,
  asyncDocx: (t: number) => `/v3/tenant/${t}/asyncDocmosisExport`,
  chart: (t: number) => `/v3/tenant/${t}/fusionexport`,
};

export const docxExportBody = z.object({
  templateId: z.number().int().positive(),
  /** The template's version; its current version when left out. */
  vers: z.number().int().positive().optional(),
  /** The company the report is for; null or left out: the shared content only. */
  companyId: z.number().int().positive().nullable().optional(),
  /**
   * Optional: the fileKey of a Word template the MSP uploaded (reportBuilder/uploads, a .docx) whose placeholders are
   * filled with the report (README.md "## Word export"); left out: the standard document.
   */
  wordTemplateKey: z.string().min(1).max(500).optional(),
});

export const asyncExportAnswer = z.object({
  saved_report_id: z.number().int(),
  status: z.literal('pending'),
  job_id: z.string().nullable(),
});

/** A synchronous export refuses a report above these (413): the caller uses asyncDocmosisExport instead. */
export const SYNC_MAX_COMPONENTS = 40;
export const SYNC_MAX_TABLE_ROWS = 2000;
export const SYNC_MAX_CHARTS = 15;
export const MSG_USE_ASYNC =
  'This report is too large to build while you wait. Use the background export (asyncDocmosisExport): the file downloads when it is ready.';

/** Chart images (fusionexport). */
export const CHART_FORMATS = ['png', 'svg'] as const;
export const CHART_SPEC_MAX_BYTES = 512 * 1024;
export const CHART_MAX_DATA_ROWS = 20_000;
export const CHART_MAX_SIDE = 4000;
export const FILE_NAME_MAX = 120;

export const chartExportBody = z.object({
  /** A vega-lite spec with inline data only (`data.values`); remote data (`url`) is refused. */
  spec: z.record(z.string(), z.unknown()),
  format: z.enum(CHART_FORMATS),
  fileName: z.string().trim().min(1, 'Enter a file name.').max(FILE_NAME_MAX),
  /**
   * 'file' (default): the image itself. 'link': JSON with a signed link that downloads the image under its file name
   * (for the workspace, whose API client takes JSON answers only).
   */
  respond: z.enum(['file', 'link']).default('file'),
});

/** fusionexport's answer with `respond: 'link'`; the link works EXPORT_LINK_SECONDS. */
export const chartExportLink = z.object({
  saved_report_id: z.number().int(),
  file_name: z.string(),
  download_url: z.string(),
});
export type ChartExportLink = z.infer<typeof chartExportLink>;

/** Server messages of the asynchronous export (the workspace's banners, workspace/server-messages.ts). */
export const MSG_EXPORT_PENDING = 'Your Word report is being prepared; it downloads as soon as it is ready.';
export const MSG_EXPORT_READY = 'Your Word report is ready.';
export const MSG_EXPORT_FAILED = 'The Word report could not be built. Please try again or contact support.';

/** How long the link in a `download` message works. */
export const EXPORT_LINK_SECONDS = 15 * 60;

export const MSG_TEMPLATE_UNREADABLE = 'The Word template could not be filled';
export const MSG_TEMPLATE_MISSING = 'The Word template is not available; upload it again.';

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
