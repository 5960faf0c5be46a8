/**
 * Findings routes (module Assessment, page /assessmentFindings): the list (any access), the follow-up update and
 * running an action (Read/Write). Thin: parse, call the service, audit, answer.
 */
import type { Kernel, RouteRegistrar } from '../../../../kernel/index';
import {
  findingActionAnswer,
  findingActionParams,
  findingListAnswer,
  findingListQuery,
  findingParams,
  findingWriteAnswer,
  tenantParams,
  updateFindingBody,
} from '../../shared/api';
import { ASSESSMENT_FINDINGS_PAGE } from '../../shared/pages';
import * as svc from './service';

const base = '/v3/tenant/:tenantId/assessmentFindings';

export function findingRoutes(r: RouteRegistrar, k: Kernel): void {
  r.get(
    base,
    {
      summary:
        'Findings of completed assessments with their follow-up status and links (filters: company, template, event, status, framework tag; candidates; sorted, blank scores last; paged)',
      params: tenantParams,
      query: findingListQuery,
      page: ASSESSMENT_FINDINGS_PAGE,
      module: 'Assessment',
      response: findingListAnswer,
    },
    async ({ db, query }) => svc.listFindings(db, k, query),
  );

  r.put(
    `${base}/:assessmentFindingId`,
    {
      summary:
        'Follow up a finding: status (open, planned, resolved, accepted risk) and note (the version read; 409 when stale)',
      params: findingParams,
      body: updateFindingBody,
      page: ASSESSMENT_FINDINGS_PAGE,
      module: 'Assessment',
      response: findingWriteAnswer,
    },
    async ({ db, tenantId, caller, params, body, audit }) => {
      const finding = await svc.updateFinding(db, tenantId, caller?.userId ?? null, params.assessmentFindingId, body);
      await audit(
        'assessmentFinding.update',
        { status: finding.status, assessment_event_id: finding.assessment_event_id },
        String(params.assessmentFindingId),
      );
      return { finding, records_updated: 1 as const };
    },
  );

  r.post(
    `${base}/:assessmentFindingId/actions/:actionId`,
    {
      summary: 'Run an action another plugin registered for findings (e.g. create or link a recommendation)',
      params: findingActionParams,
      page: ASSESSMENT_FINDINGS_PAGE,
      module: 'Assessment',
      response: findingActionAnswer,
    },
    async ({ db, tenantId, caller, params, audit }) => {
      const out = await svc.runAction(
        db,
        k,
        tenantId,
        caller,
        caller?.userId ?? null,
        params.assessmentFindingId,
        params.actionId,
      );
      await audit('assessmentFinding.action', { action: params.actionId }, String(params.assessmentFindingId));
      return { ...out, records_updated: 1 as const };
    },
  );
}
