/**
 * The CSV import framework: each kind of import is one `defineCsvImport({...})`, registered at the extension point
 * `csvImportsPoint` (companies and contracts here; other plugins register theirs in their definition's `extend`). `lci import <kind> FILE.csv --tenant N` and
 * POST /v3/tenant/:tenantId/import/:kind run every kind the same way (run.ts): parse, check every row against the
 * kind's zod row schema and its `check`, then apply the rows in one transaction: all of them, or with skipInvalid
 * the valid ones only, with a report naming each rejected row (its line in the file) and why.
 */
import { z } from 'zod';
import {
  createExtensionPoint,
  staticContributions,
  type Kernel,
  type ModuleName,
  type Trx,
} from '../../../kernel/index';

/** A data row with the line of the file it starts on (the header is line 1). */
export interface CsvRow<R> {
  line: number;
  row: R;
}
export interface CsvRejection {
  line: number;
  reasons: string[];
}
export interface CsvApplyResult {
  inserted: number;
  updated: number;
}

export interface CsvImportDef<S extends z.ZodObject = z.ZodObject> {
  /** The name in `lci import <kind>` and the path: lowercase letters, digits, dashes. */
  kind: string;
  /** What is imported, for the page and the CLI help (e.g. 'Companies'). */
  title: string;
  description?: string;
  /** The caller (through the API) needs this module. */
  module?: ModuleName;
  /**
   * The row schema. Its keys are the CSV columns (headers match case-insensitively, spaces and dashes as _);
   * cells arrive as trimmed strings, empty cells as undefined. Keys whose schema refuses undefined are required columns.
   */
  columns: S;
  /** Other header names for a column (e.g. { name: 'moniker' }). */
  aliases?: Record<string, string>;
  /** One line of help per column (shown on the import page and in --help). */
  help?: Partial<Record<keyof z.output<S> & string, string>>;
  /** An example row for the template the page offers. */
  example?: Partial<Record<keyof z.output<S> & string, string>>;
  /** Checks against the database (e.g. the company a row names exists); returns the rows it rejects. */
  check?(trx: Trx, tenantId: number, rows: CsvRow<z.output<S>>[]): Promise<CsvRejection[]>;
  /** Writes valid rows (called in chunks, in file order, inside the one transaction of the import). */
  apply(trx: Trx, tenantId: number, rows: z.output<S>[]): Promise<CsvApplyResult>;
}

/** Kinds of CSV import: `extend: [contribute(csvImportsPoint, myImport)]` in a plugin that depends on companies. */
export const csvImportsPoint = createExtensionPoint<CsvImportDef<any>>(
  'companies.csvImports',
  'kinds of CSV import (lci import <kind>, the import page)',
);

/** Checks a kind's definition (name, aliases); register it at csvImportsPoint. */
export function defineCsvImport<S extends z.ZodObject>(def: CsvImportDef<S>): CsvImportDef<S> {
  if (!/^[a-z][a-z0-9-]*$/.test(def.kind))
    throw new Error(`import kind "${def.kind}" must be lowercase letters, digits and dashes`);
  for (const [alias, column] of Object.entries(def.aliases ?? {})) {
    if (!(column in def.columns.shape))
      throw new Error(`import kind "${def.kind}": alias ${alias} names no column ${column}`);
  }
  return def;
}

/** Kinds by name; two registrations of one kind are a programming error. */
export function sortedKinds(defs: readonly CsvImportDef<any>[]): CsvImportDef[] {
  const seen = new Map<string, CsvImportDef>();
  for (const d of defs) {
    if (seen.has(d.kind) && seen.get(d.kind) !== d) throw new Error(`import kind "${d.kind}" is defined twice`);
    seen.set(d.kind, d as CsvImportDef);
  }
  return [...seen.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

/** Kinds the loaded plugins registered, by kind. */
export function csvImportKinds(k: Pick<Kernel, 'extensions'>): CsvImportDef[] {
  return sortedKinds(k.extensions(csvImportsPoint));
}

export function csvImportKind(k: Pick<Kernel, 'extensions'>, kind: string): CsvImportDef | undefined {
  return csvImportKinds(k).find((d) => d.kind === kind);
}

/** Kinds that plugin definitions register statically (for `lci import --help`, before a kernel starts). */
export function declaredCsvImportKinds(plugins: readonly { extend?: unknown }[]): CsvImportDef[] {
  const defs: CsvImportDef<any>[] = [];
  for (const p of plugins)
    for (const c of staticContributions(p.extend))
      if (c.point.id === csvImportsPoint.id) defs.push(c.value as CsvImportDef);
  return sortedKinds(defs);
}

interface CsvColumnInfo {
  name: string;
  required: boolean;
  help?: string;
}
export function columnsOf(def: CsvImportDef): CsvColumnInfo[] {
  return Object.entries(def.columns.shape).map(([name, schema]) => ({
    name,
    required: !(schema as z.ZodType).safeParse(undefined).success,
    help: (def.help as Record<string, string> | undefined)?.[name],
  }));
}

// Cell schemas for row schemas: a cell is a trimmed string; an empty cell is undefined (use .optional()).
const TRUE = ['true', 'yes', 'y', '1', 'on', 'x'];
const FALSE = ['false', 'no', 'n', '0', 'off'];

export const csvCell = {
  text: (max: number) => z.string().max(max, `Max ${max} characters`),
  bool: () =>
    z.string().transform((v, ctx) => {
      const t = v.toLowerCase();
      if (TRUE.includes(t)) return true;
      if (FALSE.includes(t)) return false;
      ctx.addIssue({ code: 'custom', message: `Must be true or false (yes/no, 1/0), not "${v.slice(0, 40)}"` });
      return z.NEVER;
    }),
  int: (min: number, max: number) =>
    z.string().transform((v, ctx) => {
      const n = /^[+-]?\d+$/.test(v.replace(/,/g, '')) ? Number(v.replace(/,/g, '')) : NaN;
      if (!Number.isSafeInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `Must be a whole number, not "${v.slice(0, 40)}"` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `Must be between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    }),
  /** A number; currency symbols and thousands separators are removed first. */
  number: (min: number, max: number) =>
    z.string().transform((v, ctx) => {
      const cleaned = v.replace(/[$€£,\s]/g, '');
      const n = /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(cleaned) ? Number(cleaned) : NaN;
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: `Must be a number, not "${v.slice(0, 40)}"` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `Must be between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    }),
  /** A real YYYY-MM-DD date. */
  date: () =>
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date as YYYY-MM-DD')
      .refine((v) => {
        const [y, m, d] = v.split('-').map(Number);
        const dt = new Date(Date.UTC(y, m - 1, d));
        return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
      }, 'Must be a real date (YYYY-MM-DD)'),
  /** One of the values, matched case-insensitively; answers the canonical spelling. */
  oneOf: <T extends string>(values: readonly T[]) =>
    z.string().transform((v, ctx) => {
      const hit = values.find((x) => x.toLowerCase() === v.toLowerCase());
      if (hit === undefined) {
        ctx.addIssue({ code: 'custom', message: `Must be one of: ${values.join(', ')}` });
        return z.NEVER;
      }
      return hit;
    }),
};
