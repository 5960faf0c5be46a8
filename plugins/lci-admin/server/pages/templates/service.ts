/**
 * Importing assessment templates (/lcisupport/importAssessmentTemplates) from a JSON or CSV file into one
 * tenant or every active tenant: the file is validated first (any problem: 400 listing them, nothing
 * written), then everything is written in one transaction. A template whose name the tenant already has is
 * skipped or replaced (onExisting). A dry run reports the same without writing.
 */
import { z } from 'zod';
import { HttpError, type Kernel, type Trx } from '../../../../../kernel/index';
import { auditTenant, fieldError, id, requireTenant } from '../shared';
import { readTemplateFile, type TemplateInput } from '../template-file';
import { activeTenants } from '../tenant-store';
import { adoptPlatformTemplate } from '../../../../assessments/public';
import { templateNames, writeTemplate } from './store';

export const IMPORT_TEMPLATES_PAGE = '/lcisupport/importAssessmentTemplates';

export const importBody = z
  .object({
    format: z.enum(['json', 'csv']),
    content: z.string().min(1, 'Required.').max(1_000_000, 'Max 1,000,000 characters'),
    tenantId: id.optional(),
    allTenants: z.boolean().default(false),
    onExisting: z.enum(['skip', 'replace']).default('skip'),
    dryRun: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (!b.allTenants && !b.tenantId)
      ctx.addIssue({ code: 'custom', path: ['tenantId'], message: 'Choose a tenant or all tenants.' });
    if (b.allTenants && b.tenantId)
      ctx.addIssue({ code: 'custom', path: ['allTenants'], message: 'Choose a tenant or all tenants, not both.' });
  });
type ImportRequest = z.output<typeof importBody>;

interface TenantReport {
  tenant_id: number;
  name: string;
  created: string[];
  replaced: string[];
  skipped: string[];
}

/** Validates, then imports (or, on a dry run, only reports) in the caller's transaction. */
export async function importTemplates(
  k: Kernel,
  db: Trx,
  ctx: { caller: any },
  req: ImportRequest,
  via?: Record<string, unknown>,
) {
  const { templates, problems } = readTemplateFile(req.content, req.format);
  if (problems.length)
    throw new HttpError(
      400,
      `The file has ${problems.length} problem(s); nothing was imported.`,
      'validation_failed',
      [
        {
          path: 'body.content',
          message: problems
            .map((p) => `${p.where}: ${p.message}`)
            .slice(0, 50)
            .join(' | '),
        },
      ],
      { problems },
    );
  const tenants = req.allTenants
    ? await activeTenants(db)
    : [
        await requireTenant(db, req.tenantId!).catch(() => {
          throw fieldError('body.tenantId', `Tenant ${req.tenantId} not found`);
        }),
      ];
  const reports: TenantReport[] = [];
  for (const t of tenants) reports.push(await importInto(k, db, t.tenant_id, t.name, templates, req));
  if (!req.dryRun) {
    for (const r of reports) {
      await auditTenant(k, db, ctx, r.tenant_id, 'lcisupport.assessmentTemplates.import', {
        format: req.format,
        onExisting: req.onExisting,
        created: r.created,
        replaced: r.replaced,
        skipped: r.skipped,
        ...(via ?? {}),
      });
    }
  }
  return {
    dryRun: req.dryRun,
    templates: templates.length,
    tenants: reports,
    totals: {
      created: reports.reduce((n, r) => n + r.created.length, 0),
      replaced: reports.reduce((n, r) => n + r.replaced.length, 0),
      skipped: reports.reduce((n, r) => n + r.skipped.length, 0),
    },
  };
}

async function importInto(
  k: Kernel,
  db: Trx,
  tenantId: number,
  name: string,
  templates: TemplateInput[],
  req: ImportRequest,
): Promise<TenantReport> {
  const existing = await templateNames(db, tenantId);
  const report: TenantReport = { tenant_id: tenantId, name, created: [], replaced: [], skipped: [] };
  for (const t of templates) {
    const has = existing.has(t.name.toLowerCase());
    if (has && req.onExisting === 'skip') {
      report.skipped.push(t.name);
      continue;
    }
    (has ? report.replaced : report.created).push(t.name);
    if (req.dryRun) continue;
    const platformTemplateId = await writeTemplate(db, tenantId, t, has);
    // The assessments plugin (when on) keeps its own versioned template of it (plugins/assessments/README.md).
    if (k.hasPlugin('assessments'))
      await adoptPlatformTemplate(db, tenantId, {
        platformTemplateId,
        name: t.name,
        description: t.description,
        questions: t.questions,
      });
  }
  return report;
}
