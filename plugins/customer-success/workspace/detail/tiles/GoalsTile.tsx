/**
 * The company's goals (TenantCompanyGoal), with status (the spec's labels), due date in words, task progress and the
 * latest score. Add and edit in a dialog, delete after a confirmation (soft: Cross Company Goals restores), and per
 * goal its tasks (add, complete) and scores (enter, view). Read Only shows the goals without the controls.
 */
import { Alert, Button, ButtonGroup, Callout, Collapse, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { GOAL_STATUS_LABELS } from '../../../shared/goal-rules';
import { relativeTime } from '../../../shared/relative-time';
import { formatTenantDate } from '../../../shared/tenant-date-format';
import { useCsApi } from '../../cs-api';
import { GoalDialog } from '../../goals/GoalDialog';
import { GoalScores } from '../../goals/GoalScores';
import { GoalTasks } from '../../goals/GoalTasks';
import type { GoalRow } from '../../goals/types';

export function GoalsTile({
  companyId,
  dateFormat,
  readOnly = false,
  onChanged,
}: {
  companyId: number;
  dateFormat: string | undefined;
  readOnly?: boolean;
  /** A goal was added, edited or deleted (the details tile counts open goals). */
  onChanged?(): void;
}) {
  const cs = useCsApi();
  const [goals, setGoals] = useState<GoalRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<GoalRow | 'new' | null>(null);
  const [confirm, setConfirm] = useState<GoalRow | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const r = await cs.csGet<'TenantCompanyGoal', GoalRow[]>('TenantCompanyGoal', { tenantCompanyId: companyId });
      setGoals(r.tenantCompanyGoals);
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [cs, companyId]);
  useEffect(() => {
    void load();
  }, [load]);

  const changed = async () => {
    await load();
    onChanged?.();
  };

  const remove = async (g: GoalRow) => {
    setConfirm(null);
    try {
      setActionError(null);
      await cs.csDelete('TenantCompanyGoal', g.tenantCompanyGoalId);
      if (open === g.tenantCompanyGoalId) setOpen(null);
      await changed();
    } catch (e) {
      setActionError(`The goal could not be deleted: ${(e as Error).message}`);
    }
  };

  if (error) return <p className="bp6-text-muted">Goals could not be loaded: {error}</p>;
  if (!goals) return <Spinner size={20} aria-label="Loading goals" />;
  const addButton = !readOnly && (
    <Button icon="add" text="Add goal" intent="primary" variant="outlined" onClick={() => setEditing('new')} />
  );
  return (
    <div className="cs-goals-tile">
      {actionError && (
        <Callout intent="danger" role="alert">
          {actionError}
        </Callout>
      )}
      {!goals.length ? (
        <NonIdealState
          icon="flag"
          title="No goals yet"
          description={readOnly ? undefined : "Add the company's first goal; tasks and scores follow on each goal."}
          action={addButton || undefined}
        />
      ) : (
        <>
          {addButton && <div className="cs-goals-actions">{addButton}</div>}
          <ul className="cs-tile-list" aria-label="Goals">
            {goals.map((g) => (
              <li key={g.tenantCompanyGoalId} className="cs-goal-item">
                <div className="cs-goal-row">
                  <div>
                    <strong>{g.moniker}</strong>{' '}
                    <Tag
                      minimal
                      intent={g.status === 'completed' ? 'success' : g.status === 'atRisk' ? 'danger' : 'none'}
                    >
                      {GOAL_STATUS_LABELS[g.status]}
                    </Tag>
                    {g.dueDate && (
                      <span className="bp6-text-muted">
                        {' '}
                        due {formatTenantDate(g.dueDate, dateFormat)} ({relativeTime(g.dueDate)})
                      </span>
                    )}
                    {g.progress !== null && (
                      <span className="bp6-text-muted" data-testid={`goal-progress-${g.tenantCompanyGoalId}`}>
                        {' '}
                        · {Math.round(g.progress)}% of tasks done
                      </span>
                    )}
                    {g.score !== null && <span className="bp6-text-muted"> · score {g.score}</span>}
                    {g.tenantCompanyIds.length > 1 && (
                      <div className="bp6-text-muted bp6-text-small">Covers {g.companyNames.join(', ')}</div>
                    )}
                  </div>
                  <ButtonGroup variant="minimal">
                    <Button
                      icon={open === g.tenantCompanyGoalId ? 'chevron-up' : 'chevron-down'}
                      text="Tasks and scores"
                      aria-expanded={open === g.tenantCompanyGoalId}
                      onClick={() => setOpen((o) => (o === g.tenantCompanyGoalId ? null : g.tenantCompanyGoalId))}
                    />
                    {!readOnly && (
                      <>
                        <Button icon="edit" aria-label={`Edit goal ${g.moniker}`} onClick={() => setEditing(g)} />
                        <Button
                          icon="trash"
                          intent="danger"
                          aria-label={`Delete goal ${g.moniker}`}
                          onClick={() => setConfirm(g)}
                        />
                      </>
                    )}
                  </ButtonGroup>
                </div>
                <Collapse isOpen={open === g.tenantCompanyGoalId} keepChildrenMounted={false}>
                  {open === g.tenantCompanyGoalId && (
                    <div className="cs-goal-detail">
                      <GoalTasks
                        companyId={companyId}
                        goalId={g.tenantCompanyGoalId}
                        goalName={g.moniker}
                        readOnly={readOnly}
                        onChanged={() => void load()}
                      />
                      <GoalScores
                        goalId={g.tenantCompanyGoalId}
                        goalName={g.moniker}
                        readOnly={readOnly}
                        dateFormat={dateFormat}
                        onChanged={() => void load()}
                      />
                    </div>
                  )}
                </Collapse>
              </li>
            ))}
          </ul>
        </>
      )}
      <GoalDialog
        companyId={companyId}
        goal={editing === 'new' ? null : editing}
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(g) => {
          setEditing(null);
          if (editing === 'new') setOpen(g.tenantCompanyGoalId);
          void changed();
        }}
      />
      <Alert
        isOpen={confirm !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        canEscapeKeyCancel
        onConfirm={() => {
          if (confirm) void remove(confirm);
        }}
        onCancel={() => setConfirm(null)}
      >
        <p>
          Are you sure you want to delete the goal <strong>{confirm?.moniker}</strong>? Its tasks and scores go with it;
          Cross Company Goals can restore it.
        </p>
      </Alert>
    </div>
  );
}
