/**
 * Runs an import of one kind inside the caller's transaction: parse, validate every row (row schema, then the
 * kind's check), then apply. Nothing is half-imported: with any rejected row and without skipInvalid nothing is
 * written; with skipInvalid the valid rows are written and the report lists the others. A dry run writes nothing.
 *
 * A cell holding the NUL character is a rejected row (PostgreSQL cannot store it), found before anything is written.
 * Rows are written in chunks, each under a savepoint: when the database refuses a chunk, its rows are written one by
 * one to find the refused ones, which become rejected rows with a clear reason (row-errors.ts), never the database's
 * message. Without skipInvalid such a refusal undoes every row of the import.
 */
import type { z } from 'zod';
import type { Trx } from '../../../kernel/index';
import type { CsvApplyResult, CsvImportDef, CsvRejection, CsvRow } from './csv-import';
import { parseCsv } from './parse';
import { nulReasons, rowFailureReason } from './row-errors';

interface CsvImportOptions {
  skipInvalid?: boolean;
  dryRun?: boolean;
  /** Called as rows are written (done of total). */
  onProgress?(done: number, total: number): void | Promise<void>;
}

type CsvImportStatus = 'imported' | 'rejected' | 'dry-run';

export interface CsvImportReport {
  kind: string;
  status: CsvImportStatus;
  /** Data rows in the file (empty lines not counted). */
  total: number;
  /** Rows that passed every check. */
  valid: number;
  /** Rows written: 0 unless status is imported. */
  imported: number;
  inserted: number;
  updated: number;
  /** Each rejected row: its line in the file (the header is line 1) and why. */
  rejected: CsvRejection[];
  skipInvalid: boolean;
  dryRun: boolean;
}

const APPLY_CHUNK = 100;

function reasonsOf(error: z.ZodError, cells: Record<string, string | undefined>): string[] {
  return error.issues.map((i) => {
    const column = i.path.length ? String(i.path[0]) : '';
    if (column && cells[column] === undefined && i.code === 'invalid_type') return `${column}: Required.`;
    return column ? `${column}: ${i.message}` : i.message;
  });
}

function mergeRejections(list: CsvRejection[]): CsvRejection[] {
  const byLine = new Map<number, string[]>();
  for (const r of list) byLine.set(r.line, [...(byLine.get(r.line) ?? []), ...r.reasons]);
  return [...byLine.entries()].sort((a, b) => a[0] - b[0]).map(([line, reasons]) => ({ line, reasons }));
}

export async function runCsvImport(
  trx: Trx,
  tenantId: number,
  def: CsvImportDef,
  text: string,
  opts: CsvImportOptions = {},
): Promise<CsvImportReport> {
  const parsed = parseCsv(def, text);
  const rejections: CsvRejection[] = [...parsed.rejected];
  let valid: CsvRow<z.output<typeof def.columns>>[] = [];
  for (const { line, cells } of parsed.rows) {
    const nul = nulReasons(cells);
    if (nul.length) {
      rejections.push({ line, reasons: nul });
      continue;
    }
    const r = def.columns.safeParse(cells);
    if (r.success) valid.push({ line, row: r.data });
    else rejections.push({ line, reasons: reasonsOf(r.error, cells) });
  }
  if (def.check && valid.length) {
    const more = await def.check(trx, tenantId, valid);
    const bad = new Set(more.map((m) => m.line));
    valid = valid.filter((v) => !bad.has(v.line));
    rejections.push(...more);
  }
  const rejected = mergeRejections(rejections);
  const total = parsed.rows.length + parsed.rejected.length;
  const report: CsvImportReport = {
    kind: def.kind,
    status: 'imported',
    total,
    valid: valid.length,
    imported: 0,
    inserted: 0,
    updated: 0,
    rejected,
    skipInvalid: !!opts.skipInvalid,
    dryRun: !!opts.dryRun,
  };
  if (opts.dryRun) return { ...report, status: 'dry-run' };
  if (rejected.length && !opts.skipInvalid) return { ...report, status: 'rejected' };

  await opts.onProgress?.(0, valid.length);
  const refused: CsvRejection[] = [];
  const applied = { inserted: 0, updated: 0 };
  const wrote = await savepoint(trx, 'lci_import', async () => {
    for (let i = 0; i < valid.length; i += APPLY_CHUNK) {
      const chunk = valid.slice(i, i + APPLY_CHUNK);
      let r: CsvApplyResult;
      try {
        r = await savepoint(trx, 'lci_import_chunk', () =>
          def.apply(
            trx,
            tenantId,
            chunk.map((c) => c.row),
          ),
        );
      } catch (e) {
        if (rowFailureReason(e) === null) throw e;
        r = { inserted: 0, updated: 0 };
        for (const c of chunk) {
          try {
            const one = await savepoint(trx, 'lci_import_row', () => def.apply(trx, tenantId, [c.row]));
            r.inserted += one.inserted;
            r.updated += one.updated;
          } catch (e2) {
            const reason = rowFailureReason(e2);
            if (reason === null) throw e2;
            refused.push({ line: c.line, reasons: [reason] });
          }
        }
      }
      applied.inserted += r.inserted;
      applied.updated += r.updated;
      await opts.onProgress?.(Math.min(i + APPLY_CHUNK, valid.length), valid.length);
    }
    // Nothing is half-imported: a row the database refused undoes the others unless skipInvalid.
    return !(refused.length && !opts.skipInvalid);
  });
  if (refused.length) {
    report.rejected = mergeRejections([...rejections, ...refused]);
    report.valid -= refused.length;
  }
  if (!wrote) return { ...report, status: 'rejected' };
  report.inserted = applied.inserted;
  report.updated = applied.updated;
  report.imported = report.inserted + report.updated;
  return report;
}

/** Runs fn under a savepoint: released when fn succeeds and returns anything but false, rolled back otherwise. */
async function savepoint<T>(trx: Trx, name: string, fn: () => Promise<T>): Promise<T> {
  await trx.raw(`savepoint ${name}`);
  let result: T;
  try {
    result = await fn();
  } catch (e) {
    await trx.raw(`rollback to savepoint ${name}`);
    throw e;
  }
  await trx.raw(result === false ? `rollback to savepoint ${name}` : `release savepoint ${name}`);
  return result;
}
