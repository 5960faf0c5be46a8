/**
 * Add or edit an asset: every field of the API's body, the schema's messages when saving (createAssetBody), the
 * server's own field messages (e.g. a make and serial another asset has) and a stale edit's 409 (the dialog stays
 * open, nothing typed is lost).
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api, ApiError, type Company } from '../../../../workspace/sdk';
import { assetPaths, createAssetBody, type Asset } from '../../shared/api';
import type { Choice } from './AssetFilters';

type Field =
  | 'tenant_company_id'
  | 'asset_type_id'
  | 'tenant_asset_status_id'
  | 'location_id'
  | 'name'
  | 'serial'
  | 'make'
  | 'model'
  | 'purchase_date'
  | 'warranty_start'
  | 'warranty_expiry'
  | 'eol_date'
  | 'operating_system'
  | 'assigned_to'
  | 'cost'
  | 'notes';
type Form = Record<Field, string>;

const TEXTS: { field: Field; label: string; type?: string }[] = [
  { field: 'name', label: 'Name (required)' },
  { field: 'serial', label: 'Serial' },
  { field: 'make', label: 'Make' },
  { field: 'model', label: 'Model' },
  { field: 'purchase_date', label: 'Purchase date', type: 'date' },
  { field: 'warranty_start', label: 'Warranty start', type: 'date' },
  { field: 'warranty_expiry', label: 'Warranty expiry', type: 'date' },
  { field: 'eol_date', label: 'End of life', type: 'date' },
  { field: 'operating_system', label: 'Operating system' },
  { field: 'assigned_to', label: 'Assigned to' },
  { field: 'cost', label: 'Cost', type: 'number' },
];

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function formOf(a: Asset | undefined, companyId: number | null): Form {
  return {
    tenant_company_id: str(a?.tenant_company_id ?? companyId),
    asset_type_id: str(a?.asset_type_id),
    tenant_asset_status_id: str(a?.tenant_asset_status_id),
    location_id: str(a?.location_id),
    name: str(a?.name),
    serial: str(a?.serial),
    make: str(a?.make),
    model: str(a?.model),
    purchase_date: str(a?.purchase_date),
    warranty_start: str(a?.warranty_start),
    warranty_expiry: str(a?.warranty_expiry),
    eol_date: str(a?.eol_date),
    operating_system: str(a?.operating_system),
    assigned_to: str(a?.assigned_to),
    cost: str(a?.cost),
    notes: str(a?.notes),
  };
}

const idOrNull = (v: string) => (v === '' ? null : Number(v));

function bodyOf(f: Form): Record<string, unknown> {
  return {
    tenant_company_id: f.tenant_company_id === '' ? undefined : Number(f.tenant_company_id),
    asset_type_id: idOrNull(f.asset_type_id),
    tenant_asset_status_id: idOrNull(f.tenant_asset_status_id),
    location_id: idOrNull(f.location_id),
    name: f.name,
    serial: f.serial,
    make: f.make,
    model: f.model,
    purchase_date: f.purchase_date,
    warranty_start: f.warranty_start,
    warranty_expiry: f.warranty_expiry,
    eol_date: f.eol_date,
    operating_system: f.operating_system,
    assigned_to: f.assigned_to,
    cost: f.cost.trim() === '' ? null : Number(f.cost),
    notes: f.notes,
  };
}

type Errors = Partial<Record<Field, string>>;

function localErrors(body: Record<string, unknown>): Errors {
  const r = createAssetBody.safeParse(body);
  if (r.success) return {};
  const out: Errors = {};
  for (const i of r.error.issues) {
    const f = String(i.path[0]) as Field;
    if (f === 'tenant_company_id') out[f] = 'Required.';
    else out[f] ??= f === 'cost' && i.code === 'invalid_type' ? 'Must be a number' : i.message;
  }
  return out;
}

export interface AssetDialogProps {
  tenantId: number;
  companies: readonly Company[];
  types: readonly Choice[];
  statuses: readonly Choice[];
  /** The asset to edit; absent: a new one. */
  asset?: Asset;
  onClose(saved: Asset | null): void;
}

