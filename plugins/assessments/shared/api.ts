/**
 * The assessments API (issue 18): zod schemas of every route's request and response. The server validates with them
 * and the workspace infers its types from them. Pure: imports zod only. Changes stay additive.
 *
 * Routes (all under /v3/tenant/:tenantId; permission key in brackets, shared/pages.ts):
 *   Templates [/assessmentTemplates]
 *     GET    assessmentTemplates                               list (?includeArchived, ?source)
 *     POST   assessmentTemplates                               create { name, description, content }
 *     POST   assessmentTemplates/import                        JSON import (the CLI's file) { document, onExisting, dryRun }
 *     GET    assessmentTemplates/:assessmentTemplateId                 one template with a version's content (?templateVersion)
 *     PUT    assessmentTemplates/:assessmentTemplateId                 update { version, name?, description?, content? }
 *                                                              (content of a version events use: a new version)
 *     POST   assessmentTemplates/:assessmentTemplateId/versions          new version { version, content?, note? }
 *     POST   assessmentTemplates/:assessmentTemplateId/archive           archive or restore { version, archived }
 *     DELETE assessmentTemplates/:assessmentTemplateId?version&confirm   delete (refused 409 while events use it)
 *     GET    assessmentTemplates/:assessmentTemplateId/export            the JSON document (?templateVersion)
 *   Events [/assessments]
 *     GET    assessmentEvents                                  list (?tenantCompanyId, ?status, ?assessmentTemplateId, paging)
 *     POST   assessmentEvents                                  start one { tenantCompanyId, assessmentTemplateId, ... }
 *     DELETE assessmentEvents/:assessmentEventId?version&confirm
 *   Taking an event [/assessment]
 *     GET    assessmentEvents/:assessmentEventId               event, its template version, answers, live scores
 *     PUT    assessmentEvents/:assessmentEventId               details { version, title?, assessedOn?, assessor, reviewer }
 *     PATCH  assessmentEvents/:assessmentEventId/answers/:questionKey   autosave one answer (409 when stale)
 *     POST   assessmentEvents/:assessmentEventId/status        { version, action: submit|returnToDraft|complete|reopen }
 *     GET    assessmentEvents/:assessmentEventId/evidence      files with download links
 *     POST   assessmentEvents/:assessmentEventId/evidence      upload link for one file of an answer
 *     DELETE assessmentEvents/:assessmentEventId/evidence/:assessmentEvidenceId
 *     GET    assessmentUsers                                   the tenant's active users (assessor and reviewer pickers)
 *   Comparison and trend [/assessment]
 *     GET    assessmentEvents/:assessmentEventId/comparison?with=<otherEventId>|tenantAverage
 *     GET    assessmentTrend?tenantCompanyId&assessmentTemplateId   completed events over time (overall, categories)
 *   Findings [/assessmentFindings]
 *     GET    assessmentFindings                                list (paged; company, template, status, tag, candidates)
 *     PUT    assessmentFindings/:assessmentFindingId           follow-up { status, note, version }
 *     POST   assessmentFindings/:assessmentFindingId/actions/:actionId   run an action other plugins registered
 *
 * One file a resource, all re-exported here (import from this file): content-api.ts (template content and the JSON
 * file), template-api.ts, event-api.ts, take-api.ts (answers, evidence, pickers), score-api.ts, comparison-api.ts,
 * finding-api.ts; their common zod pieces in api-fields.ts.
 */
export { tenantParams } from './api-fields';
export * from './content-api';
export * from './template-api';
export * from './score-api';
export * from './event-api';
export * from './take-api';
export * from './comparison-api';
export * from './finding-api';

/* ------------------------------------------------------------------ paths */

export const assessmentPaths = {
  templates: (t: number) => `/v3/tenant/${t}/assessmentTemplates`,
  templateImport: (t: number) => `/v3/tenant/${t}/assessmentTemplates/import`,
  template: (t: number, templateId: number) => `/v3/tenant/${t}/assessmentTemplates/${templateId}`,
  templateVersions: (t: number, templateId: number) => `/v3/tenant/${t}/assessmentTemplates/${templateId}/versions`,
  templateArchive: (t: number, templateId: number) => `/v3/tenant/${t}/assessmentTemplates/${templateId}/archive`,
  templateExport: (t: number, templateId: number) => `/v3/tenant/${t}/assessmentTemplates/${templateId}/export`,
  events: (t: number) => `/v3/tenant/${t}/assessmentEvents`,
  event: (t: number, e: number) => `/v3/tenant/${t}/assessmentEvents/${e}`,
  answer: (t: number, e: number, questionKey: string) =>
    `/v3/tenant/${t}/assessmentEvents/${e}/answers/${encodeURIComponent(questionKey)}`,
  status: (t: number, e: number) => `/v3/tenant/${t}/assessmentEvents/${e}/status`,
  evidence: (t: number, e: number) => `/v3/tenant/${t}/assessmentEvents/${e}/evidence`,
  evidenceOne: (t: number, e: number, evidenceId: number) =>
    `/v3/tenant/${t}/assessmentEvents/${e}/evidence/${evidenceId}`,
  users: (t: number) => `/v3/tenant/${t}/assessmentUsers`,
};

export const analysisPaths = {
  comparison: (t: number, e: number, other: number | 'tenantAverage') =>
    `/v3/tenant/${t}/assessmentEvents/${e}/comparison?with=${other}`,
  trend: (t: number, companyId: number, templateId: number) =>
    `/v3/tenant/${t}/assessmentTrend?tenantCompanyId=${companyId}&assessmentTemplateId=${templateId}`,
  findings: (t: number) => `/v3/tenant/${t}/assessmentFindings`,
  finding: (t: number, f: number) => `/v3/tenant/${t}/assessmentFindings/${f}`,
  findingAction: (t: number, f: number, actionId: string) =>
    `/v3/tenant/${t}/assessmentFindings/${f}/actions/${encodeURIComponent(actionId)}`,
};
