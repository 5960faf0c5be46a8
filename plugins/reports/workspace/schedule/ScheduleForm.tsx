/**
 * A schedule's fields: name, company, version, recipients (the company's contacts with an e-mail and the tenant's
 * users), frequency with its fields, send time, time zone, active; and a preview of the next 3 run times computed
 * with the same rules as the server (shared/schedule-rules.ts).
 */
import {
  Callout,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NonIdealState,
  Radio,
  RadioGroup,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, formatDateTime, useTenantFormat } from '../../../../workspace/sdk';
import type { ScheduleOptions, ScheduleRow } from '../../shared/schedule-api';
import {
  FREQUENCIES,
  FREQUENCY_LABELS,
  WEEKDAY_NAMES,
  nextRuns,
  ruleProblem,
  type Frequency,
  type QuarterBasis,
  type ScheduleRule,
} from '../../shared/schedule-rules';
import { scheduleApi } from './client';

export interface FormValues {
  name: string;
  companyId: number | null;
  /** null: the template's current version at each run. */
  vers: number | null;
  frequency: Frequency;
  weekday: number;
  monthDay: number | 'last';
  quarterBasis: QuarterBasis;
  reviewDate: string;
  sendTime: string;
  timeZone: string;
  contacts: number[];
  users: number[];
  active: boolean;
}

export function valuesOf(s: ScheduleRow): FormValues {
  return {
    name: s.name,
    companyId: s.tenant_company_id,
    vers: s.vers,
    frequency: s.frequency,
    weekday: s.weekday ?? 1,
    monthDay: s.month_day ?? 1,
    quarterBasis: s.quarter_basis ?? 'calendar',
    reviewDate: s.review_date ?? '',
    sendTime: s.send_time,
    timeZone: s.time_zone,
    contacts: s.recipients.contacts,
    users: s.recipients.users,
    active: s.active,
  };
}

export function bodyOf(v: FormValues, templateId: number) {
  return {
    name: v.name.trim(),
    templateId,
    vers: v.vers,
    companyId: v.companyId ?? 0,
    frequency: v.frequency,
    weekday: v.frequency === 'weekly' ? v.weekday : null,
    monthDay: v.frequency === 'monthly' ? v.monthDay : null,
    quarterBasis: v.frequency === 'quarterly' ? v.quarterBasis : null,
    reviewDate: v.frequency === 'review_date' ? v.reviewDate || null : null,
    sendTime: v.sendTime,
    timeZone: v.timeZone,
    recipients: { contacts: v.contacts, users: v.users },
    active: v.active,
  };
}

function timeZones(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const list = intl.supportedValuesOf?.('timeZone') ?? [];
  const all = list.includes('UTC') ? list : ['UTC', ...list];
  return all.includes(current) ? all : [current, ...all];
}

const toggle = (ids: number[], id: number) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

