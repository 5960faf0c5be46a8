/**
 * A schedule's fields: name, company, version, recipients (the company's contacts with an e-mail and the tenant's
 * users), frequency with its fields, send time, time zone, active; and a preview of the next 3 run times computed
 * with the same rules as the server (shared/schedule-rules.ts). The dialog's schema form (scheduleFormBody: the API's
 * body with the service's rule and recipient checks) holds the values.
 */
import { Callout, Checkbox, NonIdealState, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  CustomField,
  formatDateTime,
  SelectField,
  SwitchField,
  TextField,
  useTenantFormat,
  type SchemaForm,
} from '../../../../workspace/sdk';
import {
  createScheduleBody,
  MSG_NO_RECIPIENTS,
  type CreateScheduleBody,
  type ScheduleOptions,
  type ScheduleRow,
} from '../../shared/schedule-api';
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
  recipients: { contacts: number[]; users: number[] };
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
    recipients: { contacts: s.recipients.contacts, users: s.recipients.users },
    active: s.active,
  };
}

export function bodyOf(v: FormValues, templateId: number): CreateScheduleBody {
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
    recipients: v.recipients,
    active: v.active,
  };
}

/** The dialog's checks: the API's body, and what the service refuses after it (the timing rule, no recipient). */
export const scheduleFormBody = createScheduleBody.superRefine((b, ctx) => {
  const problem = ruleProblem({ ...b, timeZone: b.timeZone ?? 'UTC', fiscalYearStartMonth: 1 });
  if (problem) ctx.addIssue({ code: 'custom', path: [problem[0]], message: problem[1] });
  if (!b.recipients.contacts.length && !b.recipients.users.length)
    ctx.addIssue({ code: 'custom', path: ['recipients'], message: MSG_NO_RECIPIENTS });
});

/** The server's and the schema's recipient messages (recipients, recipients.contacts, ...) stand on the recipients. */
export const scheduleFieldOf = (path: string) => (path.startsWith('recipients') ? 'recipients' : undefined);

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
  form,
}: {
  tenantId: number;
  /** The version shown in the builder (offered beside "current version"). */
  vers: number;
  form: SchemaForm<FormValues, CreateScheduleBody>;
}) {
  const fmt = useTenantFormat();
  const [options, setOptions] = useState<ScheduleOptions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { control, setValue, getValues } = form;
  const values = form.watch();

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

  // The contacts belong to the company: choosing another company clears them.
  const shownCompany = useRef(values.companyId);
  useEffect(() => {
    if (shownCompany.current !== values.companyId) setValue('recipients', { ...getValues('recipients'), contacts: [] });
    shownCompany.current = values.companyId;
  }, [values.companyId, setValue, getValues]);

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
  const versions = [...new Set([vers, ...(values.vers !== null ? [values.vers] : [])])];

  if (loadError)
    return (
      <Callout intent="danger" title="The recipients could not be loaded">
        {loadError}
      </Callout>
    );

  return (
    <div className="report-schedule-form">
      <TextField
        control={control}
        name="name"
        id="schedule-name"
        label="Name"
        labelInfo="(required)"
        autoFocus
        maxLength={200}
      />
      <div style={{ display: 'flex', gap: 12 }}>
        <div style={{ flex: 2 }}>
          <SelectField
            control={control}
            name="companyId"
            id="schedule-company"
            label="Company"
            empty="Choose a company…"
            options={(options?.companies ?? []).map((c) => ({ value: c.tenant_company_id, label: c.name }))}
          />
        </div>
        <div style={{ flex: 1 }}>
          <SelectField
            control={control}
            name="vers"
            id="schedule-vers"
            label="Version"
            empty="Current version at each run"
            options={versions.map((v) => ({ value: v, label: `Version ${v}` }))}
          />
        </div>
      </div>

      <CustomField
        control={control}
        name="recipients"
        label="Recipients"
        labelInfo="(at least one)"
        render={(recipients, onChange) =>
          !options ? (
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
                      checked={recipients.contacts.includes(c.contact_id)}
                      label={`${c.name} <${c.email}>`}
                      onChange={() => onChange({ ...recipients, contacts: toggle(recipients.contacts, c.contact_id) })}
                    />
                  ))
                )}
              </fieldset>
              <fieldset className="report-schedule-recipients" style={{ flex: 1 }}>
                <legend>Users</legend>
                {options.users.map((u) => (
                  <Checkbox
                    key={u.user_id}
                    checked={recipients.users.includes(u.user_id)}
                    label={`${u.name} <${u.email}>`}
                    onChange={() => onChange({ ...recipients, users: toggle(recipients.users, u.user_id) })}
                  />
                ))}
              </fieldset>
            </div>
          )
        }
      />

      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <SelectField
          control={control}
          name="frequency"
          id="schedule-frequency"
          label="Frequency"
          fill={false}
          options={FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
        />
        {values.frequency === 'weekly' && (
          <SelectField
            control={control}
            name="weekday"
            id="schedule-weekday"
            label="Day of the week"
            fill={false}
            options={WEEKDAY_NAMES.map((d, i) => ({ value: i, label: d }))}
          />
        )}
        {values.frequency === 'monthly' && (
          <SelectField
            control={control}
            name="monthDay"
            id="schedule-monthday"
            label="Day of the month"
            fill={false}
            options={[
              ...Array.from({ length: 28 }, (_, i) => ({ value: i + 1, label: String(i + 1) })),
              { value: 'last', label: 'Last day of the month' },
            ]}
          />
        )}
        {values.frequency === 'quarterly' && (
          <CustomField
            control={control}
            name="quarterBasis"
            bare
            render={(basis, onChange) => (
              <RadioGroup
                label="Quarters"
                inline
                selectedValue={basis}
                onChange={(e) => onChange(e.currentTarget.value as QuarterBasis)}
              >
                <Radio label="Calendar (1 Jan, Apr, Jul, Oct)" value="calendar" />
                <Radio label="Fiscal (from the fiscal year start in Account Settings)" value="fiscal" />
              </RadioGroup>
            )}
          />
        )}
        {values.frequency === 'review_date' && (
          <TextField control={control} name="reviewDate" id="schedule-review" label="Review date" type="date" />
        )}
        <TextField control={control} name="sendTime" id="schedule-time" label="Send time" type="time" />
        <SelectField
          control={control}
          name="timeZone"
          id="schedule-tz"
          label="Time zone"
          fill={false}
          options={zones.map((z) => ({ value: z, label: z }))}
        />
      </div>

      <SwitchField control={control} name="active" label="Active (send on schedule)" />

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
