/**
 * The report locker API (customer-success.md 3 "Report locker", 7 "AsyncReportLocker ... Report locker fallback: POST
 * returning saved_reports and report_types"; platform.md 3: saved reports with rename_report and link_to_qbr, report
 * types with items and show_details). One payload shape for both paths: the realtime function `AsyncReportLocker`
 * and `POST /v3/tenant/:tenantId/reportlocker`. Also the CSV export route (`POST .../reportlocker/csv`) that keeps a
 * table page's CSV in the locker. Pure: zod only (the workspace bundles it).
 */
import { z } from 'zod';

export const LOCKER_FUNCTION = 'AsyncReportLocker';

/** The report types of the locker, in the order the locker shows them, with their labels. */
export const REPORT_TYPES = [
  { report_type: 'docx', label: 'Word report' },
  { report_type: 'csv', label: 'CSV export' },
  { report_type: 'chart', label: 'Chart image' },
] as const;
export type ReportType = (typeof REPORT_TYPES)[number]['report_type'];
export const REPORT_TYPE_IDS = REPORT_TYPES.map((t) => t.report_type) as [ReportType, ...ReportType[]];

export const REPORT_STATUSES = ['pending', 'ready', 'failed'] as const;

/** A report name: 1..200 characters once trimmed. */
export const REPORT_NAME_MAX = 200;
export const MSG_NAME_REQUIRED = 'Enter a name for the report.';
export const MSG_NAME_TOO_LONG = `The name may be at most ${REPORT_NAME_MAX} characters.`;
export const MSG_CONFIRM_DELETE = 'Deleting a report needs confirm: true.';
export const MSG_NOT_READY = 'The report is not ready to download.';
export const MSG_REPORT_NOT_FOUND = 'No such saved report.';
export const QBR_TITLE_MAX = 200;

/** How long a download link of the locker works. */
export const LOCKER_LINK_SECONDS = 300;

/** CSV export limits (POST .../reportlocker/csv). */
export const CSV_MAX_COLUMNS = 200;
export const CSV_MAX_ROWS = 100_000;
export const CSV_MAX_CELL = 32_767; // a spreadsheet cell's limit
export const MSG_CSV_TOO_MANY_ROWS = `A CSV export holds at most ${CSV_MAX_ROWS.toLocaleString('en-US')} rows.`;
export const MSG_CSV_TOO_MANY_COLUMNS = `A CSV export holds at most ${CSV_MAX_COLUMNS} columns.`;
export const MSG_CSV_ROW_WIDTH = 'Each row needs as many cells as the header has columns.';

const id = z.coerce.number().int().positive();
export const lockerParams = z.object({ tenantId: id });

const reportName = z.string().trim().min(1, MSG_NAME_REQUIRED).max(REPORT_NAME_MAX, MSG_NAME_TOO_LONG);
const savedReportId = z.number().int().positive();
export const MSG_QBR_ID = 'Enter the business review number (a whole number).';

/** A report's new name (the rename action; the rename dialog checks it). */
export const reportRename = z.object({ name: reportName });
/** The business review a report is linked to (the link_to_qbr action; the link dialog checks it). */
export const qbrLink = z.object({
  qbr_id: z.number({ error: MSG_QBR_ID }).int().positive(),
  title: z
    .string()
    .trim()
    .min(1, 'Enter the business review title.')
    .max(QBR_TITLE_MAX, `The title may be at most ${QBR_TITLE_MAX} characters.`),
});

export const lockerPayload = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  reportRename.extend({ action: z.literal('rename'), saved_report_id: savedReportId }),
  z.object({
    action: z.literal('link_to_qbr'),
    saved_report_id: savedReportId,
    /** null unlinks. */
    qbr: qbrLink.nullable(),
  }),
  z.object({ action: z.literal('show_details'), report_type: z.enum(REPORT_TYPE_IDS), show_details: z.boolean() }),
  z.object({
    action: z.literal('delete'),
    saved_report_id: savedReportId,
    confirm: z.boolean().optional(),
  }),
  z.object({ action: z.literal('download'), saved_report_id: savedReportId }),
]);
export type LockerPayload = z.infer<typeof lockerPayload>;
export type LockerAction = LockerPayload['action'];
/** The actions a Read Only user of /reportlocker may call. */
export const LOCKER_READ_ACTIONS: readonly LockerAction[] = ['list', 'download'];
export const lockerWrites = (payload: unknown): boolean => {
  const a = (payload as { action?: unknown } | null)?.action;
  return !LOCKER_READ_ACTIONS.includes(a as LockerAction);
};

export const savedReport = z.object({
  saved_report_id: z.number(),
  report_type: z.string(),
  name: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  status: z.enum(REPORT_STATUSES),
  error: z.string().nullable(),
  source: z.string(),
  report_template_id: z.number().nullable(),
  template_name: z.string().nullable(),
  vers: z.number().nullable(),
  tenant_company_id: z.number().nullable(),
  company_name: z.string().nullable(),
  qbr_id: z.number().nullable(),
  qbr_title: z.string().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string().nullable(),
  /** platform.md 3: what the caller may do with it. */
  rename_report: z.boolean(),
  link_to_qbr: z.boolean(),
});
export type SavedReport = z.infer<typeof savedReport>;

export const reportTypeView = z.object({
  report_type: z.string(),
  label: z.string(),
  show_details: z.boolean(),
  items: z.array(savedReport),
});
export type ReportTypeView = z.infer<typeof reportTypeView>;

export const lockerListAnswer = z.object({
  saved_reports: z.array(savedReport),
  report_types: z.array(reportTypeView),
});
export type LockerListAnswer = z.infer<typeof lockerListAnswer>;

export const lockerAnswer = z.union([
  lockerListAnswer,
  z.object({ saved_report: savedReport }),
  z.object({ report_type: z.string(), show_details: z.boolean() }),
  z.object({ deleted: z.literal(true), saved_report_id: z.number() }),
  z.object({ saved_report_id: z.number(), file_name: z.string(), download_url: z.string() }),
]);

const csvCell = z.union([z.string().max(CSV_MAX_CELL), z.number(), z.null()]);
export const csvExportBody = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'Enter a file name.')
    .max(REPORT_NAME_MAX, MSG_NAME_TOO_LONG)
    .regex(/^[^/\\\u0000-\u001f]+$/, 'A file name may not hold slashes or control characters.'),
  header: z
    .array(z.string().max(CSV_MAX_CELL))
    .min(1, 'The header needs a column.')
    .max(CSV_MAX_COLUMNS, MSG_CSV_TOO_MANY_COLUMNS),
  rows: z
    .array(z.array(csvCell).max(CSV_MAX_COLUMNS, MSG_CSV_TOO_MANY_COLUMNS))
    .max(CSV_MAX_ROWS, MSG_CSV_TOO_MANY_ROWS),
});
export type CsvExportBody = z.infer<typeof csvExportBody>;
export const csvExportAnswer = z.object({ saved_report_id: z.number(), download_url: z.string() });

export const lockerPaths = {
  locker: (t: number) => `/v3/tenant/${t}/reportlocker`,
  csv: (t: number) => `/v3/tenant/${t}/reportlocker/csv`,
};
