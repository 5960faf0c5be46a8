/**
 * The data quality settings of /mspdataquality (GET/PUT dataQualitySettings): which checks count, when an asset is
 * stale, and the score cut points, checked by the API's schema (dataQualitySettingsBody) through the workspace form
 * helper. Saved with the version read (409: someone else saved; Reload). Read Only: shown, not editable.
 */
import { Button, Callout } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import {
  api,
  ApiError,
  CheckboxField,
  Form,
  FormError,
  pushMessage,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '../../../../workspace/sdk';
import { DQ_FIELD_LABELS, DQ_FIELDS, DQ_SETTING_OF, DQ_TYPE_FLAGS, type DqField } from '../../shared/data-quality';
import { dataQualitySettingsBody, dqPaths, type DataQualitySettingsRow } from '../../shared/data-quality-api';

const NUMBERS = [
  { key: 'stale_after_days', label: 'Not seen recently after (days)' },
  { key: 'good_score', label: 'Good at or above (%)' },
  { key: 'fair_score', label: 'Fair at or above (%)' },
] as const;
type NumberKey = (typeof NUMBERS)[number]['key'];
type Values = Record<`check_${DqField}`, boolean> & Record<NumberKey, string>;

const governedByType = (f: DqField) => f in DQ_TYPE_FLAGS;

function valuesOf(settings: DataQualitySettingsRow): Values {
  const v: Record<string, boolean | string> = {};
  for (const f of DQ_FIELDS) v[DQ_SETTING_OF[f]] = settings[DQ_SETTING_OF[f]];
  for (const n of NUMBERS) v[n.key] = String(settings[n.key]);
  return v as Values;
}

/** A typed count: empty or not a number is NaN (the schema says so). */
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.trim()));

export function SettingsEditor({
  tenantId,
  settings,
  readOnly,
  onSaved,
}: {
  tenantId: number;
  settings: DataQualitySettingsRow;
  readOnly: boolean;
  onSaved(): void;
}) {
  const [stale, setStale] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: dataQualitySettingsBody,
    defaultValues: valuesOf(settings),
    toBody: (v) => {
      const body: Record<string, unknown> = { version: settings.version };
      for (const f of DQ_FIELDS) body[DQ_SETTING_OF[f]] = v[DQ_SETTING_OF[f]];
      for (const n of NUMBERS) body[n.key] = num(v[n.key]);
      return body;
    },
    onSubmit: async (body) => {
      setStale(null);
      try {
        await api.put(dqPaths.settings(tenantId), body);
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) return setStale(err.message);
        throw err;
      }
      pushMessage({ msg_type: 'success', msg: 'Data quality settings saved.', display_type: 'success' });
      onSaved();
    },
  });
  const { reset, control } = form;
  useEffect(() => reset(valuesOf(settings)), [settings, reset]);
  const dirty = form.formState.isDirty;

  return (
    <Form form={form} aria-label="Data quality settings" className="dq-settings">
      {stale && (
        <Callout intent="warning" title="Not saved">
          {stale} <Button variant="minimal" text="Reload" onClick={onSaved} />
        </Callout>
      )}
      <FormError control={control} />
      <fieldset className="dq-settings-checks" disabled={readOnly}>
        <legend>Count an asset as incomplete when it is missing</legend>
        {DQ_FIELDS.map((f) => (
          <CheckboxField
            key={f}
            control={control}
            name={DQ_SETTING_OF[f]}
            disabled={readOnly}
            label={
              <>
                {DQ_FIELD_LABELS[f]}
                {governedByType(f) && <span className="bp6-text-muted"> (when its asset type includes it)</span>}
              </>
            }
          />
        ))}
      </fieldset>
      <div className="dq-settings-numbers">
        {NUMBERS.map((n) => (
          <TextField
            key={n.key}
            control={control}
            name={n.key}
            id={`dq-${n.key}`}
            label={n.label}
            type="number"
            inputMode="numeric"
            disabled={readOnly}
          />
        ))}
      </div>
      {!readOnly && (
        <div className="dq-settings-actions">
          <SubmitButton form={form} text="Save settings" disabled={!dirty} />
          <Button variant="minimal" text="Undo changes" disabled={!dirty} onClick={() => reset()} />
        </div>
      )}
    </Form>
  );
}
