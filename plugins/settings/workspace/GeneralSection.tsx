/** General: currency, date format, time zone and fiscal year start of the tenant (tenant admins save; 400s shown by field). */
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import {
  api,
  applyTenantFormat,
  formatDate,
  formatDateTime,
  formatMoney,
  MONTH_NAMES,
  pushMessage,
  TENANT_CURRENCIES,
  TENANT_DATE_FORMATS,
  useDirtyPage,
  useTenant,
} from '../../../workspace/sdk';
import { tenantSettingsPath, type TenantSettings } from '../shared/api';
import { reloadTenantSettings } from './session-data';
import { fieldErrors, useTenantSettings } from './use-tenant-settings';

interface Form {
  currency: string;
  dateFormat: string;
  timeZone: string;
  fiscalYearStartMonth: number;
}

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

const formOf = (v: TenantSettings): Form => ({
  currency: v.currency,
  dateFormat: v.dateFormat,
  timeZone: v.timeZone,
  fiscalYearStartMonth: v.fiscalYearStartMonth,
});

export default function GeneralSection({ readOnly }: { readOnly: boolean }) {
  const tenant = useTenant();
  const s = useTenantSettings();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const { setDirty } = useDirtyPage();
  const zones = useMemo(timeZones, []);
  useEffect(() => {
    if (s.value) setForm(formOf(s.value));
  }, [s.value]);
  const dirty = !!form && !!s.value && JSON.stringify(form) !== JSON.stringify(formOf(s.value));
  useEffect(() => setDirty(dirty), [dirty, setDirty]);

  if (s.loading && !form) return <Spinner size={24} aria-label="Loading settings" />;
  if (s.error && !form)
    return (
      <Callout intent="danger" title="The settings could not be loaded">
        {s.error} <Button variant="minimal" text="Try again" onClick={s.reload} />
      </Callout>
    );
  if (!form || !tenant) return null;
  const change = (p: Partial<Form>) => {
    setForm({ ...form, ...p });
    setErrors({});
  };
  const save = async () => {
    setSaving(true);
    setFailed(null);
    try {
      const v = await api.put<TenantSettings>(tenantSettingsPath(tenant.tenantId), form);
      s.set(v);
      setDirty(false);
      applyTenantFormat({ currency: v.currency, dateFormat: v.dateFormat });
      await reloadTenantSettings();
      pushMessage({ msg_type: 'success', msg: 'Account settings saved.' });
    } catch (e) {
      const f = fieldErrors(e);
      setErrors(f);
      if (!Object.keys(f).length) setFailed((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const now = new Date();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!readOnly && dirty) void save();
      }}
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '0 16px' }}>
        <FormGroup
          label="Currency"
          labelFor="settings-currency"
          helperText={errors.currency}
          intent={errors.currency ? 'danger' : 'none'}
        >
          <HTMLSelect
            id="settings-currency"
            value={form.currency}
            disabled={readOnly}
            options={[...TENANT_CURRENCIES]}
            onChange={(e) => change({ currency: e.target.value })}
            fill
          />
        </FormGroup>
        <FormGroup
          label="Date format"
          labelFor="settings-date-format"
          helperText={errors.dateFormat}
          intent={errors.dateFormat ? 'danger' : 'none'}
        >
          <HTMLSelect
            id="settings-date-format"
            value={form.dateFormat}
            disabled={readOnly}
            options={TENANT_DATE_FORMATS.map((f) => ({ value: f, label: DATE_FORMAT_LABELS[f] ?? f }))}
            onChange={(e) => change({ dateFormat: e.target.value })}
            fill
          />
        </FormGroup>
        <FormGroup
          label="Time zone"
          labelFor="settings-time-zone"
          helperText={errors.timeZone ?? 'A name such as Europe/London or America/New_York.'}
          intent={errors.timeZone ? 'danger' : 'none'}
        >
          <InputGroup
            id="settings-time-zone"
            value={form.timeZone}
            disabled={readOnly}
            list="settings-time-zones"
            intent={errors.timeZone ? 'danger' : 'none'}
            onChange={(e) => change({ timeZone: e.target.value })}
          />
          <datalist id="settings-time-zones">
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </FormGroup>
        <FormGroup
          label="Fiscal year starts in"
          labelFor="settings-fiscal-start"
          helperText={errors.fiscalYearStartMonth}
          intent={errors.fiscalYearStartMonth ? 'danger' : 'none'}
        >
          <HTMLSelect
            id="settings-fiscal-start"
            value={form.fiscalYearStartMonth}
            disabled={readOnly}
            options={MONTH_NAMES.map((m, i) => ({ value: i + 1, label: m }))}
            onChange={(e) => change({ fiscalYearStartMonth: Number(e.target.value) })}
            fill
          />
        </FormGroup>
      </div>
      <p className="lci-settings-preview" aria-live="polite">
        Preview: <strong data-testid="settings-money-preview">{formatMoney(1234567, form.currency)}</strong>,{' '}
        <strong data-testid="settings-date-preview">{formatDate(now, form.dateFormat, form.timeZone)}</strong>, now{' '}
        {formatDateTime(now, form.dateFormat, form.timeZone)}
      </p>
      {failed && (
        <Callout intent="danger" title="The settings could not be saved" style={{ marginBottom: 12 }}>
          {failed}
        </Callout>
      )}
      {!readOnly && (
        <div style={{ display: 'flex', gap: 8 }}>
          <Button type="submit" intent="primary" text="Save" loading={saving} disabled={!dirty} />
          <Button text="Undo changes" disabled={!dirty || saving} onClick={() => s.value && setForm(formOf(s.value))} />
        </div>
      )}
    </form>
  );
}
