/**
 * Report builder component `cs_goals` (registered in `reports.components` when the reports plugin is on): the active
 * goals covering the company (its own and those that include it), with status, dates, task progress and latest
 * score, and how many are completed, at risk and overdue on the report's date. Read through the goals store.
 */
import type { ReportBlock, ReportComponentDef } from '../../../reports/public';
import { goalStatusLabel, isOverdue, type GoalStatus } from '../../shared/goal-rules';
import { listGoals } from '../goals/service';

export const MSG_GOALS_NO_COMPANY = 'Choose a company to see its goals.';
export const MSG_GOALS_NONE = 'This company has no active goals.';

interface ReportGoal {
  moniker: string;
  status: GoalStatus;
  startDate: string | null;
  dueDate: string | null;
  progress: number | null;
  score: number | null;
}

/** The blocks of the component for these goals on `asOf` (yyyy-mm-dd). */
function goalBlocks(goals: readonly ReportGoal[], asOf: string): ReportBlock[] {
  if (!goals.length) return [{ kind: 'empty', title: 'No goals', message: MSG_GOALS_NONE }];
  const count = (f: (g: ReportGoal) => boolean) => goals.filter(f).length;
  return [
    {
      kind: 'metrics',
      items: [
        { label: 'Goals', value: goals.length, format: 'number' },
        { label: 'Completed', value: count((g) => g.status === 'completed'), format: 'number' },
        { label: 'At risk', value: count((g) => g.status === 'atRisk'), format: 'number' },
        { label: 'Overdue', value: count((g) => isOverdue(g, asOf)), format: 'number' },
      ],
    },
    {
      kind: 'table',
      title: 'Goals',
      columns: [
        { key: 'goal', label: 'Goal', format: 'text' },
        { key: 'status', label: 'Status', format: 'text' },
        { key: 'startDate', label: 'Start date', format: 'date' },
        { key: 'dueDate', label: 'Due date', format: 'date' },
        { key: 'progress', label: 'Progress', format: 'percent' },
        { key: 'score', label: 'Score', format: 'number' },
      ],
      rows: goals.map((g) => ({
        goal: g.moniker,
        status: isOverdue(g, asOf) ? `${goalStatusLabel(g.status)} (overdue)` : goalStatusLabel(g.status),
        startDate: g.startDate,
        dueDate: g.dueDate,
        progress: g.progress,
        score: g.score,
      })),
    },
  ];
}

export const goalsComponent: ReportComponentDef = {
  type: 'cs_goals',
  label: 'Goals',
  description: "The company's goals with their status, due dates and progress.",
  group: 'Customer Success',
  module: 'Customer Success',
  perCompany: true,
  async build({ db, companyId, asOf }) {
    if (companyId === null) return [{ kind: 'empty', title: 'No company chosen', message: MSG_GOALS_NO_COMPANY }];
    const { goals } = await listGoals(db, { companyIds: [companyId], activeFlag: 1 });
    return goalBlocks(goals, asOf);
  },
};
