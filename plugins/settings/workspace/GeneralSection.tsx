/**
 * General: currency, date format, time zone and fiscal year start of the tenant (tenant admins save), checked by the
 * API's schema (tenantSettingsBody) through the workspace form helper; the server's 400s shown by field.
 */
import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import type { z } from 'zod';
import {
  api,
  applyTenantFormat,
  Form,
  FormError,
  formatDate,
  formatDateTime,
  formatMoney,
  MONTH_NAMES,
  pushMessage,
  SelectField,
  SubmitButton,
  TENANT_CURRENCIES,
  TENANT_DATE_FORMATS,
  TextField,
  useDirtyPage,
  useSchemaForm,
  useTenant,
} from '../../../workspace/sdk';
import { tenantSettingsBody, tenantSettingsPath, type TenantSettings } from '../shared/api';
import { reloadTenantSettings } from './session-data';
import { useTenantSettings } from './use-tenant-settings';

type GeneralForm = Required<
  Pick<z.input<typeof tenantSettingsBody>, 'currency' | 'dateFormat' | 'timeZone' | 'fiscalYearStartMonth'>
>;

const DATE_FORMAT_LABELS: Record<string, string> = {
  'yyyy-mm-dd': 'yyyy-mm-dd',
  'dd-monthname-yyyy': 'dd-monthname-yyyy',
  'mm-dd-yyyy': 'mm-dd-yyyy',
  'dd-mm-yyyy': 'dd-mm-yyyy',
};

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const list = intl.supportedValuesOf?.('timeZone') ?? [];
  return list.includes('UTC') ? list : ['UTC', ...list];
}

const formOf = (v: TenantSettings): GeneralForm => ({
  currency: v.currency as GeneralForm['currency'],
  dateFormat: v.dateFormat as GeneralForm['dateFormat'],
  timeZone: v.timeZone,
  fiscalYearStartMonth: v.fiscalYearStartMonth,
});

export default function GeneralSection({ readOnly }: { readOnly: boolean }) {
  const tenant = useTenant();
  const s = useTenantSettings();
  const { setDirty } = useDirtyPage();
  const zones = useMemo(timeZones, []);
  const form = useSchemaForm({
    schema: tenantSettingsBody,
    defaultValues: s.value
      ? formOf(s.value)
      : ({ currency: 'USD', dateFormat: 'yyyy-mm-dd', timeZone: 'UTC', fiscalYearStartMonth: 1 } as GeneralForm),
    onSubmit: async (body) => {
      if (!tenant) return;
      const v = await api.put<TenantSettings>(tenantSettingsPath(tenant.tenantId), body);
      s.set(v);
      setDirty(false);
      applyTenantFormat({ currency: v.currency, dateFormat: v.dateFormat });
      await reloadTenantSettings();
      pushMessage({ msg_type: 'success', msg: 'Account settings saved.' });
    },
  });
  const { reset, control } = form;
  useEffect(() => {
    if (s.value) reset(formOf(s.value));
  }, [s.value, reset]);
  const dirty = !!s.value && form.formState.isDirty;
  useEffect(() => setDirty(dirty), [dirty, setDirty]);
  const values = form.watch();

  if (s.loading && !s.value) return <Spinner size={24} aria-label="Loading settings" />;
  if (s.error && !s.value)
    return (
      <Callout intent="danger" title="The settings could not be loaded">
        {s.error} <Button variant="minimal" text="Try again" onClick={s.reload} />
      </Callout>
    );
  if (!s.value || !tenant) return null;
  const now = new Date();
  return (
    <Form form={form}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '0 16px' }}>
        <SelectField
          control={control}
          name="currency"
          id="settings-currency"
          label="Currency"
          disabled={readOnly}
          options={TENANT_CURRENCIES.map((c) => ({ value: c, label: c }))}
        />
        <SelectField
          control={control}
          name="dateFormat"
          id="settings-date-format"
          label="Date format"
          disabled={readOnly}
          options={TENANT_DATE_FORMATS.map((f) => ({ value: f, label: DATE_FORMAT_LABELS[f] ?? f }))}
        />
        <div>
          <TextField
            control={control}
            name="timeZone"
            id="settings-time-zone"
            label="Time zone"
            helperText="A name such as Europe/London or America/New_York."
            disabled={readOnly}
            list="settings-time-zones"
          />
          <datalist id="settings-time-zones">
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
        <SelectField
          control={control}
          name="fiscalYearStartMonth"
          id="settings-fiscal-start"
          label="Fiscal year starts in"
          disabled={readOnly}
          options={MONTH_NAMES.map((m, i) => ({ value: i + 1, label: m }))}
        />
      </div>
      <p className="lci-settings-preview" aria-live="polite">
        Preview: <strong data-testid="settings-money-preview">{formatMoney(1234567, values.currency)}</strong>,{' '}
        <strong data-testid="settings-date-preview">{formatDate(now, values.dateFormat, values.timeZone)}</strong>, now{' '}
        {formatDateTime(now, values.dateFormat, values.timeZone)}
      </p>
      <FormError control={control} title="The settings could not be saved" style={{ marginBottom: 12 }} />
      {!readOnly && (
        <div style={{ display: 'flex', gap: 8 }}>
          <SubmitButton form={form} text="Save" disabled={!dirty} />
          <Button text="Undo changes" disabled={!dirty || form.formState.isSubmitting} onClick={() => reset()} />
        </div>
      )}
    </Form>
  );
}
