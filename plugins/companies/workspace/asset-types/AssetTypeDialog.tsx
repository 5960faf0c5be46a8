/**
 * Create (id 0) or edit an asset type, or a company's own settings of one (no name then): checked by the API's
 * schema (namedAssetTypeBody, assetTypeSettingsBody) through the workspace form helper.
 */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { CheckboxField, Form, FormError, SubmitButton, TextField, useSchemaForm } from '../../../../workspace/sdk';
import { assetTypeSettingsBody, namedAssetTypeBody } from '../../shared/api';
import { MISSING_FLAGS } from '../../shared/api-types';
import { settingsOf, type AssetTypeForm } from './asset-type-form';

export interface AssetTypeDialogProps {
  title: string;
  initial: AssetTypeForm;
  /** Tenant types have a name; a company's settings do not change it. */
  withName: boolean;
  /** Saves (the dialog closes from the page); what it throws is shown. */
  onSave(form: AssetTypeForm): Promise<void>;
  onClose(): void;
}

const FIELDS: [Exclude<keyof AssetTypeForm, 'flags' | 'asset_type_moniker'>, string][] = [
  ['default_replacement_cost', 'Default replacement cost'],
  ['default_life_in_months', 'Default life (months)'],
  ['approaching_duration_in_months_eol', 'Approaching end of life (months before)'],
  ['approaching_duration_in_months_warranty', 'Approaching warranty end (months before)'],
];

export function AssetTypeDialog({ title, initial, withName, onSave, onClose }: AssetTypeDialogProps) {
  const form = useSchemaForm({
    schema: withName ? namedAssetTypeBody : assetTypeSettingsBody,
    defaultValues: initial,
    toBody: (f) => ({ ...settingsOf(f), ...(withName ? { asset_type_moniker: f.asset_type_moniker } : {}) }),
    mode: 'onChange',
    onSubmit: (_body, values) => onSave(values),
  });
  const control = form.control;
  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <Form form={form}>
        <DialogBody>
          <FormError control={control} />
          {withName && (
            <TextField
              control={control}
              name="asset_type_moniker"
              id="asset-type-name"
              label="Name (required)"
              autoFocus
            />
          )}
          {FIELDS.map(([k, label], i) => (
            <TextField
              key={k}
              control={control}
              name={k}
              id={`asset-type-${k}`}
              label={label}
              inputMode="decimal"
              autoFocus={!withName && i === 0}
            />
          ))}
          <fieldset className="bp6-form-group">
            <legend className="bp6-label">Count as missing data when absent</legend>
            {MISSING_FLAGS.map(([k, label]) => (
              <CheckboxField
                key={k}
                control={control}
                name={`flags.${k}`}
                id={`asset-type-${k}`}
                label={label}
                inline
              />
            ))}
          </fieldset>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <SubmitButton form={form} text="Save asset type" />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}
