/**
 * `lci stack export --tenant N [--format json|csv] [--out FILE]` and `lci stack import FILE --tenant N [--dry-run]
 * [--json]`: a tenant's stack catalogue (categories, tags, services and their products) as a document by names
 * (shared/stack-io.ts) and back. The import checks the whole document first (each problem with its path), then
 * upserts everything in one transaction; on any problem nothing is written. Exit codes: 0 done, 1 the document has
 * problems, 2 usage (options, arguments, an unreadable file, an unknown tenant).
 * The alignment of companies imports through `lci import alignment FILE.csv` (server/alignment/import.ts).
 */
import fs from 'node:fs';
import { CommanderError, Option, type Command } from 'commander';
import type { Kernel } from '../../../kernel/index';
import { positiveInt } from '../../../cli/sdk';
import { operatorName } from '../../../cli/sdk';
import { CliError, requireTenant } from '../../../cli/sdk';
import { printJson, write } from '../../../cli/sdk';
import { progressBar } from '../../../cli/sdk';
import { problemLine, validateStackDocument, type StackDocProblem } from '../shared/stack-io';
import { stackCsv } from '../shared/stack-io-csv';
import { knownStackNames, loadStackDocument } from '../server/stack/stack-io-export';
import {
  importStackDocument,
  StackImportError,
  type StackImportCounts,
  type StackImportResult,
} from '../server/stack/stack-io-import';
import { plural } from '../../../common/plural';

const EXIT_PROBLEMS = 1;
const EXIT_USAGE = 2;

/** Commander's usage errors of these commands exit 2 (help and version keep their codes). */
function usageExit(cmd: Command): Command {
  return cmd.exitOverride((err) => {
    if (
      err.exitCode === 0 ||
      err.code === 'commander.help' ||
      err.code === 'commander.helpDisplayed' ||
      err.code === 'commander.version'
    )
      throw err;
    throw new CommanderError(EXIT_USAGE, err.code, err.message);
  });
}

async function tenantOrUsage(k: Kernel, tenantId: number): Promise<void> {
  try {
    await k.db.withSystem((trx) => requireTenant(trx, tenantId), { readOnly: true });
  } catch (e) {
    throw e instanceof CliError ? new CliError(e.message, EXIT_USAGE) : e;
  }
}

type StackImportStatus = 'imported' | 'dry-run' | 'rejected';
interface StackImportReport extends Partial<StackImportResult> {
  tenantId: number;
  status: StackImportStatus;
  problems: StackDocProblem[];
}

const KINDS: [keyof StackImportCounts<unknown>, string][] = [
  ['categories', 'category'],
  ['tags', 'tag'],
  ['services', 'service'],
  ['products', 'product'],
];

/** The text report: one summary line, then each problem, or each record created or changed. */
function importReportLines(r: StackImportReport, file: string): string[] {
  if (r.status === 'rejected') {
    return [
      `Nothing was imported into tenant ${r.tenantId}: ${plural(r.problems.length, 'problem')} in ${file}.`,
      ...r.problems.map((p) => `  ${problemLine(p)}`),
    ];
  }
  const counts = KINDS.map(
    ([k, one]) =>
      `${plural(r.created![k].length + r.updated![k].length + r.unchanged![k], one, k)} (${r.created![k].length} new, ${r.updated![k].length} updated)`,
  ).join(', ');
  const head =
    r.status === 'dry-run'
      ? `Dry run: importing ${file} into tenant ${r.tenantId} would give ${counts}; nothing was written.`
      : `Imported ${file} into tenant ${r.tenantId}: ${counts}.`;
  const lines = [head];
  for (const [k, one] of KINDS) {
    for (const n of r.created![k]) lines.push(`  new ${one}: ${n}`);
    for (const n of r.updated![k]) lines.push(`  updated ${one}: ${n}`);
  }
  return lines;
}

class DryRun extends Error {
  constructor(public readonly result: StackImportResult) {
    super('dry run');
  }
}

