/**
 * The data quality settings of /mspdataquality (GET/PUT dataQualitySettings): which checks count, when an asset is
 * stale, and the score cut points. Saved with the version read (409: someone else saved; Reload). Read Only: shown,
 * not editable.
 */
import { Button, Callout, Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError, pushMessage } from '../../../../workspace/sdk';
import { DQ_FIELD_LABELS, DQ_FIELDS, DQ_SETTING_OF, DQ_TYPE_FLAGS, type DqField } from '../../shared/data-quality';
import { dqPaths, type DataQualitySettingsRow } from '../../shared/data-quality-api';

const NUMBERS = [
  { key: 'stale_after_days', label: 'Not seen recently after (days)' },
  { key: 'good_score', label: 'Good at or above (%)' },
  { key: 'fair_score', label: 'Fair at or above (%)' },
] as const;

const governedByType = (f: DqField) => f in DQ_TYPE_FLAGS;

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
  const [draft, setDraft] = useState(settings);
  const [nums, setNums] = useState(() => Object.fromEntries(NUMBERS.map((n) => [n.key, String(settings[n.key])])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setDraft(settings);
    setNums(Object.fromEntries(NUMBERS.map((n) => [n.key, String(settings[n.key])])));
  }, [settings]);

  const dirty =
    DQ_FIELDS.some((f) => draft[DQ_SETTING_OF[f]] !== settings[DQ_SETTING_OF[f]]) ||
    NUMBERS.some((n) => nums[n.key] !== String(settings[n.key]));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const wrong = NUMBERS.filter((n) => !/^\d{1,4}$/.test(nums[n.key].trim()));
    if (wrong.length) {
      setErrors(Object.fromEntries(wrong.map((n) => [n.key, 'Enter a whole number.'])));
      return;
    }
    const body: Record<string, unknown> = { version: settings.version };
    for (const f of DQ_FIELDS) body[DQ_SETTING_OF[f]] = draft[DQ_SETTING_OF[f]];
    for (const n of NUMBERS) body[n.key] = Number(nums[n.key].trim());
    setSaving(true);
    setErrors({});
    setStale(null);
    try {
      await api.put(dqPaths.settings(tenantId), body);
      pushMessage({ msg_type: 'success', msg: 'Data quality settings saved.', display_type: 'success' });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setStale(err.message);
      else if (err instanceof ApiError && err.fields?.length)
        setErrors(Object.fromEntries(err.fields.map((f) => [f.path.replace(/^body\./, ''), f.message])));
      else setErrors({ _: (err as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form aria-label="Data quality settings" className="dq-settings" onSubmit={(e) => void save(e)}>
      {stale && (
        <Callout intent="warning" title="Not saved">
          {stale} <Button variant="minimal" text="Reload" onClick={onSaved} />
        </Callout>
      )}
      {errors._ && <Callout intent="danger">{errors._}</Callout>}
      <fieldset className="dq-settings-checks" disabled={readOnly}>
        <legend>Count an asset as incomplete when it is missing</legend>
        {DQ_FIELDS.map((f) => (
          <Checkbox
            key={f}
            checked={draft[DQ_SETTING_OF[f]]}
            disabled={readOnly}
            onChange={(e) => setDraft({ ...draft, [DQ_SETTING_OF[f]]: e.currentTarget.checked })}
            labelElement={
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
          <FormGroup
            key={n.key}
            label={n.label}
            labelFor={`dq-${n.key}`}
            intent={errors[n.key] ? 'danger' : 'none'}
            helperText={errors[n.key]}
          >
            <InputGroup
              id={`dq-${n.key}`}
              type="number"
              inputMode="numeric"
              disabled={readOnly}
              intent={errors[n.key] ? 'danger' : 'none'}
              value={nums[n.key]}
              onValueChange={(v) => setNums({ ...nums, [n.key]: v })}
            />
          </FormGroup>
        ))}
      </div>
      {!readOnly && (
        <div className="dq-settings-actions">
          <Button type="submit" intent="primary" text="Save settings" loading={saving} disabled={!dirty} />
          <Button
            variant="minimal"
            text="Undo changes"
            disabled={!dirty}
            onClick={() => {
              setDraft(settings);
              setNums(Object.fromEntries(NUMBERS.map((x) => [x.key, String(settings[x.key])])));
              setErrors({});
            }}
          />
        </div>
      )}
    </form>
  );
}
