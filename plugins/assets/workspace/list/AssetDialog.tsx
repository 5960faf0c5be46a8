/**
 * Add or edit an asset: every field of the API's body, the schema's messages when saving (createAssetBody, through
 * the workspace form helper), the server's own field messages (e.g. a make and serial another asset has) and a stale
 * edit's 409 (the dialog stays open, nothing typed is lost).
 */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import {
  api,
  ApiError,
  FormError,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useSchemaForm,
  type Company,
  type SelectOption,
} from '../../../../workspace/sdk';
import { assetPaths, createAssetBody, type Asset, type CreateAssetBody } from '../../shared/api';
import type { Choice } from './AssetFilters';

type TextKey =
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
type Form = Record<TextKey, string> & {
  tenant_company_id: number | null;
  asset_type_id: number | null;
  tenant_asset_status_id: number | null;
  location_id: number | null;
};

const TEXTS: { field: Exclude<TextKey, 'notes'>; label: string; type?: string }[] = [
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
    tenant_company_id: a?.tenant_company_id ?? companyId,
    asset_type_id: a?.asset_type_id ?? null,
    tenant_asset_status_id: a?.tenant_asset_status_id ?? null,
    location_id: a?.location_id ?? null,
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

function bodyOf(f: Form): CreateAssetBody {
  return {
    ...f,
    tenant_company_id: f.tenant_company_id ?? (undefined as unknown as number),
    cost: f.cost.trim() === '' ? null : Number(f.cost),
  };
}

const optionsOf = (choices: readonly Choice[]): SelectOption[] =>
  choices.map((c) => ({ value: c.value, label: c.label }));

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
  const form = useSchemaForm({
    schema: createAssetBody,
    defaultValues: formOf(asset, companies.length === 1 ? companies[0].tenant_company_id : null),
    toBody: bodyOf,
    fieldsMessage: 'Please correct the fields marked.',
    errorMessage: (e) =>
      e instanceof ApiError && e.status === 409
        ? `${e.message} Close this dialog and open the asset again.`
        : (e as Error).message,
    onSubmit: async (body) => {
      const r = asset
        ? await api.put<{ asset: Asset }>(assetPaths.one(tenantId, asset.asset_id), { ...body, version: asset.version })
        : await api.post<{ asset: Asset }>(assetPaths.create(tenantId), body);
      onClose(r.asset);
    },
  });
  const { setValue } = form;
  const company = form.watch('tenant_company_id');
  const [locations, setLocations] = useState<Choice[]>([]);
  const title = asset ? `Edit ${asset.name}` : 'Add asset';

  // A location belongs to a company: choosing another company clears it.
  const shownCompany = useRef(company);
  useEffect(() => {
    if (shownCompany.current !== company) setValue('location_id', null);
    shownCompany.current = company;
  }, [company, setValue]);

  useEffect(() => {
    if (!company) return setLocations([]);
    let live = true;
    api
      .get<{ locations: { tenant_company_location_id: number; location_name: string }[] }>(
        `/v3/tenant/${tenantId}/company/${company}/locations`,
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
  }, [tenantId, company]);

  const control = form.control;
  return (
    <Dialog isOpen onClose={() => onClose(null)} title={title} className="asset-dialog">
      <DialogBody>
        <FormError control={control} className="asset-dialog-error" />
        <div className="asset-dialog-grid">
          <SelectField
            control={control}
            name="tenant_company_id"
            id="asset-tenant_company_id"
            label="Company (required)"
            empty="Choose a company"
            options={companies.map((c) => ({ value: c.tenant_company_id, label: c.name }))}
          />
          <SelectField
            control={control}
            name="asset_type_id"
            id="asset-asset_type_id"
            label="Type"
            empty="No type"
            options={optionsOf(types)}
          />
          <SelectField
            control={control}
            name="tenant_asset_status_id"
            id="asset-tenant_asset_status_id"
            label="Status"
            empty="No status"
            options={optionsOf(statuses)}
          />
          <SelectField
            control={control}
            name="location_id"
            id="asset-location_id"
            label="Location"
            empty="No location"
            options={optionsOf(locations)}
          />
          {TEXTS.map(({ field, label, type }) => (
            <TextField
              key={field}
              control={control}
              name={field}
              id={`asset-${field}`}
              label={label}
              type={type ?? 'text'}
              {...(type === 'number' ? { min: 0, step: '0.01' } : {})}
            />
          ))}
        </div>
        <TextAreaField control={control} name="notes" id="asset-notes" label="Notes" fill />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={() => onClose(null)} />
            <SubmitButton form={form} text={asset ? 'Save' : 'Add'} />
          </>
        }
      />
    </Dialog>
  );
}