export function ScheduleForm({
  tenantId,
  vers,
  values,
  onChange,
  fieldErrors,
}: {
  tenantId: number;
  /** The version shown in the builder (offered beside "current version"). */
  vers: number;
  values: FormValues;
  onChange(v: FormValues): void;
  fieldErrors: Record<string, string>;
}) {
  const fmt = useTenantFormat();
  const [options, setOptions] = useState<ScheduleOptions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const set = (patch: Partial<FormValues>) => onChange({ ...values, ...patch });

  useEffect(() => {
    let gone = false;
    setOptions(null);
    scheduleApi
      .options(tenantId, values.companyId)
      .then((o) => !gone && setOptions(o))
      .catch((e: Error) => !gone && setLoadError(e.message));
    return () => {
      gone = true;
    };
  }, [tenantId, values.companyId]);

  const rule: ScheduleRule = {
    frequency: values.frequency,
    weekday: values.weekday,
    monthDay: values.monthDay,
    quarterBasis: values.quarterBasis,
    reviewDate: values.reviewDate || null,
    sendTime: values.sendTime,
    timeZone: values.timeZone,
    fiscalYearStartMonth: options?.fiscalYearStartMonth ?? fmt.fiscalYearStartMonth,
  };
  const problem = ruleProblem(rule);
  const preview = useMemo(
    () => (problem ? [] : nextRuns(rule, new Date(), 3)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [JSON.stringify(rule), problem?.[0]],
  );
  const zones = useMemo(() => timeZones(values.timeZone), [values.timeZone]);
  const err = (f: string) => fieldErrors[f];
  const intent = (f: string) => (err(f) ? 'danger' : 'none');

  if (loadError)
    return (
      <Callout intent="danger" title="The recipients could not be loaded">
        {loadError}
      </Callout>
    );

  return (
    <div className="report-schedule-form">
      <FormGroup
        label="Name"
        labelFor="schedule-name"
        labelInfo="(required)"
        intent={intent('name')}
        helperText={err('name')}
      >
        <InputGroup
          id="schedule-name"
          autoFocus
          value={values.name}
          maxLength={200}
          intent={intent('name')}
          onChange={(e) => set({ name: e.target.value })}
        />
      </FormGroup>
      <div style={{ display: 'flex', gap: 12 }}>
        <FormGroup
          label="Company"
          labelFor="schedule-company"
          intent={intent('companyId')}
          helperText={err('companyId')}
          style={{ flex: 2 }}
        >
          <HTMLSelect
            id="schedule-company"
            fill
            value={values.companyId ?? ''}
            onChange={(e) => set({ companyId: e.target.value ? Number(e.target.value) : null, contacts: [] })}
          >
            <option value="">Choose a company…</option>
            {(options?.companies ?? []).map((c) => (
              <option key={c.tenant_company_id} value={c.tenant_company_id}>
                {c.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label="Version"
          labelFor="schedule-vers"
          intent={intent('vers')}
          helperText={err('vers')}
          style={{ flex: 1 }}
        >
          <HTMLSelect
            id="schedule-vers"
            fill
            value={values.vers === null ? 'current' : String(values.vers)}
            onChange={(e) => set({ vers: e.target.value === 'current' ? null : Number(e.target.value) })}
          >
            <option value="current">Current version at each run</option>
            {[...new Set([vers, ...(values.vers !== null ? [values.vers] : [])])].map((v) => (
              <option key={v} value={v}>
                Version {v}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>

      <FormGroup
        label="Recipients"
        labelInfo="(at least one)"
        intent={err('recipients') || err('recipients.contacts') || err('recipients.users') ? 'danger' : 'none'}
        helperText={err('recipients') ?? err('recipients.contacts') ?? err('recipients.users')}
      >
        {!options ? (
          <Spinner size={20} aria-label="Loading recipients" />
        ) : (
          <div style={{ display: 'flex', gap: 12 }}>
            <fieldset className="report-schedule-recipients" style={{ flex: 1 }}>
              <legend>Client contacts</legend>
              {values.companyId === null ? (
                <p className="bp6-text-muted">Choose a company to see its contacts.</p>
              ) : options.contacts.length === 0 ? (
                <NonIdealState
                  icon="people"
                  title="No contacts with an e-mail"
                  description="Add contacts with an e-mail address to this company on its Contacts page."
                />
              ) : (
                options.contacts.map((c) => (
                  <Checkbox
                    key={c.contact_id}
                    checked={values.contacts.includes(c.contact_id)}
                    label={`${c.name} <${c.email}>`}
                    onChange={() => set({ contacts: toggle(values.contacts, c.contact_id) })}
                  />
                ))
              )}
            </fieldset>
            <fieldset className="report-schedule-recipients" style={{ flex: 1 }}>
              <legend>Users</legend>
              {options.users.map((u) => (
                <Checkbox
                  key={u.user_id}
                  checked={values.users.includes(u.user_id)}
                  label={`${u.name} <${u.email}>`}
                  onChange={() => set({ users: toggle(values.users, u.user_id) })}
                />
              ))}
            </fieldset>
          </div>
        )}
      </FormGroup>

      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <FormGroup
          label="Frequency"
          labelFor="schedule-frequency"
          intent={intent('frequency')}
          helperText={err('frequency')}
        >
          <HTMLSelect
            id="schedule-frequency"
            value={values.frequency}
            onChange={(e) => set({ frequency: e.target.value as Frequency })}
          >
            {FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABELS[f]}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {values.frequency === 'weekly' && (
          <FormGroup
            label="Day of the week"
            labelFor="schedule-weekday"
            intent={intent('weekday')}
            helperText={err('weekday')}
          >
            <HTMLSelect
              id="schedule-weekday"
              value={values.weekday}
              onChange={(e) => set({ weekday: Number(e.target.value) })}
            >
              {WEEKDAY_NAMES.map((d, i) => (
                <option key={d} value={i}>
                  {d}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
        {values.frequency === 'monthly' && (
          <FormGroup
            label="Day of the month"
            labelFor="schedule-monthday"
            intent={intent('monthDay')}
            helperText={err('monthDay')}
          >
            <HTMLSelect
              id="schedule-monthday"
              value={String(values.monthDay)}
              onChange={(e) => set({ monthDay: e.target.value === 'last' ? 'last' : Number(e.target.value) })}
            >
              {Array.from({ length: 28 }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {i + 1}
                </option>
              ))}
              <option value="last">Last day of the month</option>
            </HTMLSelect>
          </FormGroup>
        )}
        {values.frequency === 'quarterly' && (
          <RadioGroup
            label="Quarters"
            inline
            selectedValue={values.quarterBasis}
            onChange={(e) => set({ quarterBasis: e.currentTarget.value as QuarterBasis })}
          >
            <Radio label="Calendar (1 Jan, Apr, Jul, Oct)" value="calendar" />
            <Radio label="Fiscal (from the fiscal year start in Account Settings)" value="fiscal" />
          </RadioGroup>
        )}
        {values.frequency === 'review_date' && (
          <FormGroup
            label="Review date"
            labelFor="schedule-review"
            intent={intent('reviewDate')}
            helperText={err('reviewDate')}
          >
            <InputGroup
              id="schedule-review"
              type="date"
              value={values.reviewDate}
              intent={intent('reviewDate')}
              onChange={(e) => set({ reviewDate: e.target.value })}
            />
          </FormGroup>
        )}
        <FormGroup label="Send time" labelFor="schedule-time" intent={intent('sendTime')} helperText={err('sendTime')}>
          <InputGroup
            id="schedule-time"
            type="time"
            value={values.sendTime}
            intent={intent('sendTime')}
            onChange={(e) => set({ sendTime: e.target.value })}
          />
        </FormGroup>
        <FormGroup label="Time zone" labelFor="schedule-tz" intent={intent('timeZone')} helperText={err('timeZone')}>
          <HTMLSelect id="schedule-tz" value={values.timeZone} onChange={(e) => set({ timeZone: e.target.value })}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>

      <Switch
        checked={values.active}
        label="Active (send on schedule)"
        onChange={() => set({ active: !values.active })}
      />

      <Callout intent={problem ? 'warning' : 'primary'} icon="calendar" title="Next runs" aria-live="polite">
        {problem ? (
          problem[1]
        ) : preview.length === 0 ? (
          'This schedule has no future run (the review date has passed).'
        ) : (
          <ol style={{ margin: 0, paddingLeft: 20 }} data-testid="schedule-next-runs">
            {preview.map((t) => (
              <li key={t.toISOString()}>
                {new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: values.timeZone }).format(t)}{' '}
                {formatDateTime(t, fmt.dateFormat, values.timeZone)} ({values.timeZone})
              </li>
            ))}
          </ol>
        )}
      </Callout>
    </div>
  );
}

/** The fields of a 400 answer by form field ('body.recipients.contacts' -> 'recipients.contacts'). */
export function fieldErrorsOf(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError) || !e.fields) return {};
  return Object.fromEntries(e.fields.map((f) => [f.path.replace(/^body\./, ''), f.message]));
}
