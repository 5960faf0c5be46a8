/**
 * The scores of one goal (GET TenantCompanyGoal/{id}: scores newest first; POST { action: 'addScore', score, note }):
 * the list with date and note, and a form to enter a score 0-100 with the API's checks before sending.
 */
import { Button, ControlGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../../workspace/sdk';
import type { GoalRow } from '../../shared/api';
import { formatTenantDate } from '../../shared/tenant-date-format';
import { useCsApi } from '../cs-api';
import { ScoreTag } from '../cuts/ScoreTag';
import { useCuts } from '../cuts/use-cuts';
import { scoreBodyOf, scoreErrors, serverFieldErrors, type FieldErrors } from './goal-form';

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
  const [score, setScore] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const r = await cs.csGetOne<'TenantCompanyGoal', (GoalRow & { scores: GoalScore[] })[]>(
        'TenantCompanyGoal',
        goalId,
      );
      setScores(r.tenantCompanyGoals[0]?.scores ?? []);
    } catch (e) {
      setErrors({ '': (e as Error).message });
    }
  }, [cs, goalId]);
  useEffect(() => {
    void load();
  }, [load]);

  const add = async () => {
    const found = scoreErrors(score, note);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await cs.csAction('TenantCompanyGoal', 'addScore', scoreBodyOf(score, note), 'records_updated', goalId);
      setScore('');
      setNote('');
      await load();
      onChanged();
    } catch (e) {
      const f = e instanceof ApiError ? serverFieldErrors(e.fields) : {};
      setErrors(Object.keys(f).length ? f : { '': (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const message = errors.score ?? errors.note ?? errors[''];
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
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <ControlGroup>
            <InputGroup
              className="cs-goal-score-input"
              inputMode="numeric"
              placeholder="0-100"
              aria-label={`Score of ${goalName}`}
              value={score}
              intent={errors.score ? 'danger' : 'none'}
              onChange={(e) => setScore(e.target.value)}
            />
            <InputGroup
              placeholder="Note"
              aria-label={`Score note of ${goalName}`}
              value={note}
              intent={errors.note ? 'danger' : 'none'}
              onChange={(e) => setNote(e.target.value)}
            />
            <Button type="submit" icon="add" text="Add score" loading={busy} />
          </ControlGroup>
        </form>
      )}
      {message && (
        <p className="bp6-text-small cs-form-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
