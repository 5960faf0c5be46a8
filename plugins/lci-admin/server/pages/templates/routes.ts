/** Assessment template import (/lcisupport/importAssessmentTemplates) and a tenant's templates (internal admins). */
import { z } from 'zod';
import type { Kernel, RouteRegistrar } from '../../../../../kernel/index';
import { tenantRef, when } from '../responses';
import { requireTenant, targetParams } from '../shared';
import { QUESTION_TYPES } from '../template-file';
import { IMPORT_TEMPLATES_PAGE, importBody, importTemplates } from './service';
import { listTemplates } from './store';

const names = z.array(z.string());
const importResponse = z.object({
  dryRun: z.boolean(),
  templates: z.number().int(),
  tenants: z.array(
    z.object({ tenant_id: z.number().int(), name: z.string(), created: names, replaced: names, skipped: names }),
  ),
  totals: z.object({ created: z.number().int(), replaced: z.number().int(), skipped: z.number().int() }),
});
const templatesResponse = z.object({
  tenant: tenantRef,
  templates: z.array(
    z.object({
      assessment_template_id: z.number().int(),
      name: z.string(),
      description: z.string(),
      questions: z.array(z.object({ text: z.string(), type: z.enum(QUESTION_TYPES) })),
      imported_at: when,
      question_count: z.number().int(),
    }),
  ),
});

export function templateRoutes(r: RouteRegistrar, k: Kernel): void {
  r.post(
    '/v3/lcisupport/assessmenttemplates/import',
    {
      auth: 'internal',
      scope: 'system',
      page: IMPORT_TEMPLATES_PAGE,
      body: importBody,
      write: (b) => !(b as { dryRun?: boolean })?.dryRun,
      response: importResponse,
      summary:
        'Imports assessment templates from a JSON or CSV file into a tenant or all tenants (all or nothing; dryRun reports only)',
    },
    async (ctx) => importTemplates(k, ctx.db, ctx, ctx.body),
  );

  r.get(
    '/v3/lcisupport/assessmenttemplates/:targetTenantId',
    {
      auth: 'internal',
      scope: 'system',
      page: IMPORT_TEMPLATES_PAGE,
      params: targetParams,
      response: templatesResponse,
      summary: "A tenant's assessment templates",
    },
    async ({ db, params }) => {
      const t = await requireTenant(db, params.targetTenantId);
      return { tenant: { tenant_id: t.tenant_id, name: t.name }, templates: await listTemplates(db, t.tenant_id) };
    },
  );
}
