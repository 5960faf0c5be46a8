/** Adds or edits a custom field: label, key (new fields only), type (new only), options of a choice, required, order, active. */
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import { customFieldBody, FIELD_TYPE_LABELS, FIELD_TYPES, type FieldType } from '../../shared/custom-fields';
import { addDefinition, changeDefinition, fieldError, type CustomField } from './client';

const keyOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 40);

export function FieldDialog({
  tenantId,
  target,
  targetTitle,
  field,
  nextOrder,
  onClose,
}: {
  tenantId: number;
  target: string;
  targetTitle: string;
  field: CustomField | null;
  /** The order a new field gets first: after the target's last field. */
  nextOrder: number;
  onClose(saved: boolean): void;
}) {
  const [label, setLabel] = useState(field?.label ?? '');
  const [key, setKey] = useState(field?.field_key ?? '');
  const [keyEdited, setKeyEdited] = useState(!!field);
  const [type, setType] = useState<FieldType>(field?.field_type ?? 'text');
  const [options, setOptions] = useState((field?.options ?? []).join('\n'));
  const [required, setRequired] = useState(field?.required ?? false);
  const [sortOrder, setSortOrder] = useState(field?.sort_order ?? nextOrder);
  const [active, setActive] = useState(field?.is_active ?? true);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const optionList = options
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
  const body = {
    target,
    field_key: keyEdited ? key : keyOf(label),
    label,
    field_type: type,
    required,
    options: type === 'choice' ? optionList : [],
    sort_order: sortOrder,
    is_active: active,
  };
  const check = customFieldBody.safeParse(body);
  const local = (path: string) =>
    touched && !check.success ? check.error.issues.find((i) => i.path.join('.') === path)?.message : undefined;
  const msg = (path: string) => fieldError(error, path) ?? local(path);

  const save = async () => {
    setTouched(true);
    if (busy || !check.success) return;
    setBusy(true);
    setError(null);
    try {
      if (field)
        await changeDefinition(tenantId, field.custom_field_id, {
          label,
          required,
          ...(type === 'choice' ? { options: optionList } : {}),
          sort_order: sortOrder,
          is_active: active,
          version: field.version,
        });
      else await addDefinition(tenantId, body);
      onClose(true);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen
      title={field ? `Edit ${field.label}` : `Add a field to ${targetTitle.toLowerCase()}`}
      onClose={() => onClose(false)}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogBody>
          {error !== null && <Callout intent="danger">{(error as Error).message}</Callout>}
          <FormGroup
            label="Label"
            labelFor="cf-label"
            helperText={msg('label')}
            intent={msg('label') ? 'danger' : 'none'}
          >
            <InputGroup id="cf-label" autoFocus value={label} onChange={(e) => setLabel(e.target.value)} />
          </FormGroup>
          <FormGroup
            label="Key"
            labelFor="cf-key"
            helperText={
              msg('field_key') ?? (field ? 'The key stays once values exist under it.' : 'Used in exports and the API.')
            }
            intent={msg('field_key') ? 'danger' : 'none'}
          >
            <InputGroup
              id="cf-key"
              value={body.field_key}
              disabled={!!field}
              onChange={(e) => {
                setKeyEdited(true);
                setKey(e.target.value);
              }}
            />
          </FormGroup>
          <FormGroup
            label="Type"
            labelFor="cf-type"
            helperText={field ? 'The type stays once the field exists.' : undefined}
          >
            <HTMLSelect
              id="cf-type"
              value={type}
              disabled={!!field}
              onChange={(e) => setType(e.target.value as FieldType)}
            >
              {FIELD_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FIELD_TYPE_LABELS[t]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          {type === 'choice' && (
            <FormGroup
              label="Options"
              labelFor="cf-options"
              helperText={msg('options') ?? 'One per line.'}
              intent={msg('options') ? 'danger' : 'none'}
            >
              <TextArea id="cf-options" fill rows={4} value={options} onChange={(e) => setOptions(e.target.value)} />
            </FormGroup>
          )}
          <FormGroup
            label="Order in lists"
            labelFor="cf-order"
            helperText={msg('sort_order')}
            intent={msg('sort_order') ? 'danger' : 'none'}
          >
            <NumericInput
              id="cf-order"
              min={0}
              max={10000}
              value={sortOrder}
              onValueChange={(v) => setSortOrder(Number.isFinite(v) ? Math.floor(v) : 0)}
            />
          </FormGroup>
          <Checkbox label="Required" checked={required} onChange={() => setRequired(!required)} />
          <Checkbox label="Active (shown in lists and forms)" checked={active} onChange={() => setActive(!active)} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={() => onClose(false)} />
              <Button
                type="submit"
                intent="primary"
                text={field ? 'Save' : 'Add'}
                loading={busy}
                disabled={touched && !check.success}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
