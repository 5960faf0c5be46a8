/**
 * The shapes of the findings extension points (public.ts declares them). Types only (the workspace point is in
 * shared/workspace-points.ts).
 */
import type { Finding } from './api';

/** What an action answers: a message for the user and, optionally, the link it recorded on the finding. */
export interface FindingActionResult {
  message?: string;
  /** e.g. { kind: 'recommendation', id: 42, label: 'Roll out MFA', url: '/recommendation?recommendationId=42' }. */
  link?: { kind: string; id: string | number; label: string; url?: string | null };
}

/**
 * An action on a finding (`assessments.findingActions`), e.g. the projects plugin's "create or link a
 * recommendation". `run` gets the caller's tenant transaction (kernel Trx), the finding as the list shows it and the
 * caller; it runs in the request's transaction (a throw changes nothing; an HttpError answers its status). The link
 * it answers is kept on the finding (`links`) so the findings list and reports trace finding -> recommendation.
 */
export interface FindingActionDef {
  /** Unique across plugins: letters, digits, `.`, `_`, `-` (e.g. 'projects.recommendation'). */
  id: string;
  title: string;
  run(db: any, tenantId: number, finding: Finding, caller: unknown): Promise<FindingActionResult>;
}
