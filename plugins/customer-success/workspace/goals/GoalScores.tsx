/**
 * The scores of one goal (GET TenantCompanyGoal/{id}: scores newest first; POST { action: 'addScore', score, note }):
 * the list with date and note, and a form to enter a score 0-100 checked by the API's schema (goalScoreBody) before
 * sending, through the workspace form helper.
 */
import { ControlGroup, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { Form, SubmitButton, TextField, useSchemaForm } from '../../../../workspace/sdk';
import type { GoalRow } from '../../shared/api';
import { goalScoreBody } from '../../shared/goal-schemas';
import { formatTenantDate } from '../../shared/tenant-date-format';
import { useCsApi } from '../cs-api';
import { ScoreTag } from '../cuts/ScoreTag';
import { useCuts } from '../cuts/use-cuts';
import { scoreBodyOf } from './goal-form';

type GoalScore = { tenantCompanyGoalScoreId: number; score: number; note: string; scoredAt: string };

export function GoalScores({
  goalId,
  goalName,
  readOnly,
  dateFormat,
  onChanged,
}: {
  goalId: number;
  goalName: string;
  readOnly: boolean;
  dateFormat: string | undefined;
  onChanged(): void;
}) {
  const cs = useCsApi();
  const { cuts } = useCuts('health');
  const [scores, setScores] = useState<GoalScore[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const r = await cs.csGetOne<'TenantCompanyGoal', (GoalRow & { scores: GoalScore[] })[]>(
        'TenantCompanyGoal',
        goalId,
      );
      setScores(r.tenantCompanyGoals[0]?.scores ?? []);
    } catch (e) {
      setLoadError((e as Error).message);
    }
  }, [cs, goalId]);
  useEffect(() => {
    void load();
  }, [load]);

  const form = useSchemaForm({
    schema: goalScoreBody,
    defaultValues: { score: '', note: '' },
    toBody: (v) => scoreBodyOf(v.score, v.note),
    onSubmit: async (body) => {
      await cs.csAction('TenantCompanyGoal', 'addScore', body, 'records_updated', goalId);
      form.reset();
      await load();
      onChanged();
    },
  });
  const { errors } = form.formState;
  const message = errors.score?.message ?? errors.note?.message ?? errors.root?.form?.message ?? loadError;
  return (
    <div className="cs-goal-scores" role="group" aria-label={`Scores of ${goalName}`}>
      <h5 className="bp6-heading">Scores</h5>
      {!scores ? (
        <Spinner size={16} />
      ) : scores.length === 0 ? (
        <p className="bp6-text-muted">No scores yet.</p>
      ) : (
        <ul className="cs-tile-list">
          {scores.map((s) => (
            <li key={s.tenantCompanyGoalScoreId}>
              <ScoreTag score={s.score} cuts={cuts} label="Goal score" />{' '}
              <span className="bp6-text-muted">{formatTenantDate(s.scoredAt.slice(0, 10), dateFormat)}</span>
              {s.note && <span> · {s.note}</span>}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <Form form={form}>
          <ControlGroup>
            <TextField
              control={form.control}
              name="score"
              bare
              className="cs-goal-score-input"
              inputMode="numeric"
              placeholder="0-100"
              aria-label={`Score of ${goalName}`}
            />
            <TextField
              control={form.control}
              name="note"
              bare
              placeholder="Note"
              aria-label={`Score note of ${goalName}`}
            />
            <SubmitButton form={form} icon="add" text="Add score" intent="none" />
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
