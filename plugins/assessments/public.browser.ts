/**
 * What other plugins' pages (workspace/) and shared rules may use of `assessments`: browser-safe, it loads nothing
 * of the kernel or of this plugin's server/ (the workspace build fails if it did). Server code imports ./public.ts,
 * which re-exports this file.
 *
 * - the workspace point `findingActionButtonsPoint` (`assessments.findingActionButtons`, shared/workspace-points.ts):
 *   a button with each finding of /assessmentFindings, e.g. for an action of `findingActionsPoint`;
 * - the API shapes (shared/api.ts), pages (shared/pages.ts) and the types of the server points' values.
 */
export type { FindingActionDef, FindingActionResult } from './shared/finding-points';
export {
  findingActionButtonsPoint,
  type FindingActionButtonDef,
  type FindingActionButtonProps,
} from './shared/workspace-points';
export {
  findingRow,
  findingLink,
  comparisonAnswer,
  trendAnswer,
  FINDING_STATUSES,
  type Finding,
  type FindingLink,
  type FindingStatus,
  type ComparisonAnswer,
  type TrendAnswer,
} from './shared/api';
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
