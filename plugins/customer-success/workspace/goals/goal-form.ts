/**
 * The goal, task and score forms of the company page: drafts and the bodies sent. The forms check the bodies with
 * the server's own schemas (shared/goal-schemas.ts) through the workspace form helper, so the texts are the API's;
 * the server's field errors (`body.<field>`) land on the same fields. Pure.
 */
import type { GoalStatus } from '../../shared/goal-rules';
import type { GoalRow } from './types';

export interface GoalDraft {
  moniker: string;
  description: string;
  status: GoalStatus;
  startDate: string;
  dueDate: string;
  /** The other companies the goal covers (its own company is always one). */
  otherCompanyIds: number[];
}

export const emptyGoalDraft = (): GoalDraft => ({
  moniker: '',
  description: '',
  status: 'notStarted',
  startDate: '',
  dueDate: '',
  otherCompanyIds: [],
});

export function goalDraftOf(g: GoalRow): GoalDraft {
  return {
    moniker: g.moniker,
    description: g.description,
    status: g.status,
    startDate: g.startDate ?? '',
    dueDate: g.dueDate ?? '',
    otherCompanyIds: g.tenantCompanyIds.filter((id) => id !== g.tenantCompanyId),
  };
}

/** The body of a create (POST) or update (PUT, with the version read). */
export function goalBodyOf(d: GoalDraft, version?: number) {
  return {
    moniker: d.moniker.trim(),
    description: d.description,
    status: d.status,
    startDate: d.startDate === '' ? null : d.startDate,
    dueDate: d.dueDate === '' ? null : d.dueDate,
    tenantCompanyIds: d.otherCompanyIds,
    ...(version !== undefined ? { version } : {}),
  };
}

export function taskBodyOf(goalId: number, moniker: string) {
  return { tenantCompanyGoalId: goalId, moniker: moniker.trim() };
}

/** The score field as typed: '' or not a number stays NaN so the API's message shows. */
export function scoreBodyOf(score: string, note: string) {
  const n = score.trim() === '' ? Number.NaN : Number(score);
  return { score: n, ...(note.trim() ? { note: note.trim() } : {}) };
}