export function stackCli(program: Command, kernel: () => Promise<Kernel>): void {
  const stack = usageExit(
    program.command('stack').description('the stack catalogue of a tenant (customer success): export and import'),
  );

  stack
    .command('export')
    .description("prints (or writes) the tenant's stack: categories, tags, services and their products")
    .requiredOption('--tenant <id>', 'tenant id', positiveInt)
    .addOption(
      new Option(
        '--format <format>',
        'json: a document lci stack import reads back; csv: one row per product, for spreadsheets',
      )
        .choices(['json', 'csv'])
        .default('json'),
    )
    .option('--out <file>', 'write to this file instead of stdout')
    .action(async (opts: { tenant: number; format: 'json' | 'csv'; out?: string }) => {
      const k = await kernel();
      await tenantOrUsage(k, opts.tenant);
      const doc = await k.db.withTenant(opts.tenant, (trx) => loadStackDocument(trx));
      const text = opts.format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : stackCsv(doc);
      if (!opts.out) {
        process.stdout.write(text);
        return;
      }
      try {
        fs.writeFileSync(opts.out, text);
      } catch (e) {
        throw new CliError(`Cannot write ${opts.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
      const products = doc.services.reduce((n, s) => n + (s.products?.length ?? 0), 0);
      write(
        `Exported ${plural(doc.categories.length, 'category', 'categories')}, ${plural(doc.tags.length, 'tag')}, ${plural(doc.services.length, 'service')} and ${plural(products, 'product')} of tenant ${opts.tenant} to ${opts.out} (${opts.format}).`,
      );
    });

  stack
    .command('import')
    .description(
      'adds or updates categories, tags (by name), services (by name) and their products (by name within the service) from a JSON document of lci stack export; all or nothing',
    )
    .argument('<file>', 'the stack document (JSON)')
    .requiredOption('--tenant <id>', 'tenant id', positiveInt)
    .option('--dry-run', 'check the document and report what would change; write nothing')
    .option('--json', 'print the report as JSON')
    .action(async (file: string, opts: { tenant: number; dryRun?: boolean; json?: boolean }) => {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (e) {
        throw new CliError(
          `Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
          EXIT_USAGE,
        );
      }
      const k = await kernel();
      await tenantOrUsage(k, opts.tenant);
      let report: StackImportReport;
      let input: unknown;
      try {
        input = JSON.parse(text.replace(/^\uFEFF/, ''));
      } catch (e) {
        input = e as Error;
      }
      if (input instanceof Error) {
        report = {
          tenantId: opts.tenant,
          status: 'rejected',
          problems: [{ path: '', message: `Not a JSON document: ${input.message}` }],
        };
      } else {
        const bar = progressBar();
        let started = false;
        let shown = 0;
        try {
          const result = await k.db.withTenant(opts.tenant, async (trx) => {
            const checked = validateStackDocument(input, await knownStackNames(trx));
            if (!checked.ok) throw new StackImportError(checked.problems);
            const r = await importStackDocument(trx, opts.tenant, checked.doc, {
              onProgress: (done, total) => {
                if (!started && total > 0) {
                  bar.start(total, 'importing services');
                  started = true;
                }
                while (started && done > shown) {
                  bar.tick();
                  shown++;
                }
              },
            });
            if (opts.dryRun) throw new DryRun(r); // rolls the transaction back
            await k.audit.write(trx, {
              tenantId: opts.tenant,
              actorUserId: null,
              action: 'cs.stack.import',
              target: file.split(/[\\/]/).pop(),
              details: { via: 'cli', by: operatorName(), created: counts(r.created), updated: counts(r.updated) },
            });
            return r;
          });
          report = { tenantId: opts.tenant, status: 'imported', ...result, problems: [] };
        } catch (e) {
          if (e instanceof DryRun) report = { tenantId: opts.tenant, status: 'dry-run', ...e.result, problems: [] };
          else if (e instanceof StackImportError)
            report = { tenantId: opts.tenant, status: 'rejected', problems: e.problems };
          else throw e;
        } finally {
          bar.stop();
        }
      }
      if (opts.json) printJson(report);
      else write(importReportLines(report, file).join('\n'));
      if (report.status === 'rejected')
        throw new CliError(
          `The stack document has ${plural(report.problems.length, 'problem')}; nothing was imported.`,
          EXIT_PROBLEMS,
        );
    });
}

const counts = (c: StackImportCounts<string[]>) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.length]));
