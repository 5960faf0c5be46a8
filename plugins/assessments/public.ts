/**
 * What other plugins may use of `assessments` (they list 'assessments' in dependsOn or optionalDependsOn and import
 * only this file):
 *
 * - `eventCompletedPoint` (`assessments.eventCompleted`): a handler called when an assessment event is completed
 *   (in the same transaction), e.g. customer-success records the result for its assessment-template health metric.
 * - the API shapes (shared/api.ts) and pages (shared/pages.ts), the scoring rules (shared/scoring.ts) and the read
 *   helpers for comparison, findings and report data.
 */
import { createExtensionPoint } from '../../common/extension-point';
import type { EventCompletedHandler } from './shared/points';

export const eventCompletedPoint = createExtensionPoint<EventCompletedHandler>(
  'assessments.eventCompleted',
  'called in the completing transaction when an assessment event is completed (its company, template, scores)',
);
export const ASSESSMENTS_POINTS = [eventCompletedPoint];

export type { CompletedAssessment, EventCompletedHandler } from './shared/points';
export * from './shared/pages';
export {
  templateContent,
  eventScores,
  eventRow,
  answerRow,
  type TemplateContent,
  type EventScores,
  type AssessmentEvent,
  type Answer,
  type TemplateQuestion,
  type QuestionType,
  type EventStatus,
} from './shared/api';
