/**
 * `lci import <kind> FILE.csv --tenant N [--skip-invalid] [--dry-run] [--json]`: one command for every CSV import
 * kind (companies and contracts here; other plugins add kinds through companies' public.ts). A progress bar on a
 * terminal while rows are written; a report naming each rejected row (its line) and why. Nothing is half-imported:
 * with rejected rows and no --skip-invalid, nothing is written and the command fails. Audited with the operator.
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import type { PluginCliContext } from '../../../kernel/index';
import { positiveInt, requireTenant } from '../../../cli/sdk';
import { operatorName } from '../../../cli/sdk';
import { CliError } from '../../../cli/sdk';
import { printJson, write } from '../../../cli/sdk';
import { progressBar } from '../../../cli/sdk';
import { columnsOf, csvImportKind, csvImportKinds, declaredCsvImportKinds } from '../import/csv-import';
import { CsvFileError } from '../import/parse';
import { isDatabaseError } from '../import/row-errors';
import { runCsvImport, type CsvImportReport } from '../import/run';
import { plural } from '../../../common/plural';

interface ImportOpts {
  tenant: number;
  skipInvalid?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

function reportLines(r: CsvImportReport, title: string, tenantId: number): string[] {
  const what = title.toLowerCase();
  const lines: string[] = [];
  if (r.status === 'dry-run')
    lines.push(
      `Dry run: ${plural(r.valid, 'row')} of ${r.total} would be imported as ${what} into tenant ${tenantId}; nothing was written.`,
    );
  else if (r.status === 'rejected')
    lines.push(
      `Nothing was imported into tenant ${tenantId}: ${plural(r.rejected.length, 'row')} of ${r.total} rejected.`,
    );
  else
    lines.push(
      `Imported ${plural(r.imported, 'row')} of ${r.total} as ${what} into tenant ${tenantId}: ${r.inserted} new, ${r.updated} updated.`,
    );
  if (r.rejected.length) {
    lines.push(`${plural(r.rejected.length, 'row')} rejected${r.status === 'imported' ? ' (skipped)' : ''}:`);
    for (const x of r.rejected) lines.push(`  line ${x.line}: ${x.reasons.join('; ')}`);
  }
  return lines;
}

export function importCli(program: Command, { kernel, plugins }: PluginCliContext): void {
  program
    .command('import')
    .description('imports a CSV file into a tenant, all rows in one transaction (see the kinds below)')
    .argument('<kind>', 'what the file holds (companies, contracts, ...)')
    .argument('<file>', 'the CSV file; the first line names the columns')
    .requiredOption('--tenant <id>', 'tenant id', positiveInt)
    .option(
      '--skip-invalid',
      'import the valid rows and report the others (default: import nothing when a row is invalid)',
    )
    .option('--dry-run', 'check every row and report; write nothing')
    .option('--json', 'print the report as JSON')
    .addHelpText(
      'after',
      () =>
        `\nKinds and their columns (* required):\n${declaredCsvImportKinds(plugins)
          .map(
            (d) =>
              `  ${d.kind.padEnd(10)} ${columnsOf(d)
                .map((c) => `${c.name}${c.required ? '*' : ''}`)
                .join(', ')}`,
          )
          .join(
            '\n',
          )}\n(A kind a plugin registers from its instance, in an extend function, is not listed; an unknown kind's error names them all.)`,
    )
    .action(async (kind: string, file: string, opts: ImportOpts) => {
      const declared = declaredCsvImportKinds(plugins);
      // A kind registered by an `extend` function is known once the kernel started.
      const known = declared.some((d) => d.kind === kind) ? declared : csvImportKinds(await kernel());
      if (!known.some((d) => d.kind === kind))
        throw new CliError(`Unknown import kind "${kind}"; the kinds are ${known.map((d) => d.kind).join(', ')}.`);
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (e) {
        throw new CliError(`Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      const k = await kernel();
      const def = csvImportKind(k, kind);
      if (!def) throw new CliError(`The import kind "${kind}" belongs to a plugin that is switched off.`);
      await k.db.withSystem((trx) => requireTenant(trx, opts.tenant), { readOnly: true });

      const bar = progressBar();
      let started = false;
      let shown = 0;
      let report: CsvImportReport;
      try {
        report = await k.db.withTenant(opts.tenant, async (trx) => {
          const r = await runCsvImport(trx, opts.tenant, def, text, {
            skipInvalid: opts.skipInvalid,
            dryRun: opts.dryRun,
            onProgress: (done, total) => {
              if (!started) {
                bar.start(total, `importing ${def.kind}`);
                started = true;
              }
              while (done > shown) {
                bar.tick();
                shown++;
              }
            },
          });
          if (r.status === 'imported') {
            await k.audit.write(trx, {
              tenantId: opts.tenant,
              actorUserId: null,
              action: `import.${def.kind}`,
              target: file.split(/[\\/]/).pop(),
              details: {
                via: 'cli',
                by: operatorName(),
                total: r.total,
                inserted: r.inserted,
                updated: r.updated,
                rejected: r.rejected.length,
                skipInvalid: r.skipInvalid,
              },
            });
          }
          return r;
        });
      } catch (e) {
        if (e instanceof CsvFileError) throw new CliError(`${file}: ${e.message}`);
        // A database refusal outside the rows (the runner reports those per row) is named, never its SQL.
        if (isDatabaseError(e))
          throw new CliError(`${file}: the database refused the import (SQLSTATE ${e.code}); nothing was imported.`);
        throw e;
      } finally {
        bar.stop();
      }
      if (opts.json) printJson(report);
      else write(reportLines(report, def.title, opts.tenant).join('\n'));
      if (report.status === 'rejected') {
        throw new CliError(
          `${plural(report.rejected.length, 'row is', 'rows are')} invalid; nothing was imported (--skip-invalid imports the valid rows).`,
        );
      }
    });
}
