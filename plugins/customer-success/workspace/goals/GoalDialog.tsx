/**
 * Add or edit a goal of the selected company (TenantCompanyGoal): name, description, status (the spec's labels),
 * start and due dates, and the other companies the goal covers. The API's checks run before sending
 * (goal-form.ts); the server's field errors land on their fields.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { ApiError, FilterMenu, useCompanies } from '../../../../workspace/sdk';
import { GOAL_STATUS_LABELS, GOAL_STATUSES, type GoalStatus } from '../../shared/goal-rules';
import { useCsApi } from '../cs-api';
import {
  emptyGoalDraft,
  goalBodyOf,
  goalDraftErrors,
  goalDraftOf,
  serverFieldErrors,
  type FieldErrors,
  type GoalDraft,
} from './goal-form';
import type { GoalRow } from './types';

export function GoalDialog({
  companyId,
  goal,
  isOpen,
  onClose,
  onSaved,
}: {
  companyId: number;
  /** null: a new goal. */
  goal: GoalRow | null;
  isOpen: boolean;
  onClose(): void;
  onSaved(g: GoalRow): void;
}) {
  const cs = useCsApi();
  const companies = useCompanies() ?? [];
  const [draft, setDraft] = useState<GoalDraft>(emptyGoalDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!isOpen) return;
    setDraft(goal ? goalDraftOf(goal) : emptyGoalDraft());
    setErrors({});
  }, [isOpen, goal]);
  const set = <K extends keyof GoalDraft>(k: K, v: GoalDraft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const save = async () => {
    const found = goalDraftErrors(draft, goal !== null);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const r = goal
        ? await cs.csUpdate<'TenantCompanyGoal', GoalRow[]>(
            'TenantCompanyGoal',
            goal.tenantCompanyGoalId,
            goalBodyOf(draft, goal.version),
          )
        : await cs.csCreate<'TenantCompanyGoal', GoalRow[]>('TenantCompanyGoal', goalBodyOf(draft), companyId);
      onSaved(r.tenantCompanyGoals[0]);
    } catch (e) {
      const fields = e instanceof ApiError ? serverFieldErrors(e.fields) : {};
      setErrors(Object.keys(fields).length ? fields : { '': (e as Error).message });
    } finally {
      setSaving(false);
    }
  };

  const field = (k: keyof GoalDraft) => ({
    intent: errors[k] ? ('danger' as const) : ('none' as const),
    helperText: errors[k],
  });
  const title = goal ? `Edit goal ${goal.moniker}` : 'Add goal';
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} canOutsideClickClose={false}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogBody>
          {errors[''] && (
            <Callout intent="danger" role="alert">
              {errors['']}
            </Callout>
          )}
          <FormGroup label="Goal" labelFor="cs-goal-moniker" labelInfo="(required)" {...field('moniker')}>
            <InputGroup
              id="cs-goal-moniker"
              autoFocus
              value={draft.moniker}
              intent={field('moniker').intent}
              onChange={(e) => set('moniker', e.target.value)}
            />
          </FormGroup>
          <FormGroup label="Description" labelFor="cs-goal-description" {...field('description')}>
            <TextArea
              id="cs-goal-description"
              fill
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </FormGroup>
          <FormGroup label="Status" labelFor="cs-goal-status" {...field('status')}>
            <HTMLSelect
              id="cs-goal-status"
              value={draft.status}
              onChange={(e) => set('status', e.target.value as GoalStatus)}
              options={GOAL_STATUSES.map((s) => ({ value: s, label: GOAL_STATUS_LABELS[s] }))}
            />
          </FormGroup>
          <div className="cs-goal-dates">
            <FormGroup label="Start date" labelFor="cs-goal-start" {...field('startDate')}>
              <InputGroup
                id="cs-goal-start"
                type="date"
                value={draft.startDate}
                intent={field('startDate').intent}
                onChange={(e) => set('startDate', e.target.value)}
              />
            </FormGroup>
            <FormGroup label="Due date" labelFor="cs-goal-due" {...field('dueDate')}>
              <InputGroup
                id="cs-goal-due"
                type="date"
                value={draft.dueDate}
                intent={field('dueDate').intent}
                onChange={(e) => set('dueDate', e.target.value)}
              />
            </FormGroup>
          </div>
          <FormGroup label="Also covers" helperText={errors.tenantCompanyIds}>
            <FilterMenu
              label="Other companies"
              options={companies
                .filter((c) => c.tenant_company_id !== companyId)
                .map((c) => ({ value: c.tenant_company_id, label: c.name }))}
              selected={draft.otherCompanyIds}
              onChange={(v) => set('otherCompanyIds', v as number[])}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text="Save goal" loading={saving} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
