/** Add or edit a contract: every field of section 3, the notice date shown as it will be saved, validation messages. */
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { ALERT_TRIGGERS, BILLING_CYCLES, BUSINESS_IMPACTS, CONTRACT_STATUSES } from '../../shared/contract-fields';
import { formatTenantDate } from '../../shared/date-format';
import { formNoticeDate, validateForm, type ContractForm, type FormErrors } from './contract-form';

export interface ContractDialogProps {
  title: string;
  initial: ContractForm;
  locations: { tenant_company_location_id: number; location_name: string }[];
  dateFormat: string;
  /** Saves; resolves with server field errors to show, or null when saved. */
  onSave(form: ContractForm): Promise<{ errors?: FormErrors; message?: string } | null>;
  onClose(): void;
}

const options = (values: readonly string[], none: string) => [
  { value: '', label: none },
  ...values.map((v) => ({ value: v, label: v })),
];

export function ContractDialog({ title, initial, locations, dateFormat, onSave, onClose }: ContractDialogProps) {
  const [form, setForm] = useState<ContractForm>(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const errors = useMemo(() => ({ ...serverErrors, ...validateForm(form) }), [form, serverErrors]);
  const notice = formNoticeDate(form);
  const set = <K extends keyof ContractForm>(k: K, v: ContractForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setServerErrors((e) => ({ ...e, [k]: undefined }));
  };
  const shown = (k: keyof ContractForm) => (touched || form[k] !== initial[k] ? errors[k] : undefined);

  const submit = async () => {
    setTouched(true);
    if (busy || Object.values(validateForm(form)).some(Boolean)) return;
    setBusy(true);
    setMessage(null);
    const r = await onSave(form);
    if (r) {
      setServerErrors(r.errors ?? {});
      setMessage(r.message ?? null);
      setBusy(false);
    }
  };

  const text = (k: keyof ContractForm, label: string, props: Record<string, unknown> = {}) => (
    <FormGroup label={label} labelFor={`contract-${k}`} helperText={shown(k)} intent={shown(k) ? 'danger' : 'none'}>
      <InputGroup
        id={`contract-${k}`}
        value={String(form[k])}
        intent={shown(k) ? 'danger' : 'none'}
        onChange={(e) => set(k, e.target.value as never)}
        {...props}
      />
    </FormGroup>
  );
  const select = (k: keyof ContractForm, label: string, opts: { value: string; label: string }[]) => (
    <FormGroup label={label} labelFor={`contract-${k}`} helperText={shown(k)} intent={shown(k) ? 'danger' : 'none'}>
      <HTMLSelect
        id={`contract-${k}`}
        fill
        value={String(form[k])}
        options={opts}
        onChange={(e) => set(k, e.currentTarget.value as never)}
      />
    </FormGroup>
  );

  return (
    <Dialog isOpen title={title} onClose={onClose} style={{ width: 720 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <DialogBody>
          {message && (
            <Callout intent="danger" role="alert">
              {message}
            </Callout>
          )}
          <div className="lci-contract-grid">
            {text('vendor', 'Vendor (required)', { autoFocus: true })}
            {text('account', 'Account')}
            {select('tenant_company_location_id', 'Location', [
              { value: '', label: 'No location' },
              ...locations.map((l) => ({ value: String(l.tenant_company_location_id), label: l.location_name })),
            ])}
            {select('contract_status', 'Status', options(CONTRACT_STATUSES, 'Not set'))}
            {select('billing_cycle', 'Billing cycle', options(BILLING_CYCLES, 'Not set'))}
            {select('business_impact', 'Business impact', options(BUSINESS_IMPACTS, 'Not set'))}
            {text('cost', 'Cost', { inputMode: 'decimal' })}
            {text('next_due_date', 'Next due date', { type: 'date' })}
            {text('end_date', 'End date', { type: 'date' })}
            {text('notice_to_terminate_in_days', 'Notice to terminate (days)', { inputMode: 'numeric' })}
            <FormGroup label="Notice date">
              <output className="lci-contract-notice" aria-label="Notice date" aria-live="polite">
                {notice ? formatTenantDate(notice, dateFormat) : 'Set an end date'}
              </output>
            </FormGroup>
            {select('alert_trigger', 'Alert trigger', options(ALERT_TRIGGERS, 'Not set'))}
            {text('lead_time_to_alert_in_days', 'Lead time to alert (days)', { inputMode: 'numeric' })}
            <div>
              <Checkbox
                label="Auto-renew"
                checked={form.auto_renew_flag}
                onChange={() => set('auto_renew_flag', !form.auto_renew_flag)}
              />
              <Checkbox
                label="Budget past end date"
                checked={form.budget_past_end_date_flag}
                onChange={() => set('budget_past_end_date_flag', !form.budget_past_end_date_flag)}
              />
            </div>
          </div>
          <FormGroup
            label="Description"
            labelFor="contract-description"
            helperText={shown('description')}
            intent={shown('description') ? 'danger' : 'none'}
          >
            <TextArea
              id="contract-description"
              fill
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text="Save contract" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
