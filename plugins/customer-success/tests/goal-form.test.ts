/**
 * The goal, task and score forms of the company page check their bodies with the API's own schemas (the workspace
 * form helper): same rules, same texts.
 */
import type { ZodType } from 'zod';
import { goalStatusLabel } from '../shared/goal-rules';
import {
  goalBody,
  goalScoreBody,
  goalUpdateBody,
  MSG_REAL_DATE,
  MSG_REQUIRED,
  MSG_SCORE_RANGE,
  taskBody,
} from '../shared/goal-schemas';
import {
  emptyGoalDraft,
  goalBodyOf,
  goalDraftOf,
  scoreBodyOf,
  taskBodyOf,
  type GoalDraft,
} from '../workspace/goals/goal-form';

/**
 * The first message per top-level field of a body checked against one of the schemas above (the server answers
 * the same messages as `body.<field>`); an empty object when the body passes.
 */
function fieldErrors(schema: ZodType, body: unknown): Record<string, string> {
  const r = schema.safeParse(body);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

const goalDraftErrors = (d: GoalDraft, editing: boolean) =>
  fieldErrors(editing ? goalUpdateBody : goalBody, goalBodyOf(d));
const taskErrors = (goalId: number, moniker: string) => fieldErrors(taskBody, taskBodyOf(goalId, moniker));
const scoreErrors = (score: string, note: string) => fieldErrors(goalScoreBody, scoreBodyOf(score, note));

describe('goal form', () => {
  it('names the fields with the API texts', () => {
    expect(goalDraftErrors(emptyGoalDraft(), false)).toEqual({ moniker: MSG_REQUIRED });
    expect(goalDraftErrors({ ...emptyGoalDraft(), moniker: '   ' }, true)).toEqual({ moniker: MSG_REQUIRED });
    expect(goalDraftErrors({ ...emptyGoalDraft(), moniker: 'x'.repeat(201) }, false)).toEqual({
      moniker: 'Max 200 characters',
    });
    expect(goalDraftErrors({ ...emptyGoalDraft(), moniker: 'Renewal', dueDate: '2025-02-30' }, false)).toEqual({
      dueDate: MSG_REAL_DATE,
    });
    expect(goalDraftErrors({ ...emptyGoalDraft(), moniker: 'Renewal', dueDate: '2025-02-28' }, false)).toEqual({});
  });
  it('sends empty dates as null, the name trimmed and the version read', () => {
    const body = goalBodyOf({ ...emptyGoalDraft(), moniker: ' Renewal ', otherCompanyIds: [4] }, 3);
    expect(body).toEqual({
      moniker: 'Renewal',
      description: '',
      status: 'notStarted',
      startDate: null,
      dueDate: null,
      tenantCompanyIds: [4],
      version: 3,
    });
    expect(fieldErrors(goalBody, body)).toEqual({});
  });
  it('edits a goal without its own company among the others', () => {
    const d = goalDraftOf({
      tenantCompanyId: 1,
      tenantCompanyIds: [1, 2],
      moniker: 'G',
      description: 'd',
      status: 'atRisk',
      startDate: null,
      dueDate: '2025-01-01',
    } as Parameters<typeof goalDraftOf>[0]);
    expect(d).toMatchObject({ otherCompanyIds: [2], dueDate: '2025-01-01', startDate: '', status: 'atRisk' });
  });
  it('tasks and scores', () => {
    expect(taskErrors(5, ' ')).toEqual({ moniker: MSG_REQUIRED });
    expect(taskErrors(5, 'Call the CFO')).toEqual({});
    expect(scoreErrors('', '')).toEqual({ score: MSG_SCORE_RANGE });
    expect(scoreErrors('101', '')).toEqual({ score: MSG_SCORE_RANGE });
    expect(scoreErrors('7.5', '')).toEqual({ score: MSG_SCORE_RANGE });
    expect(scoreErrors('70', 'n'.repeat(2001))).toEqual({ note: 'Max 2000 characters' });
    expect(scoreBodyOf('70', ' ok ')).toEqual({ score: 70, note: 'ok' });
  });
  it("shows the spec's status labels", () => {
    expect(goalStatusLabel('inProgress')).toBe('In Progress');
    expect(goalStatusLabel('notStarted')).toBe('Not Started');
    expect(goalStatusLabel('other')).toBe('other');
  });
});
