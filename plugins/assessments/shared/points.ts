/**
 * The shapes registered into this plugin's extension points (public.ts declares the points). Pure types.
 */
import type { EventScores } from './api';

/** What `assessments.eventCompleted` handlers get: one event just completed, with its stored scores. */
export interface CompletedAssessment {
  assessmentEventId: number;
  tenantCompanyId: number;
  /** This plugin's template id (assessment_template_defs; the id CS metrics of calcCode assessment-template name). */
  assessmentTemplateId: number;
  templateVersion: number;
  /** 0..100, or null when nothing scored was answered. */
  overallScore: number | null;
  scores: EventScores;
  completedAt: Date;
}

/**
 * A handler of `assessments.eventCompleted`: runs in the completing request's transaction (its failure fails the
 * completion, nothing is half-done). `db` is the caller's tenant transaction (kernel Trx).
 */
export type EventCompletedHandler = (db: any, tenantId: number, event: CompletedAssessment) => Promise<void>;
