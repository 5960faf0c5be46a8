/**
 * The report builder routes (customer-success.md 7 `reportBuilder`), under /v3/tenant/:tenantId/. Thin: parse with
 * the schemas of shared/api.ts, call the service, audit, shape the answer. Every route serves the page
 * /reportbuilder: reading needs any access to it, writing Read/Write (Read Only: 403). Component writes apply to the
 * template's current version.
 *
 * The static paths (componentTypes, uploads) are registered before `reportBuilder/:reportTemplateId`: the router
 * takes the first match, so other areas' routes of the form `reportBuilder/<word>` must be registered before
 * `builderRoutes` too.
 */
import type { Caller, Kernel, RouteRegistrar } from '../../../kernel/index';
import {
  addComponentBody,
  companyComponentAnswer,
  companyComponentBody,
  companyComponentParams,
  componentAnswer,
  componentParams,
  componentTypesAnswer,
  createTemplateBody,
  createVersionBody,
  deleteComponentAnswer,
  deleteTemplateAnswer,
  deleteTemplateBody,
  orderAnswer,
  orderBody,
  previewAnswer,
  previewQuery,
  templateAnswer,
  templateListAnswer,
  templateParams,
  templateQuery,
  templateWriteAnswer,
  tenantParams,
  updateComponentBody,
  updateTemplateBody,
  uploadAnswer,
  uploadBody,
} from '../shared/api';
import { REPORT_BUILDER_PAGE } from '../shared/pages';
import { createBuilderService, type BuilderCaller } from './builder-service';
import { renderReport } from './render';

const page = REPORT_BUILDER_PAGE;
const BASE = '/v3/tenant/:tenantId/reportBuilder';
const ONE = `${BASE}/:reportTemplateId`;
const COMPONENT = `${ONE}/components/:componentKey`;

const who = (caller: Caller | null): BuilderCaller => ({
  userId: caller?.userId ?? null,
  modules: caller?.modules ?? [],
});

