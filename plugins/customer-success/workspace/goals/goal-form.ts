/**
 * The goal, task and score forms of the company page: drafts, the bodies sent, and their checks before sending. The
 * checks are the server's own schemas (shared/goal-schemas.ts), so the texts are the API's; the server's field
 * errors (`body.<field>`) land on the same fields. Pure.
 */
import type { GoalStatus } from '../../shared/goal-rules';
import { fieldErrors, goalBody, goalScoreBody, goalUpdateBody, taskBody } from '../../shared/goal-schemas';
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
export type FieldErrors = Record<string, string>;

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

/** The API's messages for the draft (empty when it can be sent). */
export function goalDraftErrors(d: GoalDraft, editing: boolean): FieldErrors {
  return fieldErrors(editing ? goalUpdateBody : goalBody, goalBodyOf(d));
}

export function taskBodyOf(goalId: number, moniker: string) {
  return { tenantCompanyGoalId: goalId, moniker: moniker.trim() };
}
export const taskErrors = (goalId: number, moniker: string): FieldErrors =>
  fieldErrors(taskBody, taskBodyOf(goalId, moniker));

/** The score field as typed: '' or not a number stays NaN so the API's message shows. */
export function scoreBodyOf(score: string, note: string) {
  const n = score.trim() === '' ? Number.NaN : Number(score);
  return { score: n, ...(note.trim() ? { note: note.trim() } : {}) };
}
export const scoreErrors = (score: string, note: string): FieldErrors =>
  fieldErrors(goalScoreBody, scoreBodyOf(score, note));

/** The server's field errors (`body.moniker`) by field name; others under ''. */
export function serverFieldErrors(fields: readonly { path: string; message: string }[] | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const f of fields ?? []) {
    const key = f.path.startsWith('body.') ? f.path.slice(5).split('.')[0] : '';
    if (!(key in out)) out[key] = f.message;
  }
  return out;
}
