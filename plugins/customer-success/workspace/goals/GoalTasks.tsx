/**
 * The tasks of one goal (TenantCompanyGoalTask): tick to complete (or reopen), add a task by name. The API's
 * schema (taskBody) checks a new task before sending, through the workspace form helper. `onChanged` lets the goal
 * list show the new progress.
 */
import { Checkbox, ControlGroup, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { Form, SubmitButton, TextField, useSchemaForm } from '../../../../workspace/sdk';
import type { GoalTask } from '../../shared/api';
import { taskBody } from '../../shared/goal-schemas';
import { useCsApi } from '../cs-api';
import { taskBodyOf } from './goal-form';

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

  const refresh = async () => {
    setError(null);
    await load();
    onChanged();
  };
  const toggle = async (t: GoalTask) => {
    setBusy(true);
    try {
      await cs.csUpdate('TenantCompanyGoalTask', t.tenantCompanyGoalTaskId, {
        completedFlag: !t.completedFlag,
        version: t.version,
      });
      await refresh();
    } catch (e) {
      setError((e as Error).message);
      await load();
    } finally {
      setBusy(false);
    }
  };
  const form = useSchemaForm({
    schema: taskBody,
    defaultValues: { moniker: '' },
    toBody: (v) => taskBodyOf(goalId, v.moniker),
    onSubmit: async (body) => {
      try {
        await cs.csCreate('TenantCompanyGoalTask', body, companyId);
      } catch (e) {
        await load();
        throw e;
      }
      form.reset();
      await refresh();
    },
  });
  const adding = form.formState.isSubmitting;
  const { errors } = form.formState;
  const message = errors.moniker?.message ?? errors.root?.form?.message ?? error;

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
              disabled={readOnly || busy || adding}
              label={t.moniker}
              className={t.completedFlag ? 'cs-task-done' : undefined}
              onChange={() => void toggle(t)}
            />
          </li>
        ))}
      </ul>
      {!readOnly && (
        <Form form={form}>
          <ControlGroup>
            <TextField
              control={form.control}
              name="moniker"
              bare
              placeholder="New task"
              aria-label={`New task of ${goalName}`}
            />
            <SubmitButton form={form} icon="add" text="Add task" intent="none" disabled={busy} />
          </ControlGroup>
        </Form>
      )}
      {message && (
        <p className="bp6-text-small cs-form-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
