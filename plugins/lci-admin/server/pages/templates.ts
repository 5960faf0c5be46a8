/**
 * Importing assessment templates (/lcisupport/importAssessmentTemplates) from a JSON or CSV file into one
 * tenant or every active tenant: the file is validated first (any problem: 400 listing them, nothing
 * written), then everything is written in one transaction. A template whose name the tenant already has is
 * skipped or replaced (onExisting). A dry run reports the same without writing.
 */
import { z } from 'zod';
import { HttpError, type Kernel, type RouteRegistrar, type Trx } from '../../../../kernel/index';
import { auditTenant, fieldError, id, requireTenant, targetParams } from './shared';
import { readTemplateFile, type TemplateInput } from './template-file';

export const IMPORT_TEMPLATES_PAGE = '/lcisupport/importAssessmentTemplates';

export const importBody = z.object({
  format: z.enum(['json', 'csv']),
  content: z.string().min(1, 'Required.').max(1_000_000, 'Max 1,000,000 characters'),
  tenantId: id.optional(),
  allTenants: z.boolean().default(false),
  onExisting: z.enum(['skip', 'replace']).default('skip'),
  dryRun: z.boolean().default(false),
}).superRefine((b, ctx) => {
  if (!b.allTenants && !b.tenantId) ctx.addIssue({ code: 'custom', path: ['tenantId'], message: 'Choose a tenant or all tenants.' });
  if (b.allTenants && b.tenantId) ctx.addIssue({ code: 'custom', path: ['allTenants'], message: 'Choose a tenant or all tenants, not both.' });
});
export type ImportRequest = z.output<typeof importBody>;

export interface TenantReport { tenant_id: number; name: string; created: string[]; replaced: string[]; skipped: string[] }

/** Validates, then imports (or, on a dry run, only reports) in the caller's transaction. */
export async function importTemplates(k: Kernel, db: Trx, ctx: { caller: any }, req: ImportRequest, via?: Record<string, unknown>) {
  const { templates, problems } = readTemplateFile(req.content, req.format);
  if (problems.length) throw new HttpError(400, `The file has ${problems.length} problem(s); nothing was imported.`, 'validation_failed', [{ path: 'body.content', message: problems.map((p) => `${p.where}: ${p.message}`).slice(0, 50).join(' | ') }], { problems });
  const tenants = req.allTenants
    ? (await db('tenants').where('tenant_id', '>', 0).where({ active_flag: true }).orderBy('tenant_id').select('tenant_id', 'name')).map((t: any) => ({ tenant_id: Number(t.tenant_id), name: t.name }))
    : [await requireTenant(db, req.tenantId!).catch(() => { throw fieldError('body.tenantId', `Tenant ${req.tenantId} not found`); })];
  const reports: TenantReport[] = [];
  for (const t of tenants) reports.push(await importInto(db, t.tenant_id, t.name, templates, req));
  if (!req.dryRun) {
    for (const r of reports) {
      await auditTenant(k, db, ctx, r.tenant_id, 'lcisupport.assessmentTemplates.import', { format: req.format, onExisting: req.onExisting, created: r.created, replaced: r.replaced, skipped: r.skipped, ...(via ?? {}) });
    }
  }
  return {
    dryRun: req.dryRun, templates: templates.length, tenants: reports,
    totals: { created: reports.reduce((n, r) => n + r.created.length, 0), replaced: reports.reduce((n, r) => n + r.replaced.length, 0), skipped: reports.reduce((n, r) => n + r.skipped.length, 0) },
  };
}

async function importInto(db: Trx, tenantId: number, name: string, templates: TemplateInput[], req: ImportRequest): Promise<TenantReport> {
  const existing = new Set((await db('assessment_templates').where({ tenant_id: tenantId }).pluck('name')).map((n: string) => n.toLowerCase()));
  const report: TenantReport = { tenant_id: tenantId, name, created: [], replaced: [], skipped: [] };
  for (const t of templates) {
    const has = existing.has(t.name.toLowerCase());
    if (has && req.onExisting === 'skip') { report.skipped.push(t.name); continue; }
    (has ? report.replaced : report.created).push(t.name);
    if (req.dryRun) continue;
    const row = { description: t.description, questions: JSON.stringify(t.questions), source: 'import', imported_at: db.fn.now() };
    if (has) await db('assessment_templates').where({ tenant_id: tenantId }).whereRaw('lower(name) = ?', [t.name.toLowerCase()]).update(row);
    else await db('assessment_templates').insert({ tenant_id: tenantId, name: t.name, ...row });
  }
  return report;
}

export function templateRoutes(r: RouteRegistrar, k: Kernel): void {
  r.post('/v3/lcisupport/assessmenttemplates/import', {
    auth: 'internal', scope: 'system', page: IMPORT_TEMPLATES_PAGE, body: importBody, write: (b) => !(b as { dryRun?: boolean })?.dryRun,
    summary: 'Imports assessment templates from a JSON or CSV file into a tenant or all tenants (all or nothing; dryRun reports only)',
  }, async (ctx) => importTemplates(k, ctx.db, ctx, ctx.body));

  r.get('/v3/lcisupport/assessmenttemplates/:targetTenantId', { auth: 'internal', scope: 'system', page: IMPORT_TEMPLATES_PAGE, params: targetParams, summary: 'A tenant\'s assessment templates' }, async ({ db, params }) => {
    const t = await requireTenant(db, params.targetTenantId);
    const rows = await db('assessment_templates').where({ tenant_id: t.tenant_id }).orderBy('name').select('assessment_template_id', 'name', 'description', 'questions', 'imported_at');
    return { tenant: { tenant_id: t.tenant_id, name: t.name }, templates: rows.map((r: any) => ({ ...r, assessment_template_id: Number(r.assessment_template_id), question_count: Array.isArray(r.questions) ? r.questions.length : 0 })) };
  });
}
