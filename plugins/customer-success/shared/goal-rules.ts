/**
 * Goal rules (customer-success.md sections 3, 4; details not shown in the spec, decided in README "Goals"):
 * statuses, the companies a goal covers (its own company always among them), task progress, latest score, overdue.
 */

export const GOAL_STATUSES = ['notStarted', 'inProgress', 'atRisk', 'completed'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  notStarted: 'Not Started',
  inProgress: 'In Progress',
  atRisk: 'At Risk',
  completed: 'Completed',
};

/** The spec's label of a status ('inProgress' -> 'In Progress'); a value that is no status is shown as it is. */
export function goalStatusLabel(status: string): string {
  return (GOAL_STATUSES as readonly string[]).includes(status) ? GOAL_STATUS_LABELS[status as GoalStatus] : status;
}

/** The companies of a goal: its own company first, then the others once each. */
export function goalCompanies(ownCompanyId: number, others: readonly number[] = []): number[] {
  return [ownCompanyId, ...[...new Set(others)].filter((id) => id !== ownCompanyId)];
}

/** Percent of active tasks completed, rounded; null without tasks. */
export function taskProgress(tasks: readonly { completedFlag: boolean; activeFlag?: 0 | 1 }[]): number | null {
  const active = tasks.filter((t) => t.activeFlag !== 0);
  if (!active.length) return null;
  return Math.round((100 * active.filter((t) => t.completedFlag).length) / active.length);
}

/** The most recent score (by scoredAt, then id), or null. */
export function latestScore<S extends { score: number; scoredAt: string; tenantCompanyGoalScoreId: number }>(
  scores: readonly S[],
): S | null {
  let best: S | null = null;
  for (const s of scores) {
    if (
      !best ||
      s.scoredAt > best.scoredAt ||
      (s.scoredAt === best.scoredAt && s.tenantCompanyGoalScoreId > best.tenantCompanyGoalScoreId)
    )
      best = s;
  }
  return best;
}

/** A goal not completed whose due date (YYYY-MM-DD) is before today (YYYY-MM-DD). */
export function isOverdue(goal: { status: GoalStatus; dueDate: string | null }, today: string): boolean {
  return goal.status !== 'completed' && !!goal.dueDate && goal.dueDate < today;
}

/** Date helper (section 5): empty, or YYYY-MM-DD that is a real date. */
export function isValidDate(value: string): boolean {
  if (value === '') return true;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
