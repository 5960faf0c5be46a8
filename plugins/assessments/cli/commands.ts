/**
 * `lci assessments ...` (cli/sdk.ts):
 *   template import FILE.json --tenant N [--on-existing fail|skip|newVersion] [--dry-run] [--json]
 *   template export --tenant N --template ID [--template-version V] [--out FILE]   (stdout by default; the import's format)
 *   list --tenant N [--company NAME_OR_ID] [--status S] [--json]
 *   start --tenant N --company NAME_OR_ID --template ID [--template-version V] [--date yyyy-mm-dd]   (a draft to take in the workspace)
 * The same services as the routes, in the tenant's transaction.
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import type { PluginCliContext, Trx } from '../../../kernel/index';
import { CliError, operatorName, positiveInt, printJson, printList, requireTenant, write } from '../../../cli/sdk';
import { listCompanies } from '../../companies/public';
import {
  EVENT_STATUS_LABELS,
  EVENT_STATUSES,
  IMPORT_ON_EXISTING,
  eventListQuery,
  templateFile,
  type AssessmentEvent,
  type EventStatus,
} from '../shared/api';
import { createEvent, listEvents } from '../server/events/service';
import { exportTemplate, importTemplates } from '../server/templates/service';

async function companyId(trx: Trx, tenant: number, nameOrId: string): Promise<number> {
  const cell = nameOrId.trim().toLowerCase();
  const companies = await listCompanies(trx);
  const company =
    companies.find((c) => c.moniker.trim().toLowerCase() === cell) ??
    (/^\d+$/.test(cell) ? companies.find((c) => c.tenant_company_id === Number(cell)) : undefined);
  if (!company) throw new CliError(`No company of tenant ${tenant} is named or numbered "${nameOrId}".`);
  return company.tenant_company_id;
}

export function assessmentsCli(area: Command, ctx: PluginCliContext): void {
  const template = area.command('template').description('assessment templates: import and export the JSON file');

  template
    .command('import')
    .description('imports the templates of a JSON file (all or nothing; the format export writes)')
    .argument('<file>', 'JSON file')
    .requiredOption('--tenant <tenantId>', 'tenant', positiveInt)
    .option('--on-existing <mode>', `a name the tenant has: ${IMPORT_ON_EXISTING.join(', ')}`, 'fail')
    .option('--dry-run', 'report what would be imported, write nothing')
    .option('--json', 'print JSON')
    .action(async (file: string, opts: { tenant: number; onExisting: string; dryRun?: boolean; json?: boolean }) => {
      if (!(IMPORT_ON_EXISTING as readonly string[]).includes(opts.onExisting))
        throw new CliError(`--on-existing must be one of ${IMPORT_ON_EXISTING.join(', ')}`);
      let raw: unknown;
      try {
        raw = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (e) {
        throw new CliError(`Cannot read ${file}: ${(e as Error).message}`);
      }
      const parsed = templateFile.safeParse(raw);
      if (!parsed.success) {
        // The problems on stdout, one a line (as `lci import` reports rejected rows); the summary on stderr.
        for (const i of parsed.error.issues.slice(0, 100)) write(`  ${i.path.join('.') || '(file)'}: ${i.message}\n`);
        throw new CliError(
          `${file} is not an assessment template file (${parsed.error.issues.length} problem(s)); nothing was imported.`,
        );
      }
      const k = await ctx.kernel();
      await k.db.withSystem((trx) => requireTenant(trx, opts.tenant));
      const out = await k.db
        .withTenant(opts.tenant, async (trx) => {
          const done = await importTemplates(trx, opts.tenant, null, {
            document: parsed.data,
            onExisting: opts.onExisting as (typeof IMPORT_ON_EXISTING)[number],
            dryRun: !!opts.dryRun,
          });
          // Audited as the workspace's import is (same action), in the same transaction, naming the operator.
          if (!done.dryRun)
            await k.audit.write(trx, {
              tenantId: opts.tenant,
              actorUserId: null,
              action: 'assessmentTemplate.import',
              target: file.split(/[\\/]/).pop(),
              details: {
                via: 'cli',
                by: operatorName(),
                created: done.created.map((c) => c.name),
                newVersions: done.newVersions.map((c) => c.name),
                skipped: done.skipped,
              },
            });
          return done;
        })
        .catch((e: { status?: number; message: string; fields?: { path: string; message: string }[] }) => {
          if (e.status === 400) {
            for (const f of e.fields ?? []) write(`  ${f.path.replace(/^body\.document\./, '')}: ${f.message}\n`);
            throw new CliError(e.message);
          }
          throw e;
        });
      if (opts.json) return printJson(out);
      const verb = out.dryRun ? 'would be ' : '';
      for (const c of out.created)
        write(`${verb}created: ${c.name}${c.assessment_template_id ? ` (id ${c.assessment_template_id})` : ''}\n`);
      for (const c of out.newVersions)
        write(`${verb}new version ${c.template_version}: ${c.name} (id ${c.assessment_template_id})\n`);
      for (const c of out.skipped) write(`${verb}skipped (exists): ${c}\n`);
    });

  template
    .command('export')
    .description('writes a template version as the JSON import file')
    .requiredOption('--tenant <tenantId>', 'tenant', positiveInt)
    .requiredOption('--template <templateId>', 'template id', positiveInt)
    .option('--template-version <n>', 'template version (default: the current one)', positiveInt)
    .option('--out <file>', 'write to this file instead of stdout')
    .action(async (opts: { tenant: number; template: number; templateVersion?: number; out?: string }) => {
      const k = await ctx.kernel();
      await k.db.withSystem((trx) => requireTenant(trx, opts.tenant));
      const doc = await k.db
        .withTenant(opts.tenant, (trx) => exportTemplate(trx, opts.template, opts.templateVersion))
        .catch((e: { status?: number; message: string; fields?: { message: string }[] }) => {
          if (e.status === 404)
            throw new CliError(`Tenant ${opts.tenant} has no assessment template ${opts.template}.`);
          if (e.status === 400) throw new CliError(e.fields?.[0]?.message ?? e.message);
          throw e;
        });
      const text = `${JSON.stringify(doc, null, 2)}\n`;
      if (opts.out) {
        fs.writeFileSync(opts.out, text);
        write(`wrote ${opts.out}\n`);
      } else write(text);
    });

  area
    .command('list')
    .description('lists the assessments of a tenant (newest first), of one company with --company')
    .requiredOption('--tenant <tenantId>', 'tenant', positiveInt)
    .option('--company <nameOrId>', "one company's assessments (its name, any case, or its id)")
    .option('--status <status>', `only ${EVENT_STATUSES.join(', ')}`)
    .option('--json', 'print JSON')
    .action(async (opts: { tenant: number; company?: string; status?: string; json?: boolean }) => {
      if (opts.status !== undefined && !(EVENT_STATUSES as readonly string[]).includes(opts.status))
        throw new CliError(`--status must be one of ${EVENT_STATUSES.join(', ')}`);
      const k = await ctx.kernel();
      await k.db.withSystem((trx) => requireTenant(trx, opts.tenant));
      const rows = await k.db.withTenant(opts.tenant, async (trx) => {
        const tenantCompanyId =
          opts.company === undefined ? undefined : await companyId(trx, opts.tenant, opts.company);
        const out: AssessmentEvent[] = [];
        for (let page = 1; ; page++) {
          const q = eventListQuery.parse({ tenantCompanyId, status: opts.status, page, pageSize: 500 });
          const answer = await listEvents(trx, q);
          out.push(...answer.events);
          if (out.length >= answer.total || !answer.events.length) return out;
        }
      });
      printList(
        rows,
        [
          { header: 'ID', value: (e) => String(e.assessment_event_id) },
          { header: 'COMPANY', value: (e) => e.company_moniker },
          { header: 'TEMPLATE', value: (e) => `${e.template_name} v${e.template_version}` },
          { header: 'DATE', value: (e) => e.assessed_on },
          { header: 'STATUS', value: (e) => EVENT_STATUS_LABELS[e.status as EventStatus] },
          { header: 'SCORE', value: (e) => (e.overall_score === null ? '' : String(e.overall_score)) },
        ],
        opts,
      );
    });

  area
    .command('start')
    .description('starts a draft assessment of a company on a template (its current version unless --template-version)')
    .requiredOption('--tenant <tenantId>', 'tenant', positiveInt)
    .requiredOption('--company <nameOrId>', 'the company (its name, any case, or its id)')
    .requiredOption('--template <templateId>', 'template id', positiveInt)
    .option('--template-version <n>', 'template version', positiveInt)
    .option('--date <yyyy-mm-dd>', "assessment date (default: the tenant's today in its time zone)")
    .option('--json', 'print JSON')
    .action(
      async (opts: {
        tenant: number;
        company: string;
        template: number;
        templateVersion?: number;
        date?: string;
        json?: boolean;
      }) => {
        const k = await ctx.kernel();
        await k.db.withSystem((trx) => requireTenant(trx, opts.tenant));
        const out = await k.db
          .withTenant(opts.tenant, async (trx) =>
            createEvent(trx, opts.tenant, {
              tenantCompanyId: await companyId(trx, opts.tenant, opts.company),
              assessmentTemplateId: opts.template,
              templateVersion: opts.templateVersion,
              assessedOn: opts.date,
            }),
          )
          .catch((e: { status?: number; message: string; fields?: { path: string; message: string }[] }) => {
            if (e.status === 400)
              throw new CliError(
                `${e.message}: ${(e.fields ?? []).map((f) => `${f.path.replace(/^body\./, '')}: ${f.message}`).join('; ')}`,
              );
            throw e;
          });
        if (opts.json) return printJson(out.event);
        write(
          `started assessment ${out.event.assessment_event_id}: ${out.event.company_moniker}, ${out.event.template_name} v${out.event.template_version}, ${out.event.assessed_on}\n`,
        );
      },
    );
}
