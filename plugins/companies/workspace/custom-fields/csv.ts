/** A list's CSV download in the browser (csv-stringify's browser build; the rules are in csv-text.ts). */
import { stringify } from 'csv-stringify/browser/esm/sync';
import { csvText } from './csv-text';

export function toCsv(header: string[], rows: (string | number | boolean | null | undefined)[][]): string {
  return csvText(stringify as Parameters<typeof csvText>[0], header, rows);
}

/** Starts the browser's download of a text file. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
