/**
 * The Cross Company Goals table: the workspace's DataTable over the goals shown (sorted here, blanks last; each
 * user's columns kept on the server under 'csGoals'): the goal and its description, its companies (each opens the
 * company's detail), the status (a select for who may edit goals), the due date (overdue marked), task progress and
 * the latest goal score coloured by the health cuts.
 */
import { Button, HTMLSelect, ProgressBar } from '@blueprintjs/core';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '../../../../workspace/sdk';
import { GOAL_STATUS_LABELS, GOAL_STATUSES, isOverdue, type GoalStatus } from '../../shared/goal-rules';
import { formatTenantDate } from '../../shared/tenant-date-format';
import { ScoreTag } from '../cuts/ScoreTag';
import type { useCuts } from '../cuts/use-cuts';
import type { GoalRow } from './types';

interface GoalsTableProps {
  goals: GoalRow[];
  cuts: ReturnType<typeof useCuts>['cuts'];
  canEdit: boolean;
  dateFormat: string | null | undefined;
  today: string;
  onOpenCompany(id: number): void;
  onStatus(g: GoalRow, status: GoalStatus): void;
}

export function GoalsTable(p: GoalsTableProps) {
  const { cuts, canEdit, dateFormat, today, onOpenCompany, onStatus } = p;
  const columns = useMemo(
    (): DataTableColumn<GoalRow>[] => [
      {
        id: 'goal',
        header: 'Goal',
        value: (g) => g.moniker,
        required: true,
        wrap: true,
        cell: (g) => (
          <>
            {g.moniker}
            {g.description && <div className="bp6-text-muted cs-goal-desc">{g.description}</div>}
          </>
        ),
      },
      {
        id: 'companies',
        header: 'Companies',
        value: (g) => g.companyNames.join(', '),
        cell: (g) =>
          g.tenantCompanyIds.map((id, i) => (
            <Button
              key={id}
              variant="minimal"
              size="small"
              text={g.companyNames[i]}
              onClick={() => onOpenCompany(id)}
            />
          )),
      },
      {
        id: 'status',
        header: 'Status',
        value: (g) => GOAL_STATUSES.indexOf(g.status),
        cell: (g) =>
          canEdit ? (
            <HTMLSelect
              aria-label={`Status of ${g.moniker}`}
              value={g.status}
              onChange={(e) => onStatus(g, e.target.value as GoalStatus)}
              options={GOAL_STATUSES.map((s) => ({ value: s, label: GOAL_STATUS_LABELS[s] }))}
            />
          ) : (
            GOAL_STATUS_LABELS[g.status]
          ),
      },
      {
        id: 'due',
        header: 'Due',
        value: (g) => g.dueDate,
        className: (g) => (isOverdue(g, today) ? 'cs-overdue' : undefined),
        cell: (g) => formatTenantDate(g.dueDate, dateFormat) || '--',
      },
      {
        id: 'tasks',
        header: 'Tasks',
        value: (g) => (g.taskCount ? (g.progress ?? 0) : null),
        width: 140,
        cell: (g) =>
          g.taskCount ? (
            <>
              <ProgressBar
                value={(g.progress ?? 0) / 100}
                stripes={false}
                intent="primary"
                aria-label={`${g.progress}% of tasks done`}
              />
              <span className="bp6-text-muted">
                {g.progress}% of {g.taskCount}
              </span>
            </>
          ) : (
            <span className="bp6-text-muted">--</span>
          ),
      },
      {
        id: 'score',
        header: 'Score',
        value: (g) => g.score,
        cell: (g) => <ScoreTag score={g.score} cuts={cuts} label={`Score of ${g.moniker}`} />,
      },
    ],
    [cuts, canEdit, dateFormat, today, onOpenCompany, onStatus],
  );
  return (
    <DataTable
      label="Goals"
      tableKey="csGoals"
      className="cs-goals-table"
      columns={columns}
      rows={p.goals}
      rowKey={(g) => g.tenantCompanyGoalId}
      fill={false}
    />
  );
}
