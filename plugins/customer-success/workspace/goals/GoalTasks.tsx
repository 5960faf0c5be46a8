/**
 * The tasks of one goal (TenantCompanyGoalTask): tick to complete (or reopen), add a task by name. The API's
 * checks run before sending (goal-form.ts). `onChanged` lets the goal list show the new progress.
 */
import { Button, Checkbox, ControlGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../../workspace/sdk';
import type { GoalTask } from '../../shared/api';
import { useCsApi } from '../cs-api';
import { serverFieldErrors, taskBodyOf, taskErrors } from './goal-form';

export function GoalTasks({
  companyId,
  goalId,
  goalName,
  readOnly,
  onChanged,
}: {
  companyId: number;
  goalId: number;
  goalName: string;
  readOnly: boolean;
  onChanged(): void;
}) {
  const cs = useCsApi();
  const [tasks, setTasks] = useState<GoalTask[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const r = await cs.csGet<'TenantCompanyGoalTask', GoalTask[]>('TenantCompanyGoalTask', {
        tenantCompanyId: companyId,
        query: { tenantCompanyGoalId: goalId },
      });
      setTasks(r.tenantCompanyGoalTasks);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [cs, companyId, goalId]);
  useEffect(() => {
    void load();
  }, [load]);

  const run = async (write: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await write();
      setError(null);
      await load();
      onChanged();
      return true;
    } catch (e) {
      const f = e instanceof ApiError ? serverFieldErrors(e.fields) : {};
      setError(f.moniker ?? (e as Error).message);
      await load();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async () => {
    const found = taskErrors(goalId, name);
    if (found.moniker) return setError(found.moniker);
    if (await run(() => cs.csCreate('TenantCompanyGoalTask', taskBodyOf(goalId, name), companyId))) setName('');
  };

  if (!tasks) return error ? <p className="bp6-text-muted">{error}</p> : <Spinner size={16} />;
  return (
    <div className="cs-goal-tasks" role="group" aria-label={`Tasks of ${goalName}`}>
      <h5 className="bp6-heading">Tasks</h5>
      {tasks.length === 0 && <p className="bp6-text-muted">No tasks yet.</p>}
      <ul className="cs-tile-list">
        {tasks.map((t) => (
          <li key={t.tenantCompanyGoalTaskId}>
            <Checkbox
              checked={t.completedFlag}
              disabled={readOnly || busy}
              label={t.moniker}
              className={t.completedFlag ? 'cs-task-done' : undefined}
              onChange={() =>
                void run(() =>
                  cs.csUpdate('TenantCompanyGoalTask', t.tenantCompanyGoalTaskId, {
                    completedFlag: !t.completedFlag,
                    version: t.version,
                  }),
                )
              }
            />
          </li>
        ))}
      </ul>
      {!readOnly && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <ControlGroup>
            <InputGroup
              placeholder="New task"
              aria-label={`New task of ${goalName}`}
              value={name}
              intent={error ? 'danger' : 'none'}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" icon="add" text="Add task" loading={busy} />
          </ControlGroup>
        </form>
      )}
      {error && (
        <p className="bp6-text-small cs-form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
