/**
 * Edits one contact's custom field values: one input per active field; the server checks the values (type, options,
 * required) and its refusal is shown at the field, nothing saved.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { fieldError, saveContactValues, shown, type CustomField, type FieldValue } from './client';
import { ValueInput } from './ValueInput';

export function ContactValuesDialog({
  tenantId,
  contactId,
  name,
  fields,
  values,
  onClose,
}: {
  tenantId: number;
  contactId: number;
  name: string;
  fields: CustomField[];
  values: Record<string, FieldValue> | undefined;
  onClose(saved: boolean): void;
}) {
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.field_key, shown(values?.[f.field_key])])),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const save = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const out: Record<string, FieldValue | null> = {};
      for (const f of fields) {
        const v = draft[f.field_key].trim();
        out[f.field_key] = v === '' ? null : f.field_type === 'number' && Number.isFinite(Number(v)) ? Number(v) : v;
      }
      await saveContactValues(tenantId, contactId, out);
      onClose(true);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title={`Custom fields of ${name}`} onClose={() => onClose(false)}>
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
            const id = `contact-cf-${f.field_key}`;
            const message = fieldError(error, `values.${f.field_key}`);
            return (
              <FormGroup
                key={f.field_key}
                label={f.label}
                labelFor={id}
                labelInfo={f.required ? '(required)' : undefined}
                helperText={message}
                intent={message ? 'danger' : 'none'}
              >
                <ValueInput
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
              <Button type="submit" intent="primary" text="Save" loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
