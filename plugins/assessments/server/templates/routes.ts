/**
 * The template routes under /v3/tenant/:tenantId/assessmentTemplates (page /assessmentTemplates: reading needs any
 * access, writing Read/Write; module Assessment). Thin: parse, call the service, audit, shape the answer.
 */
import type { RouteRegistrar } from '../../../../kernel/index';
import {
  archiveTemplateBody,
  createTemplateBody,
  deleteTemplateQuery,
  exportTemplateAnswer,
  exportTemplateQuery,
  importTemplatesAnswer,
  importTemplatesBody,
  newVersionBody,
  templateAnswer,
  templateDeleteAnswer,
  templateGetQuery,
  templateListAnswer,
  templateListQuery,
  templateParams,
  templateWriteAnswer,
  tenantParams,
  updateTemplateBody,
} from '../../shared/api';
import { ASSESSMENT_TEMPLATES_PAGE } from '../../shared/pages';
import * as svc from './service';

const page = ASSESSMENT_TEMPLATES_PAGE;
const mod = 'Assessment' as const;
const base = '/v3/tenant/:tenantId/assessmentTemplates';

export function templateRoutes(r: RouteRegistrar): void {
  r.get(
    base,
    {
      summary: "The tenant's assessment templates (current version's question count, events using them)",
      params: tenantParams,
      query: templateListQuery,
      page,
      module: mod,
      response: templateListAnswer,
    },
    async ({ db, query }) => svc.listTemplates(db, query),
  );

  r.post(
    base,
    {
      summary: 'Create a template (version 1)',
      params: tenantParams,
      body: createTemplateBody,
      page,
      module: mod,
      response: templateWriteAnswer,
    },
    async ({ db, tenantId, caller, body, audit }) => {
      const t = await svc.createTemplate(db, tenantId, caller?.userId ?? null, body);
      await audit('assessmentTemplate.insert', { name: t.template.name }, String(t.template.assessment_template_id));
      return { ...t, records_updated: 1 as const, new_version: false };
    },
  );

  r.post(
    `${base}/import`,
    {
      summary: 'Import templates from the JSON file `lci assessments template export` writes (all or nothing)',
      params: tenantParams,
      body: importTemplatesBody,
      page,
      module: mod,
      response: importTemplatesAnswer,
    },
    async ({ db, tenantId, caller, body, audit }) => {
      const out = await svc.importTemplates(db, tenantId, caller?.userId ?? null, body);
      if (!body.dryRun)
        await audit('assessmentTemplate.import', {
          created: out.created.map((c) => c.name),
          newVersions: out.newVersions.map((c) => c.name),
          skipped: out.skipped,
        });
      return out;
    },
  );

  r.get(
    `${base}/:assessmentTemplateId`,
    {
      summary: "One template with a version's content (default the current one) and its versions",
      params: templateParams,
      query: templateGetQuery,
      page,
      module: mod,
      response: templateAnswer,
    },
    async ({ db, params, query }) => svc.getTemplate(db, params.assessmentTemplateId, query.templateVersion),
  );

  r.get(
    `${base}/:assessmentTemplateId/export`,
    {
      summary: 'A template version as the JSON import file',
      params: templateParams,
      query: exportTemplateQuery,
      page,
      module: mod,
      response: exportTemplateAnswer,
    },
    async ({ db, params, query }) => svc.exportTemplate(db, params.assessmentTemplateId, query.templateVersion),
  );

  r.put(
    `${base}/:assessmentTemplateId`,
    {
      summary:
        'Change a template (the version read is required; 409 when stale). New content of a version that events use becomes a new version.',
      params: templateParams,
      body: updateTemplateBody,
      page,
      module: mod,
      response: templateWriteAnswer,
    },
    async ({ db, tenantId, caller, params, body, audit }) => {
      const t = await svc.updateTemplate(db, tenantId, caller?.userId ?? null, params.assessmentTemplateId, body);
      await audit(
        'assessmentTemplate.update',
        {
          changed: Object.keys(body).filter((k) => k !== 'version'),
          template_version: t.template_version,
          new_version: t.new_version,
        },
        String(params.assessmentTemplateId),
      );
      return { ...t, records_updated: 1 as const };
    },
  );

  r.post(
    `${base}/:assessmentTemplateId/versions`,
    {
      summary: 'Make a new version (from the content sent, or a copy of the current one)',
      params: templateParams,
      body: newVersionBody,
      page,
      module: mod,
      response: templateWriteAnswer,
    },
    async ({ db, tenantId, caller, params, body, audit }) => {
      const t = await svc.newTemplateVersion(db, tenantId, caller?.userId ?? null, params.assessmentTemplateId, body);
      await audit(
        'assessmentTemplate.newVersion',
        { template_version: t.template_version },
        String(params.assessmentTemplateId),
      );
      return { ...t, records_updated: 1 as const };
    },
  );

  r.post(
    `${base}/:assessmentTemplateId/archive`,
    {
      summary: 'Archive a template (no new events; existing ones keep it) or restore it',
      params: templateParams,
      body: archiveTemplateBody,
      page,
      module: mod,
      response: templateWriteAnswer,
    },
    async ({ db, params, body, audit }) => {
      const t = await svc.archiveTemplate(db, params.assessmentTemplateId, body);
      await audit('assessmentTemplate.archive', { archived: body.archived }, String(params.assessmentTemplateId));
      return { ...t, records_updated: 1 as const };
    },
  );

  r.delete(
    `${base}/:assessmentTemplateId`,
    {
      summary: 'Delete a template no assessment uses (confirm=true required; one in use answers 409)',
      params: templateParams,
      query: deleteTemplateQuery,
      page,
      module: mod,
      response: templateDeleteAnswer,
    },
    async ({ db, params, query, audit }) => {
      const t = await svc.deleteTemplate(db, params.assessmentTemplateId, query);
      await audit('assessmentTemplate.delete', { name: t.name }, String(params.assessmentTemplateId));
      return { records_updated: 1 as const, assessment_template_id: params.assessmentTemplateId };
    },
  );
}
