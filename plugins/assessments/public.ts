/**
 * What other plugins' server code may use of `assessments` (they list 'assessments' in dependsOn or
 * optionalDependsOn and import only this file; their pages import ./public.browser.ts, re-exported here):
 *
 * - `eventCompletedPoint` (`assessments.eventCompleted`): a handler called when an assessment event is completed
 *   (in the same transaction), e.g. customer-success records the result for its assessment-template health metric.
 * - the API shapes (shared/api.ts) and pages (shared/pages.ts), the scoring rules (shared/scoring.ts) and the read
 *   helpers for comparison, findings and report data.
 * - `adoptPlatformTemplate`: lci-admin's importAssessmentTemplates (optionalDependsOn: ['assessments']) hands each
 *   template it writes to this plugin, which keeps its own versioned copy (README "Platform templates").
 */
import { createExtensionPoint } from '../../common/extension-point';
import type { Trx } from '../../kernel/index';
import type { EventCompletedHandler } from './shared/points';
import { adoptPlatformTemplate as adopt, type PlatformTemplateInput } from './server/templates/service';
import type { FindingActionDef } from './shared/finding-points';

export const eventCompletedPoint = createExtensionPoint<EventCompletedHandler>(
  'assessments.eventCompleted',
  'called in the completing transaction when an assessment event is completed (its company, template, scores)',
);
/**
 * `findingActionsPoint` (`assessments.findingActions`): actions on a finding { id, title, run(db, tenantId, finding,
 * caller) } (shared/finding-points.ts), run by POST assessmentFindings/:id/actions/:actionId; the link an action
 * answers is kept on the finding (`links`), e.g. the projects plugin's "create or link a recommendation", so a report
 * traces finding -> recommendation -> budget line. Its buttons: the workspace point `findingActionButtonsPoint`.
 */
export const findingActionsPoint = createExtensionPoint<FindingActionDef>(
  'assessments.findingActions',
  'actions on an assessment finding (e.g. create or link a recommendation); the link they answer is kept on the finding',
);
export const ASSESSMENTS_POINTS = [eventCompletedPoint, findingActionsPoint];
export * from './public.browser';

export type { PlatformTemplateInput } from './server/templates/service';

/**
 * Makes or refreshes this plugin's template of an imported platform template (lci-admin's assessment_templates row
 * `platformTemplateId`) for a tenant, in the caller's transaction (tenant or system scope: every query names the
 * tenant). Answers this plugin's template id (the id CS assessment-template metrics name).
 */
export function adoptPlatformTemplate(trx: Trx, tenantId: number, t: PlatformTemplateInput): Promise<number> {
  return adopt(trx, tenantId, t);
}
