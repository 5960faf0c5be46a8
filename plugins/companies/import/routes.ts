/**
 * The import API (the company import page uses it; the CLI runs the same runner):
 *   GET  /v3/tenant/:tenantId/import        -> { kinds: [{ kind, title, description, columns, example }] }
 *   POST /v3/tenant/:tenantId/import/:kind  { csv, skipInvalid?, dryRun?, importId? } -> { report }
 * Rows with errors and no skipInvalid: 400 import_rejected with the report, nothing written. A file that cannot be
 * read (quoting, columns): 400 naming body.csv. While rows are written, progress goes to the caller's sockets as the
 * store target `companies.import.progress` ({ importId, kind, done, total }).
 */
import {
  HttpError,
  badRequest,
  forbidden,
  notFound,
  type Caller,
  type Kernel,
  type RouteRegistrar,
} from '../../../kernel/index';
import { importAnswer, importBody, importKindParams as kindParams, importKindsAnswer } from '../shared/api';
import { IMPORT_PAGE } from '../server/pages';
import { tenantParams } from '../shared/params';
import { columnsOf, csvImportKind, csvImportKinds, type CsvImportDef } from './csv-import';
import './kinds';
import { CsvFileError } from './parse';
import { runCsvImport } from './run';

const IMPORT_PROGRESS_TARGET = 'companies.import.progress';

const allowed = (def: CsvImportDef, caller: Caller | null) =>
  !def.module || !caller || caller.isLciAdmin || caller.modules.includes(def.module);

function describeKind(def: CsvImportDef) {
  return {
    kind: def.kind,
    title: def.title,
    description: def.description ?? '',
    module: def.module ?? null,
    columns: columnsOf(def),
    example: def.example ?? {},
  };
}

export function importRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    '/v3/tenant/:tenantId/import',
    {
      summary: 'Kinds of CSV import with their columns',
      params: tenantParams,
      page: IMPORT_PAGE,
      response: importKindsAnswer,
    },
    async ({ caller }) => ({
      kinds: csvImportKinds(k)
        .filter((d) => allowed(d, caller))
        .map(describeKind),
    }),
  );

  r.post(
    '/v3/tenant/:tenantId/import/:kind',
    {
      summary:
        'Import a CSV file of one kind (one transaction; skipInvalid imports the valid rows only; dryRun writes nothing)',
      params: kindParams,
      body: importBody,
      page: IMPORT_PAGE,
      response: importAnswer,
      write: (b) => !(b as { dryRun?: boolean } | undefined)?.dryRun,
      reroute: false,
      // A cell with NUL is a rejected row (run.ts), as with `lci import`: one validation for both.
      nulAllowed: ['csv'],
    },
    async ({ db, tenantId, params, body, caller, audit }) => {
      const def = csvImportKind(k, params.kind);
      if (!def)
        throw notFound(
          `No import of kind "${params.kind}"; the kinds are ${csvImportKinds(k)
            .map((d) => d.kind)
            .join(', ')}`,
        );
      if (!allowed(def, caller)) throw forbidden(`This import requires the ${def.module} module`);
      const room = caller ? (`user:${caller.userId}` as const) : null;
      const progress =
        body.importId && room
          ? (done: number, total: number) =>
              k.realtime
                .storeUpdate(room, IMPORT_PROGRESS_TARGET, { importId: body.importId, kind: def.kind, done, total })
                .catch(() => undefined)
          : undefined;
      let report;
      try {
        report = await runCsvImport(db, tenantId, def, body.csv, {
          skipInvalid: body.skipInvalid,
          dryRun: body.dryRun,
          onProgress: progress,
        });
      } catch (e) {
        if (e instanceof CsvFileError) throw badRequest(e.message, [{ path: 'body.csv', message: e.message }]);
        throw e;
      }
      if (report.status === 'rejected') {
        const n = report.rejected.length;
        throw new HttpError(
          400,
          `${n} row${n === 1 ? ' is' : 's are'} invalid; nothing was imported.`,
          'import_rejected',
          undefined,
          { report },
        );
      }
      if (report.status === 'imported') {
        await audit(`import.${def.kind}`, {
          total: report.total,
          inserted: report.inserted,
          updated: report.updated,
          rejected: report.rejected.length,
          skipInvalid: report.skipInvalid,
        });
      }
      return { report };
    },
  );
}
