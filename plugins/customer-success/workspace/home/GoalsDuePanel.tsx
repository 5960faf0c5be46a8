/** /dashboard panel: goals due soon or overdue (chart `goalsDue`), soonest first. */
import { Callout, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useDashboardChart, type DashboardPanelProps } from '../../../../workspace/sdk';
import { GOAL_STATUS_LABELS } from '../../shared/goal-rules';
import { GOALS_DUE_CHART, goalsDueChart } from '../../shared/home-charts';

const due = (days: number) =>
  days < 0
    ? `${-days} day${days === -1 ? '' : 's'} overdue`
    : days === 0
      ? 'due today'
      : `in ${days} day${days === 1 ? '' : 's'}`;

export default function GoalsDuePanel({ hidePanel }: DashboardPanelProps) {
  const { data, error } = useDashboardChart(GOALS_DUE_CHART, goalsDueChart, hidePanel);
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (data === undefined) return <Spinner size={20} aria-label="Loading goals" />;
  if (data === null || data.total === 0)
    return (
      <NonIdealState
        icon="flag"
        title="No goals due"
        description={`No open goal is due in the next ${data?.within_days ?? 30} days.`}
      />
    );
  return (
    <>
      <p>
        {data.total} open goal{data.total === 1 ? '' : 's'} due within {data.within_days} days
        {data.overdue ? `, ${data.overdue} overdue` : ''}.
      </p>
      <HTMLTable compact aria-label="Goals due">
        <thead>
          <tr>
            <th>Goal</th>
            <th>Company</th>
            <th>Status</th>
            <th>Due</th>
          </tr>
        </thead>
        <tbody>
          {data.goals.map((g) => (
            <tr key={g.tenant_company_goal_id}>
              <td>{g.moniker}</td>
              <td>{g.company}</td>
              <td>{GOAL_STATUS_LABELS[g.status]}</td>
              <td>
                <span className="lci-goal-due">
                  <span>{g.due_date}</span>
                  <Tag minimal intent={g.days_left < 0 ? 'danger' : 'warning'}>
                    {due(g.days_left)}
                  </Tag>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}
