/**
 * Add or edit a goal of the selected company (TenantCompanyGoal): name, description, status (the spec's labels),
 * start and due dates, and the other companies the goal covers. The API's schema checks the goal before sending
 * (the workspace form helper); the server's field errors land on their fields.
 */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useEffect } from 'react';
import {
  CustomField,
  FilterMenu,
  Form,
  FormError,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useCompanies,
  useSchemaForm,
} from '../../../../workspace/sdk';
import { GOAL_STATUS_LABELS, GOAL_STATUSES } from '../../shared/goal-rules';
import { goalBody, goalUpdateBody } from '../../shared/goal-schemas';
import { useCsApi } from '../cs-api';
import { emptyGoalDraft, goalBodyOf, goalDraftOf } from './goal-form';
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
  const form = useSchemaForm({
    schema: goal ? goalUpdateBody : goalBody,
    defaultValues: emptyGoalDraft(),
    toBody: (d) => goalBodyOf(d),
    renames: { tenantCompanyIds: 'otherCompanyIds' },
    onSubmit: async (body) => {
      const r = goal
        ? await cs.csUpdate<'TenantCompanyGoal', GoalRow[]>('TenantCompanyGoal', goal.tenantCompanyGoalId, {
            ...body,
            version: goal.version,
          })
        : await cs.csCreate<'TenantCompanyGoal', GoalRow[]>('TenantCompanyGoal', body, companyId);
      onSaved(r.tenantCompanyGoals[0]);
    },
  });
  const { reset, control } = form;
  useEffect(() => {
    if (isOpen) reset(goal ? goalDraftOf(goal) : emptyGoalDraft());
  }, [isOpen, goal, reset]);

  const title = goal ? `Edit goal ${goal.moniker}` : 'Add goal';
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} canOutsideClickClose={false}>
      <Form form={form}>
        <DialogBody>
          <FormError control={control} />
          <TextField
            control={control}
            name="moniker"
            id="cs-goal-moniker"
            label="Goal"
            labelInfo="(required)"
            autoFocus
          />
          <TextAreaField control={control} name="description" id="cs-goal-description" label="Description" fill />
          <SelectField
            control={control}
            name="status"
            id="cs-goal-status"
            label="Status"
            fill={false}
            options={GOAL_STATUSES.map((s) => ({ value: s, label: GOAL_STATUS_LABELS[s] }))}
          />
          <div className="cs-goal-dates">
            <TextField control={control} name="startDate" id="cs-goal-start" label="Start date" type="date" />
            <TextField control={control} name="dueDate" id="cs-goal-due" label="Due date" type="date" />
          </div>
          <CustomField
            control={control}
            name="otherCompanyIds"
            label="Also covers"
            render={(selected, onChange) => (
              <FilterMenu
                label="Other companies"
                options={companies
                  .filter((c) => c.tenant_company_id !== companyId)
                  .map((c) => ({ value: c.tenant_company_id, label: c.name }))}
                selected={selected}
                onChange={(v) => onChange(v as number[])}
              />
            )}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <SubmitButton form={form} text="Save goal" />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}
