/**
 * The edit dialog for stack components: name, description, category, tags, defaults and products of a service (a
 * new one when `service` is null). Save with no changes alerts 'No changes to save'; removing a saved tag asks its
 * treatment (cancel keeps the tag); field errors show on their fields.
 */
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import {
  ALIGNMENTS,
  CALC_TYPES,
  isChargeEstimate,
  MONIKER_MAX,
  type Alignment,
  type CalcType,
} from '../../shared/stack-catalogue';
import {
  draftErrors,
  hasErrors,
  nextTemporaryId,
  removeProduct,
  serviceChanges,
  withDeletion,
  type StackProductDraft,
  type StackServiceDraft,
  type TagDeletion,
} from '../../shared/stack-manager';
import { ProductsEditor } from './ProductsEditor';
import { TagTreatmentDialog, type TagRemovalRequest } from './TagTreatmentDialog';
import { ALIGNMENT_LABELS, CALC_TYPE_LABELS, type StackCategory, type StackService, type StackTag } from './types';

export const MSG_NO_CHANGES = 'No changes to save';

export function draftOf(s: StackService | null, tempId: number): StackServiceDraft {
  if (!s) {
    return {
      serviceId: tempId,
      moniker: '',
      description: '',
      categoryId: null,
      tagIds: [],
      defaultApplicableFlag: 1,
      defaultAlignment: 'fully',
      defaultPartOfContractFlag: 0,
      defaultChargeEstimate: 0,
      defaultCalcType: 'adhoc',
      products: [],
    };
  }
  return {
    serviceId: s.serviceId,
    moniker: s.moniker,
    description: s.description ?? '',
    categoryId: s.categoryId,
    tagIds: [...s.tagIds],
    defaultApplicableFlag: s.defaultApplicableFlag,
    defaultAlignment: s.defaultAlignment,
    defaultPartOfContractFlag: s.defaultPartOfContractFlag,
    defaultChargeEstimate: Number(s.defaultChargeEstimate),
    defaultCalcType: s.defaultCalcType,
    products: s.products.map((p) => ({
      productId: p.productId,
      moniker: p.moniker,
      description: p.description ?? '',
      calcType: p.calcType,
      chargeEstimate: Number(p.chargeEstimate),
      preferredFlag: p.preferredFlag,
      activeFlag: p.activeFlag,
      sort: p.sort,
    })),
  };
}

interface Props {
  /** undefined: closed; null: a new service. */
  service: StackService | null | undefined;
  categories: readonly StackCategory[];
  tags: readonly StackTag[];
  onSave(
    before: StackServiceDraft,
    changes: ReturnType<typeof serviceChanges>,
    deletions: TagDeletion[],
  ): Promise<string | null>;
  onClose(): void;
  onDirty(dirty: boolean): void;
}

