/** The company import page's rules: the template of a kind, and what the Import button may do with a preview. */
import type { ImportKindApi, ImportReportApi } from '../../shared/api';

/** What GET /v3/tenant/:tenantId/import and POST .../import/:kind answer (inferred from the route schemas). */
export type ImportKind = ImportKindApi;
export type ImportReport = ImportReportApi;
export const IMPORT_PROGRESS_TARGET = 'companies.import.progress';

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A CSV with the kind's columns and its example row. */
export function templateCsv(k: ImportKind): string {
  const head = k.columns.map((c) => c.name);
  return `${head.join(',')}\r\n${head.map((h) => quote(k.example[h] ?? '')).join(',')}\r\n`;
}

/** Whether a previewed file may be imported, and why not. */
export function importBlocker(preview: ImportReport | null, skipInvalid: boolean): string | null {
  if (!preview) return 'Choose a file first.';
  if (preview.valid === 0) return 'No row can be imported.';
  if (preview.rejected.length > 0 && !skipInvalid) return 'Fix the rejected rows, or choose to skip them.';
  return null;
}
