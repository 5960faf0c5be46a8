/** The company import page's rules: the template of a kind, and what the Import button may do with a preview. */
export interface ImportColumn { name: string; required: boolean; help?: string }
export interface ImportKind { kind: string; title: string; description: string; module: string | null; columns: ImportColumn[]; example: Record<string, string> }
export interface ImportReport {
  kind: string; status: 'imported' | 'rejected' | 'dry-run'; total: number; valid: number; imported: number; inserted: number; updated: number;
  rejected: { line: number; reasons: string[] }[]; skipInvalid: boolean; dryRun: boolean;
}
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