export function AssetDialog({ tenantId, companies, types, statuses, asset, onClose }: AssetDialogProps) {
  const [form, setForm] = useState<Form>(() =>
    formOf(asset, companies.length === 1 ? companies[0].tenant_company_id : null),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [locations, setLocations] = useState<Choice[]>([]);
  const title = asset ? `Edit ${asset.name}` : 'Add asset';

  useEffect(() => {
    if (!form.tenant_company_id) return setLocations([]);
    let live = true;
    api
      .get<{ locations: { tenant_company_location_id: number; location_name: string }[] }>(
        `/v3/tenant/${tenantId}/company/${form.tenant_company_id}/locations`,
      )
      .then(
        (r) =>
          live &&
          setLocations(r.locations.map((l) => ({ value: l.tenant_company_location_id, label: l.location_name }))),
        () => live && setLocations([]),
      );
    return () => {
      live = false;
    };
  }, [tenantId, form.tenant_company_id]);

  const set = (field: Field, value: string) => {
    setForm((f) => ({ ...f, [field]: value, ...(field === 'tenant_company_id' ? { location_id: '' } : {}) }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const save = async () => {
    if (busy) return;
    const body = bodyOf(form);
    const local = localErrors(body);
    setErrors(local);
    if (Object.values(local).some(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      const r = asset
        ? await api.put<{ asset: Asset }>(assetPaths.one(tenantId, asset.asset_id), { ...body, version: asset.version })
        : await api.post<{ asset: Asset }>(assetPaths.create(tenantId), body);
      onClose(r.asset);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409)
        setError(`${e.message} Close this dialog and open the asset again.`);
      else if (e instanceof ApiError && e.fields?.length) {
        const next: Errors = {};
        for (const f of e.fields) next[f.path.replace(/^body\./, '').split('.')[0] as Field] = f.message;
        setErrors(next);
        setError('Please correct the fields marked.');
      } else setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const group = (field: Field, label: string, control: React.ReactNode) => (
    <FormGroup
      key={field}
      label={label}
      labelFor={`asset-${field}`}
      intent={errors[field] ? 'danger' : 'none'}
      helperText={errors[field]}
    >
      {control}
    </FormGroup>
  );
  const select = (field: Field, label: string, options: readonly Choice[], empty: string) =>
    group(
      field,
      label,
      <HTMLSelect
        id={`asset-${field}`}
        fill
        value={form[field]}
        onChange={(e) => set(field, e.target.value)}
        options={[{ value: '', label: empty }, ...options.map((o) => ({ value: String(o.value), label: o.label }))]}
      />,
    );

  return (
    <Dialog isOpen onClose={() => onClose(null)} title={title} className="asset-dialog">
      <DialogBody>
        {error && (
          <Callout intent="danger" className="asset-dialog-error">
            {error}
          </Callout>
        )}
        <div className="asset-dialog-grid">
          {select(
            'tenant_company_id',
            'Company (required)',
            companies.map((c) => ({ value: c.tenant_company_id, label: c.name })),
            'Choose a company',
          )}
          {select('asset_type_id', 'Type', types, 'No type')}
          {select('tenant_asset_status_id', 'Status', statuses, 'No status')}
          {select('location_id', 'Location', locations, 'No location')}
          {TEXTS.map(({ field, label, type }) =>
            group(
              field,
              label,
              <InputGroup
                id={`asset-${field}`}
                type={type ?? 'text'}
                value={form[field]}
                intent={errors[field] ? 'danger' : 'none'}
                onChange={(e) => set(field, e.target.value)}
                {...(type === 'number' ? { min: 0, step: '0.01' } : {})}
              />,
            ),
          )}
        </div>
        {group(
          'notes',
          'Notes',
          <TextArea id="asset-notes" fill value={form.notes} onChange={(e) => set('notes', e.target.value)} />,
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={() => onClose(null)} />
            <Button intent="primary" text={asset ? 'Save' : 'Add'} loading={busy} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
