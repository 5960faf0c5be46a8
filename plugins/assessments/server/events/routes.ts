/**
 * The event routes under /v3/tenant/:tenantId/assessmentEvents (module Assessment). The list, starting and
 * deleting serve page /assessments; one event, its answers, status and evidence serve page /assessment (the take
 * page). Reading needs any access to the page, writing Read/Write. Thin: parse, call the service, audit, answer.
 */
import type { Kernel, RouteRegistrar } from '../../../../kernel/index';
import {
  answerParams,
  createEventBody,
  deleteEventQuery,
  eventAnswer,
  eventDeleteAnswer,
  eventListAnswer,
  eventListQuery,
  eventParams,
  eventWriteAnswer,
  evidenceDeleteAnswer,
  evidenceListAnswer,
  evidenceParams,
  evidenceUploadAnswer,
  evidenceUploadBody,
  patchAnswerAnswer,
  patchAnswerBody,
  statusBody,
  tenantParams,
  updateEventBody,
} from '../../shared/api';
import { ASSESSMENT_PAGE, ASSESSMENTS_PAGE } from '../../shared/pages';
import * as svc from './service';

const mod = 'Assessment' as const;
const base = '/v3/tenant/:tenantId/assessmentEvents';
const one = `${base}/:assessmentEventId`;

export function eventRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    base,
    {
      summary: "Assessment events of the tenant's companies, newest first (filters: company, template, status)",
      params: tenantParams,
      query: eventListQuery,
      page: ASSESSMENTS_PAGE,
      module: mod,
      response: eventListAnswer,
    },
    async ({ db, query }) => svc.listEvents(db, query),
  );

  r.post(
    base,
    {
      summary: "Start an assessment of a company on a template version (default: the template's current one)",
      params: tenantParams,
      body: createEventBody,
      page: ASSESSMENTS_PAGE,
      module: mod,
      response: eventAnswer,
    },
    async ({ db, tenantId, body, audit }) => {
      const out = await svc.createEvent(db, tenantId, body);
      await audit(
        'assessmentEvent.insert',
        {
          tenant_company_id: body.tenantCompanyId,
          template_id: body.assessmentTemplateId,
          template_version: out.event.template_version,
        },
        String(out.event.assessment_event_id),
      );
      return { ...out, evidence: [] };
    },
  );

  r.delete(
    one,
    {
      summary: 'Delete an assessment with its answers and evidence (confirm=true required)',
      params: eventParams,
      query: deleteEventQuery,
      page: ASSESSMENTS_PAGE,
      module: mod,
      response: eventDeleteAnswer,
    },
    async ({ db, params, query, audit }) => {
      const e = await svc.deleteEvent(db, k, params.assessmentEventId, query);
      await audit(
        'assessmentEvent.delete',
        { tenant_company_id: e.tenant_company_id },
        String(params.assessmentEventId),
      );
      return { records_updated: 1 as const, assessment_event_id: params.assessmentEventId };
    },
  );

  r.get(
    one,
    {
      summary: "One assessment: its template version's content, answers, scores (live until completed) and evidence",
      params: eventParams,
      page: ASSESSMENT_PAGE,
      module: mod,
      response: eventAnswer,
    },
    async ({ db, params }) => svc.getEvent(db, k, params.assessmentEventId),
  );

  r.put(
    one,
    {
      summary: 'Change the title, date, assessor or reviewer (the version read is required; 409 when stale)',
      params: eventParams,
      body: updateEventBody,
      page: ASSESSMENT_PAGE,
      module: mod,
      response: eventWriteAnswer,
    },
    async ({ db, params, body, audit }) => {
      const out = await svc.updateEventDetails(db, params.assessmentEventId, body);
      await audit(
        'assessmentEvent.update',
        { changed: Object.keys(body).filter((x) => x !== 'version') },
        String(params.assessmentEventId),
      );
      return { ...out, records_updated: 1 as const };
    },
  );

  r.patch(
    `${one}/answers/:questionKey`,
    {
      summary:
        "Autosave one answer (value, N/A, note, finding; only the fields sent). The answer's version read (0: none); 409 with the current answer when stale",
      params: answerParams,
      body: patchAnswerBody,
      page: ASSESSMENT_PAGE,
      module: mod,
      response: patchAnswerAnswer,
    },
    async ({ db, tenantId, caller, params, body }) => {
      const out = await svc.patchAnswer(
        db,
        tenantId,
        caller?.userId ?? null,
        params.assessmentEventId,
        params.questionKey,
        body,
      );
      return { ...out, records_updated: 1 as const };
    },
  );

  r.post(
    `${one}/status`,
    {
      summary:
        'Move the assessment: submit (draft -> in review), returnToDraft, complete (in review -> completed: scores stored, Customer Success told), reopen',
      params: eventParams,
      body: statusBody,
      page: ASSESSMENT_PAGE,
      module: mod,
      response: eventWriteAnswer,
    },
    async ({ db, tenantId, caller, params, body, audit }) => {
      const out = await svc.changeStatus(db, k, tenantId, caller?.userId ?? null, params.assessmentEventId, body);
      await audit(
        `assessmentEvent.${body.action}`,
        { status: out.event.status, overall_score: out.event.overall_score },
        String(params.assessmentEventId),
      );
      return { ...out, records_updated: 1 as const };
    },
  );

  r.get(
    `${one}/evidence`,
    {
      summary: 'Evidence files of the assessment with signed download links',
      params: eventParams,
      page: ASSESSMENT_PAGE,
      module: mod,
      response: evidenceListAnswer,
    },
    async ({ db, params }) => svc.listEvidence(db, k, params.assessmentEventId),
  );

  r.post(
    `${one}/evidence`,
    {
      summary: 'Add an evidence file to an answer: answers a signed link to PUT the bytes (type and size fixed)',
      params: eventParams,
      body: evidenceUploadBody,
      page: ASSESSMENT_PAGE,
      module: mod,
      response: evidenceUploadAnswer,
    },
    async ({ db, tenantId, caller, params, body, audit }) => {
      const out = await svc.addEvidence(db, k, tenantId, caller?.userId ?? null, params.assessmentEventId, body);
      await audit(
        'assessmentEvidence.insert',
        { question_key: body.questionKey, file_name: body.fileName },
        String(params.assessmentEventId),
      );
      return { ...out, records_updated: 1 as const };
    },
  );

  r.delete(
    `${one}/evidence/:assessmentEvidenceId`,
    {
      summary: 'Remove an evidence file',
      params: evidenceParams,
      page: ASSESSMENT_PAGE,
      module: mod,
      response: evidenceDeleteAnswer,
    },
    async ({ db, params, audit }) => {
      await svc.deleteEvidence(db, k, params.assessmentEventId, params.assessmentEvidenceId);
      await audit(
        'assessmentEvidence.delete',
        { evidence_id: params.assessmentEvidenceId },
        String(params.assessmentEventId),
      );
      return { records_updated: 1 as const, assessment_evidence_id: params.assessmentEvidenceId };
    },
  );
}
