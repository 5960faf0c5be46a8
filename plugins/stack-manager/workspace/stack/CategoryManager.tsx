/**
 * Category Manager mode: add, rename and delete categories and assign services to them (a service belongs to at most
 * one category: assigning it moves it). Save Categories sends the whole set; leaving with unsaved changes prompts.
 */
import { Alert, Button, Callout, Checkbox, InputGroup, NonIdealState } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import {
  assignService,
  categoriesChanged,
  categoryErrors,
  nextTemporaryId,
  type CategoryDraft,
} from '../../shared/stack-manager';
import type { StackApi } from './stack-api';
import type { StackCategory, StackService } from './types';

interface Props {
  categories: StackCategory[];
  services: readonly StackService[];
  readOnly: boolean;
  stackApi: StackApi;
  /** After a save or delete: reload categories and services. */
  onSaved(): Promise<void>;
  onDirty(dirty: boolean): void;
}

const draftsOf = (cs: StackCategory[]): CategoryDraft[] =>
  cs.map((c) => ({
    csStackCategoryId: c.csStackCategoryId,
    moniker: c.moniker,
    sort: c.sort,
    serviceIds: [...c.serviceIds],
  }));

export function CategoryManager({ categories, services, readOnly, stackApi, onSaved, onDirty }: Props) {
  const saved = useMemo(() => draftsOf(categories), [categories]);
  const [drafts, setDrafts] = useState<CategoryDraft[]>(saved);
  const [selected, setSelected] = useState<number | null>(saved[0]?.csStackCategoryId ?? null);
  const [search, setSearch] = useState('');
  const [confirm, setConfirm] = useState<CategoryDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setDrafts(saved);
    setSelected((s) =>
      s !== null && saved.some((c) => c.csStackCategoryId === s) ? s : (saved[0]?.csStackCategoryId ?? null),
    );
  }, [saved]);

  const changed = categoriesChanged(saved, drafts);
  useEffect(() => {
    onDirty(changed);
  }, [changed, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);
  const errors = categoryErrors(drafts);
  const ownerOf = useMemo(() => new Map(drafts.flatMap((c) => c.serviceIds.map((id) => [id, c] as const))), [drafts]);
  const current = drafts.find((c) => c.csStackCategoryId === selected) ?? null;
  const q = search.trim().toLocaleLowerCase();
  const shown = services.filter((s) => !q || s.moniker.toLocaleLowerCase().includes(q));

  const add = () => {
    const id = nextTemporaryId(drafts.map((c) => c.csStackCategoryId));
    setDrafts([
      ...drafts,
      { csStackCategoryId: id, moniker: '', sort: Math.max(0, ...drafts.map((c) => c.sort)) + 1, serviceIds: [] },
    ]);
    setSelected(id);
  };
  const save = async () => {
    if (Object.keys(errors).length) return;
    setBusy(true);
    setError(null);
    try {
      await stackApi.saveCategories(
        drafts.map((c) => ({
          ...(c.csStackCategoryId > 0 ? { csStackCategoryId: c.csStackCategoryId } : {}),
          moniker: c.moniker.trim(),
          sort: c.sort,
          serviceIds: c.serviceIds,
        })),
      );
      await onSaved();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (c: CategoryDraft) => {
    setConfirm(null);
    if (c.csStackCategoryId < 0) {
      setDrafts(drafts.filter((d) => d !== c));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await stackApi.deleteCategory(c.csStackCategoryId);
      await onSaved();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cs-stack-categories" aria-label="Category Manager">
      <div className="cs-stack-toolbar">
        {!readOnly && <Button icon="add" text="Add Category" onClick={add} />}
        <span className="cs-stack-spacer" />
        {changed && !readOnly && <span className="bp6-text-muted">Unsaved category changes</span>}
        {!readOnly && <Button text="Discard" disabled={!changed || busy} onClick={() => setDrafts(saved)} />}
        {!readOnly && (
          <Button
            intent="primary"
            icon="floppy-disk"
            text="Save Categories"
            loading={busy}
            disabled={!changed || Object.keys(errors).length > 0}
            onClick={() => void save()}
          />
        )}
      </div>
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
      {drafts.length === 0 ? (
        <NonIdealState
          icon="folder-close"
          title="No categories yet"
          description="Categories group the services of the stack."
        />
      ) : (
        <div className="cs-stack-categories-body">
          <ul className="cs-stack-category-list" aria-label="Categories">
            {drafts.map((c) => (
              <li
                key={c.csStackCategoryId}
                className={c.csStackCategoryId === selected ? 'is-selected' : undefined}
                onClick={() => setSelected(c.csStackCategoryId)}
              >
                <InputGroup
                  size="small"
                  value={c.moniker}
                  readOnly={readOnly}
                  placeholder="Category name"
                  aria-label={`Category name ${c.moniker}`}
                  intent={errors[c.csStackCategoryId] ? 'danger' : 'none'}
                  onFocus={() => setSelected(c.csStackCategoryId)}
                  onChange={(e) => setDrafts(drafts.map((d) => (d === c ? { ...d, moniker: e.target.value } : d)))}
                />
                <span className="bp6-text-muted bp6-text-small">{c.serviceIds.length} services</span>
                {!readOnly && (
                  <Button
                    size="small"
                    variant="minimal"
                    icon="trash"
                    intent="danger"
                    aria-label={`Delete category ${c.moniker}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      setConfirm(c);
                    }}
                  />
                )}
                {errors[c.csStackCategoryId] && (
                  <div className="cs-stack-field-error">{errors[c.csStackCategoryId]}</div>
                )}
              </li>
            ))}
          </ul>
          <div className="cs-stack-category-services">
            {current ? (
              <>
                <h5 className="bp6-heading">{`Services in ${current.moniker.trim() || 'the new category'}`}</h5>
                <InputGroup
                  leftIcon="search"
                  placeholder="Search services"
                  aria-label="Search services to assign"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
                <div className="cs-stack-assign" role="group" aria-label="Assign services">
                  {shown.map((s) => {
                    const owner = ownerOf.get(s.serviceId);
                    const elsewhere =
                      owner && owner.csStackCategoryId !== current.csStackCategoryId
                        ? ` (in ${owner.moniker || 'another category'})`
                        : '';
                    return (
                      <Checkbox
                        key={s.serviceId}
                        disabled={readOnly}
                        checked={owner?.csStackCategoryId === current.csStackCategoryId}
                        label={`${s.moniker}${elsewhere}`}
                        onChange={(e) =>
                          setDrafts(
                            assignService(
                              drafts,
                              s.serviceId,
                              (e.target as HTMLInputElement).checked ? current.csStackCategoryId : null,
                            ),
                          )
                        }
                      />
                    );
                  })}
                  {shown.length === 0 && <p className="bp6-text-muted">No services match.</p>}
                </div>
              </>
            ) : (
              <NonIdealState icon="select" title="Select a category" />
            )}
          </div>
        </div>
      )}
      <Alert
        isOpen={confirm !== null}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void remove(confirm)}
      >
        {confirm
          ? `Are you sure you want to delete the category ${confirm.moniker || '(unnamed)'}? Its services will have no category.`
          : ''}
      </Alert>
    </section>
  );
}