export function ServiceDialog({ service, categories, tags, onSave, onClose, onDirty }: Props) {
  const open = service !== undefined;
  const before = useMemo(() => (open ? draftOf(service ?? null, -1) : null), [open, service]);
  const [draft, setDraft] = useState<StackServiceDraft | null>(before);
  const [deletions, setDeletions] = useState<TagDeletion[]>([]);
  const [showErrors, setShowErrors] = useState(false);
  const [noChanges, setNoChanges] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [removal, setRemoval] = useState<TagRemovalRequest | null>(null);
  useEffect(() => {
    setDraft(before);
    setDeletions([]);
    setShowErrors(false);
    setServerError(null);
  }, [before]);

  const changes = useMemo(() => (before && draft ? serviceChanges(before, draft) : {}), [before, draft]);
  const changed = Object.keys(changes).length > 0;
  useEffect(() => {
    onDirty(open && changed);
  }, [open, changed, onDirty]);
  if (!open || !draft || !before) return null;

  const errors = draftErrors(draft, isChargeEstimate, MONIKER_MAX);
  const isNew = before.serviceId < 0;
  const set = (patch: Partial<StackServiceDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const setProducts = (fn: (ps: StackProductDraft[]) => StackProductDraft[]) =>
    setDraft((d) => (d ? { ...d, products: fn(d.products) } : d));

  const toggleTag = (tagId: number) => {
    if (!draft.tagIds.includes(tagId)) {
      set({ tagIds: [...draft.tagIds, tagId] });
      setDeletions((l) => l.filter((x) => x.tagId !== tagId));
      return;
    }
    const drop = () => setDraft((d) => (d ? { ...d, tagIds: d.tagIds.filter((t) => t !== tagId) } : d));
    if (isNew || !before.tagIds.includes(tagId)) {
      drop();
      return;
    }
    setRemoval({
      serviceName: before.moniker,
      tagName: tags.find((t) => t.tagId === tagId)?.moniker ?? 'tag',
      onConfirm: (treatment) => {
        drop();
        setDeletions((l) => withDeletion(l, { serviceId: before.serviceId, tagId, treatment }));
        setRemoval(null);
      },
      onCancel: () => setRemoval(null),
    });
  };

  const save = async () => {
    if (!changed) {
      setNoChanges(true);
      return;
    }
    if (hasErrors(errors)) {
      setShowErrors(true);
      return;
    }
    setSaving(true);
    const err = await onSave(
      before,
      changes,
      deletions.filter((d) => !draft.tagIds.includes(d.tagId)),
    );
    setSaving(false);
    if (err) setServerError(err);
  };

  const shown = showErrors ? errors : {};
  return (
    <>
      <Dialog
        isOpen
        onClose={onClose}
        title={isNew ? 'Add Service' : `Edit ${before.moniker}`}
        icon="layers"
        style={{ width: 820 }}
        className="cs-stack-service-dialog"
        canOutsideClickClose={!changed}
        canEscapeKeyClose={!changed}
      >
        <DialogBody>
          {serverError && (
            <div className="bp6-callout bp6-intent-danger cs-stack-server-error" role="alert">
              {serverError}
            </div>
          )}
          <div className="cs-stack-form-grid">
            <FormGroup
              label="Name"
              labelFor="stack-service-name"
              labelInfo="(required)"
              intent={shown.moniker ? 'danger' : 'none'}
              helperText={shown.moniker}
            >
              <InputGroup
                id="stack-service-name"
                value={draft.moniker}
                autoFocus
                onChange={(e) => set({ moniker: e.target.value })}
                intent={shown.moniker ? 'danger' : 'none'}
              />
            </FormGroup>
            <FormGroup label="Category" labelFor="stack-service-category">
              <HTMLSelect
                id="stack-service-category"
                fill
                value={draft.categoryId ?? ''}
                onChange={(e) => set({ categoryId: e.target.value === '' ? null : Number(e.target.value) })}
                options={[
                  { value: '', label: 'No category' },
                  ...categories.map((c) => ({ value: c.csStackCategoryId, label: c.moniker })),
                ]}
              />
            </FormGroup>
          </div>
          <FormGroup label="Description" labelFor="stack-service-description">
            <TextArea
              id="stack-service-description"
              fill
              rows={2}
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </FormGroup>
          <FormGroup
            label="Tags"
            helperText={
              tags.length
                ? 'A tagged service applies to the companies carrying one of its tags.'
                : 'No tags yet: add them with Manage Tags.'
            }
          >
            <div className="cs-stack-tag-checks" role="group" aria-label="Tags">
              {tags.map((t) => (
                <Checkbox
                  key={t.tagId}
                  inline
                  checked={draft.tagIds.includes(t.tagId)}
                  label={t.moniker}
                  onChange={() => toggleTag(t.tagId)}
                />
              ))}
            </div>
          </FormGroup>
          <fieldset className="cs-stack-defaults">
            <legend>Defaults for companies</legend>
            <div className="cs-stack-form-grid">
              <Switch
                checked={draft.defaultApplicableFlag === 1}
                label="Applies by default"
                onChange={() => set({ defaultApplicableFlag: draft.defaultApplicableFlag === 1 ? 0 : 1 })}
              />
              <Switch
                checked={draft.defaultPartOfContractFlag === 1}
                label="Part of contract by default"
                onChange={() => set({ defaultPartOfContractFlag: draft.defaultPartOfContractFlag === 1 ? 0 : 1 })}
              />
              <FormGroup label="Default alignment" labelFor="stack-default-alignment">
                <HTMLSelect
                  id="stack-default-alignment"
                  fill
                  value={draft.defaultAlignment}
                  onChange={(e) => set({ defaultAlignment: e.target.value as Alignment })}
                  options={ALIGNMENTS.map((a) => ({ value: a, label: ALIGNMENT_LABELS[a] }))}
                />
              </FormGroup>
              <FormGroup label="Default calculation" labelFor="stack-default-calc">
                <HTMLSelect
                  id="stack-default-calc"
                  fill
                  value={draft.defaultCalcType}
                  onChange={(e) => set({ defaultCalcType: e.target.value as CalcType })}
                  options={CALC_TYPES.map((c) => ({ value: c, label: CALC_TYPE_LABELS[c] }))}
                />
              </FormGroup>
              <FormGroup
                label="Default charge estimate"
                labelFor="stack-default-charge"
                intent={shown.defaultChargeEstimate ? 'danger' : 'none'}
                helperText={shown.defaultChargeEstimate}
              >
                <InputGroup
                  id="stack-default-charge"
                  type="number"
                  min={0}
                  step="0.01"
                  defaultValue={String(draft.defaultChargeEstimate)}
                  onChange={(e) =>
                    set({ defaultChargeEstimate: e.target.value.trim() === '' ? NaN : Number(e.target.value) })
                  }
                />
              </FormGroup>
            </div>
          </fieldset>
          <ProductsEditor
            products={draft.products}
            errors={shown.products}
            readOnly={false}
            onChange={(id, patch) => setProducts((ps) => ps.map((p) => (p.productId === id ? { ...p, ...patch } : p)))}
            onRemove={(id) => setProducts((ps) => removeProduct(ps, id))}
            onUndo={(id) => setProducts((ps) => ps.map((p) => (p.productId === id ? { ...p, activeFlag: 1 } : p)))}
            onAdd={() =>
              setProducts((ps) => [
                ...ps,
                {
                  productId: nextTemporaryId(ps.map((p) => p.productId)),
                  moniker: '',
                  description: '',
                  calcType: 'perSeatPerMonth',
                  chargeEstimate: 0,
                  preferredFlag: 0,
                  activeFlag: 1,
                  sort: ps.length + 1,
                },
              ])
            }
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button intent="primary" text="Save" loading={saving} onClick={() => void save()} />
            </>
          }
        />
      </Dialog>
      <Alert isOpen={noChanges} confirmButtonText="OK" onClose={() => setNoChanges(false)} icon="info-sign">
        {MSG_NO_CHANGES}
      </Alert>
      <TagTreatmentDialog request={removal} />
    </>
  );
}
