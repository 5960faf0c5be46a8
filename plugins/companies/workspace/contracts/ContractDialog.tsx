/**
 * Add or edit a contract: every field of section 3, the notice date shown as it will be saved, and the messages of
 * the API's schema (contractInput) and of the server through the workspace form helper.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import {
  CheckboxField,
  Form,
  FormError,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useSchemaForm,
} from '../../../../workspace/sdk';
import { contractInput } from '../../shared/contract-schema';
import {
  ALERT_TRIGGERS,
  BILLING_CYCLES,
  BUSINESS_IMPACTS,
  CONTRACT_STATUSES,
  type ContractInput,
} from '../../shared/contract-fields';
import { formatTenantDate } from '../../shared/date-format';
import { contractFieldOf, formNoticeDate, payloadOf, type ContractForm } from './contract-form';

export interface ContractDialogProps {
  title: string;
  initial: ContractForm;
  locations: { tenant_company_location_id: number; location_name: string }[];
  dateFormat: string;
  /** Saves the payload (the page closes the dialog); what it throws is shown. */
  onSave(payload: ContractInput): Promise<void>;
  onClose(): void;
}

const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

export function ContractDialog({ title, initial, locations, dateFormat, onSave, onClose }: ContractDialogProps) {
  const form = useSchemaForm({
    schema: contractInput,
    defaultValues: initial,
    toBody: payloadOf,
    fieldOf: contractFieldOf,
    mode: 'onChange',
    fieldsMessage: 'Check the fields marked below.',
    onSubmit: (_body, values) => onSave(payloadOf(values)),
  });
  const control = form.control;
  const notice = formNoticeDate(form.watch());
  const text = (name: keyof ContractForm, label: string, props: Record<string, unknown> = {}) => (
    <TextField control={control} name={name} id={`contract-${name}`} label={label} {...props} />
  );
  const select = (name: keyof ContractForm, label: string, opts: { value: string; label: string }[], none: string) => (
    <SelectField
      control={control}
      name={name}
      id={`contract-${name}`}
      label={label}
      empty={none}
      emptyValue=""
      options={opts}
    />
  );

  return (
    <Dialog isOpen title={title} onClose={onClose} style={{ width: 720 }}>
      <Form form={form}>
        <DialogBody>
          <FormError control={control} />
          <div className="lci-contract-grid">
            {text('vendor', 'Vendor (required)', { autoFocus: true })}
            {text('account', 'Account')}
            {select(
              'tenant_company_location_id',
              'Location',
              locations.map((l) => ({ value: String(l.tenant_company_location_id), label: l.location_name })),
              'No location',
            )}
            {select('contract_status', 'Status', options(CONTRACT_STATUSES), 'Not set')}
            {select('billing_cycle', 'Billing cycle', options(BILLING_CYCLES), 'Not set')}
            {select('business_impact', 'Business impact', options(BUSINESS_IMPACTS), 'Not set')}
            {text('cost', 'Cost', { inputMode: 'decimal' })}
            {text('next_due_date', 'Next due date', { type: 'date' })}
            {text('end_date', 'End date', { type: 'date' })}
            {text('notice_to_terminate_in_days', 'Notice to terminate (days)', { inputMode: 'numeric' })}
            <FormGroup label="Notice date">
              <output className="lci-contract-notice" aria-label="Notice date" aria-live="polite">
                {notice ? formatTenantDate(notice, dateFormat) : 'Set an end date'}
              </output>
            </FormGroup>
            {select('alert_trigger', 'Alert trigger', options(ALERT_TRIGGERS), 'Not set')}
            {text('lead_time_to_alert_in_days', 'Lead time to alert (days)', { inputMode: 'numeric' })}
            <div>
              <CheckboxField
                control={control}
                name="auto_renew_flag"
                id="contract-auto_renew_flag"
                label="Auto-renew"
              />
              <CheckboxField
                control={control}
                name="budget_past_end_date_flag"
                id="contract-budget_past_end_date_flag"
                label="Budget past end date"
              />
            </div>
          </div>
          <TextAreaField control={control} name="description" id="contract-description" label="Description" fill />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <SubmitButton form={form} text="Save contract" />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}
