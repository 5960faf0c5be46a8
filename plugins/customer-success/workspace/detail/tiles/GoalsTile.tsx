/** The company's goals (goals area: TenantCompanyGoal), with status and due date in words. */
import { NonIdealState, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { GOAL_STATUS_LABELS } from '../../../shared/goal-rules';
import { relativeTime } from '../../../shared/relative-time';
import { formatTenantDate } from '../../../shared/tenant-date-format';
import { useCsApi } from '../../cs-api';
import type { GoalRow } from '../../goals/types';

export function GoalsTile({ companyId, dateFormat }: { companyId: number; dateFormat: string | undefined }) {
  const cs = useCsApi();
  const [goals, setGoals] = useState<GoalRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    cs.csGet<'TenantCompanyGoal', GoalRow[]>('TenantCompanyGoal', { tenantCompanyId: companyId }).then(
      (r) => {
        if (live) setGoals(r.tenantCompanyGoals);
      },
      (e) => {
        if (live) setError((e as Error).message);
      },
    );
    return () => {
      live = false;
    };
  }, [cs, companyId]);
  if (error) return <p className="bp6-text-muted">Goals could not be loaded: {error}</p>;
  if (!goals) return null;
  if (!goals.length) return <NonIdealState icon="flag" title="No goals yet" />;
  return (
    <ul className="cs-tile-list" aria-label="Goals">
      {goals.map((g) => (
        <li key={g.tenantCompanyGoalId}>
          <strong>{g.moniker}</strong>{' '}
          <Tag minimal intent={g.status === 'completed' ? 'success' : g.status === 'atRisk' ? 'danger' : 'none'}>
            {GOAL_STATUS_LABELS[g.status]}
          </Tag>
          {g.dueDate && (
            <span className="bp6-text-muted">
              {' '}
              due {formatTenantDate(g.dueDate, dateFormat)} ({relativeTime(g.dueDate)})
            </span>
          )}
          {g.progress !== null && <span className="bp6-text-muted"> · {Math.round(g.progress)}% of tasks done</span>}
        </li>
      ))}
    </ul>
  );
}
