/**
 * Edits the custom field values of one record (a company, a contact...): one input per active field, the value rules
 * of shared/custom-fields.ts checked while typing, the server's refusals shown at their field. The record's values are
 * written at customfields/values/<target>/<recordId>. Provided to dependents' pages too (customFieldsUiPoint).
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { checkFieldValue, displayValue } from '../../shared/custom-fields';
import type { RecordValuesDialogProps } from '../../shared/workspace-points';
import { fieldError, saveValues, type FieldValue } from './client';
import { FieldValueInput } from './FieldValueInput';

export type { RecordValuesDialogProps };

export function RecordValuesDialog({
  tenantId,
  target,
  recordId,
  recordName,
  fields,
  values,
  onClose,
}: RecordValuesDialogProps) {
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.field_key, displayValue(values[f.field_key])])),
  );
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const checks = Object.fromEntries(fields.map((f) => [f.field_key, checkFieldValue(f, draft[f.field_key])]));
  const invalid = Object.values(checks).some((c) => !c.ok);

  const save = async () => {
    setTouched(true);
    if (busy || invalid) return;
    setBusy(true);
    setError(null);
    try {
      const out: Record<string, FieldValue | null> = {};
      for (const f of fields) {
        const c = checks[f.field_key];
        if (c.ok) out[f.field_key] = c.value;
      }
      await saveValues(tenantId, target, recordId, out);
      onClose(true);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title={`Custom fields of ${recordName}`} onClose={() => onClose(false)}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogBody>
          {error !== null && (
            <Callout intent="danger" role="alert">
              {(error as Error).message}
            </Callout>
          )}
          {fields.map((f) => {
            const id = `cf-value-${f.field_key}`;
            const c = checks[f.field_key];
            const message = fieldError(error, `values.${f.field_key}`) ?? (touched && !c.ok ? c.message : undefined);
            return (
              <FormGroup
                key={f.field_key}
                label={f.label}
                labelFor={id}
                labelInfo={f.required ? '(required)' : undefined}
                helperText={message}
                intent={message ? 'danger' : 'none'}
              >
                <FieldValueInput
                  field={f}
                  id={id}
                  value={draft[f.field_key]}
                  intent={message ? 'danger' : 'none'}
                  onChange={(v) => setDraft({ ...draft, [f.field_key]: v })}
                />
              </FormGroup>
            );
          })}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={() => onClose(false)} />
              <Button type="submit" intent="primary" text="Save" loading={busy} disabled={touched && invalid} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

export default RecordValuesDialog;