export function builderRoutes(r: RouteRegistrar, k: Kernel): void {
  const svc = createBuilderService(k);

  r.get(
    BASE,
    { summary: "The tenant's report templates, by name", params: tenantParams, page, response: templateListAnswer },
    async ({ db }) => ({ templates: await svc.listTemplates(db) }),
  );

  r.post(
    BASE,
    {
      summary: 'Create a report template (the name is unique in any case: 409 otherwise); version 1 starts empty',
      params: tenantParams,
      body: createTemplateBody,
      page,
      response: templateWriteAnswer,
    },
    async ({ db, tenantId, caller, body, audit }) => {
      const template = await svc.createTemplate(db, tenantId, who(caller), body);
      await audit('report_template.insert', { name: template.name }, String(template.report_template_id));
      return { template, records_updated: 1 as const };
    },
  );

  r.get(
    `${BASE}/componentTypes`,
    {
      summary: "The builder's flyout: built-in types, the spec's sourced types and the registered ones",
      params: tenantParams,
      page,
      response: componentTypesAnswer,
    },
    ({ caller }) => svc.componentTypes(who(caller).modules),
  );

  r.post(
    `${BASE}/uploads`,
    {
      summary: 'A signed link to upload one image (PNG, JPEG, GIF) or Word (.docx) file for a component',
      params: tenantParams,
      body: uploadBody,
      page,
      response: uploadAnswer,
    },
    ({ tenantId, body }) => svc.uploadLink(tenantId, body),
  );

  r.get(
    ONE,
    {
      summary: 'A template with its versions and the components of one version (default: the current one)',
      params: templateParams,
      query: templateQuery,
      page,
      response: templateAnswer,
    },
    ({ db, tenantId, caller, params, query }) =>
      svc.templateAnswer(db, tenantId, params.reportTemplateId, query.vers, who(caller).modules),
  );

  r.put(
    ONE,
    {
      summary: 'Rename or describe a template (the version read is required; a stale one answers 409)',
      params: templateParams,
      body: updateTemplateBody,
      page,
      response: templateWriteAnswer,
    },
    async ({ db, params, body, audit }) => {
      const template = await svc.updateTemplate(db, params.reportTemplateId, body);
      const changed = Object.keys(body).filter((key) => key !== 'version');
      await audit('report_template.update', { changed }, String(template.report_template_id));
      return { template, records_updated: 1 as const };
    },
  );

  r.delete(
    ONE,
    {
      summary: 'Delete a template with its versions and per-company content (the body must confirm)',
      params: templateParams,
      body: deleteTemplateBody,
      page,
      response: deleteTemplateAnswer,
    },
    async ({ db, params, audit }) => {
      const t = await svc.deleteTemplate(db, params.reportTemplateId);
      await audit('report_template.delete', { name: t.name, versions: t.versions }, String(t.report_template_id));
      return { records_updated: 1 as const, report_template_id: t.report_template_id };
    },
  );

  r.post(
    `${ONE}/versions`,
    {
      summary: "A new version copying a version's components (default the current one); it becomes current",
      params: templateParams,
      body: createVersionBody,
      page,
      response: templateAnswer,
    },
    async ({ db, tenantId, caller, params, body, audit }) => {
      const answer = await svc.createVersion(db, tenantId, who(caller), params.reportTemplateId, body);
      await audit('report_template.version', { vers: answer.vers }, String(params.reportTemplateId));
      return answer;
    },
  );

  r.post(
    `${ONE}/components`,
    {
      summary: 'Add a component of the catalogue to the current version (at `position`, default the end)',
      params: templateParams,
      body: addComponentBody,
      page,
      response: componentAnswer,
    },
    async ({ db, tenantId, caller, params, body, audit }) => {
      const component = await svc.addComponent(db, tenantId, who(caller), params.reportTemplateId, body);
      await audit(
        'report_component.insert',
        { component_key: component.component_key, type: component.type },
        String(params.reportTemplateId),
      );
      return { component };
    },
  );

  r.put(
    COMPONENT,
    {
      summary: "Change a component's properties (merged), title or selected flag in the current version",
      params: componentParams,
      body: updateComponentBody,
      page,
      response: componentAnswer,
    },
    async ({ db, tenantId, caller, params, body, audit }) => {
      const component = await svc.updateComponent(
        db,
        tenantId,
        who(caller),
        params.reportTemplateId,
        params.componentKey,
        body,
      );
      await audit(
        'report_component.update',
        { component_key: params.componentKey, changed: Object.keys(body) },
        String(params.reportTemplateId),
      );
      return { component };
    },
  );

  r.delete(
    COMPONENT,
    {
      summary: 'Remove a component from the current version',
      params: componentParams,
      page,
      response: deleteComponentAnswer,
    },
    async ({ db, params, audit }) => {
      await svc.removeComponent(db, params.reportTemplateId, params.componentKey);
      await audit('report_component.delete', { component_key: params.componentKey }, String(params.reportTemplateId));
      return { records_updated: 1 as const, component_key: params.componentKey };
    },
  );

  r.put(
    `${ONE}/order`,
    {
      summary: 'Order the components of the current version (every key once)',
      params: templateParams,
      body: orderBody,
      page,
      response: orderAnswer,
    },
    async ({ db, tenantId, caller, params, body, audit }) => {
      const components = await svc.orderComponents(
        db,
        tenantId,
        who(caller),
        params.reportTemplateId,
        body.component_keys,
      );
      await audit('report_component.order', { component_keys: body.component_keys }, String(params.reportTemplateId));
      return { components };
    },
  );

  r.get(
    `${COMPONENT}/company/:tenantCompanyId`,
    {
      summary: "A company's own content of a component, its activeFlag and what its report uses",
      params: companyComponentParams,
      page,
      response: companyComponentAnswer,
    },
    ({ db, tenantId, caller, params }) =>
      svc.companyComponent(
        db,
        tenantId,
        who(caller),
        params.reportTemplateId,
        params.componentKey,
        params.tenantCompanyId,
      ),
  );

  r.put(
    `${COMPONENT}/company/:tenantCompanyId`,
    {
      summary: "Set a company's own content of a component (used while global is off) and/or its activeFlag",
      params: companyComponentParams,
      body: companyComponentBody,
      page,
      response: companyComponentAnswer,
    },
    async ({ db, tenantId, caller, params, body, audit }) => {
      const { reportTemplateId, componentKey, tenantCompanyId } = params;
      await svc.putCompanyComponent(db, tenantId, reportTemplateId, componentKey, tenantCompanyId, body);
      await audit(
        'report_component.company',
        { component_key: componentKey, tenant_company_id: tenantCompanyId, changed: Object.keys(body) },
        String(reportTemplateId),
      );
      return svc.companyComponent(db, tenantId, who(caller), reportTemplateId, componentKey, tenantCompanyId);
    },
  );

  r.get(
    `${ONE}/preview`,
    {
      summary: 'The report rendered for a company (or the shared content): components in order with their blocks',
      params: templateParams,
      query: previewQuery,
      page,
      response: previewAnswer,
    },
    ({ db, tenantId, caller, params, query }) =>
      renderReport(k, db, tenantId, {
        templateId: params.reportTemplateId,
        vers: query.vers,
        companyId: query.companyId ?? null,
        modules: who(caller).modules,
      }),
  );
}
