/** Create (id 0) or edit an asset type, or a company's own settings of one (no name then). */
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { MISSING_FLAGS } from '../../shared/api-types';
import { validateAssetType, type AssetTypeErrors, type AssetTypeForm } from './asset-type-form';

export interface AssetTypeDialogProps {
  title: string;
  initial: AssetTypeForm;
  /** Tenant types have a name; a company's settings do not change it. */
  withName: boolean;
  onSave(form: AssetTypeForm): Promise<string | null>;
  onClose(): void;
}

const FIELDS: [Exclude<keyof AssetTypeForm, 'flags' | 'asset_type_moniker'>, string][] = [
  ['default_replacement_cost', 'Default replacement cost'],
  ['default_life_in_months', 'Default life (months)'],
  ['approaching_duration_in_months_eol', 'Approaching end of life (months before)'],
  ['approaching_duration_in_months_warranty', 'Approaching warranty end (months before)'],
];

export function AssetTypeDialog({ title, initial, withName, onSave, onClose }: AssetTypeDialogProps) {
  const [form, setForm] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors: AssetTypeErrors = validateAssetType(form, withName);
  const shown = (k: keyof AssetTypeErrors) => (touched || form[k] !== initial[k] ? errors[k] : undefined);

  const submit = async () => {
    setTouched(true);
    if (busy || Object.values(errors).some(Boolean)) return;
    setBusy(true);
    const e = await onSave(form);
    if (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <DialogBody>
          {error && (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          )}
          {withName && (
            <FormGroup
              label="Name (required)"
              labelFor="asset-type-name"
              helperText={shown('asset_type_moniker')}
              intent={shown('asset_type_moniker') ? 'danger' : 'none'}
            >
              <InputGroup
                id="asset-type-name"
                autoFocus
                value={form.asset_type_moniker}
                onChange={(e) => setForm({ ...form, asset_type_moniker: e.target.value })}
              />
            </FormGroup>
          )}
          {FIELDS.map(([k, label], i) => (
            <FormGroup
              key={k}
              label={label}
              labelFor={`asset-type-${k}`}
              helperText={shown(k)}
              intent={shown(k) ? 'danger' : 'none'}
            >
              <InputGroup
                id={`asset-type-${k}`}
                inputMode="decimal"
                autoFocus={!withName && i === 0}
                value={form[k]}
                onChange={(e) => setForm({ ...form, [k]: e.target.value })}
              />
            </FormGroup>
          ))}
          <fieldset className="bp6-form-group">
            <legend className="bp6-label">Count as missing data when absent</legend>
            {MISSING_FLAGS.map(([k, label]) => (
              <Checkbox
                key={k}
                inline
                label={label}
                checked={form.flags[k]}
                onChange={() => setForm({ ...form, flags: { ...form.flags, [k]: !form.flags[k] } })}
              />
            ))}
          </fieldset>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button type="submit" intent="primary" text="Save asset type" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
