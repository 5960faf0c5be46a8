/**
 * /cs/admin/stackManager, the Stack Manager (customer-success.md sections 2 and 4): modes Stack Manager (the ordered
 * services: search, category and tag filters, drag or Alt+Arrow to reorder with auto-save, Revert Order, Save, add,
 * edit in a dialog, delete and restore, preferred products, tags with their removal treatment, tag management) and
 * Category Manager. Read Only hides every control that writes.
 */
import { Alert, Button, Callout, HTMLSelect, InputGroup, Switch, Tab, Tabs } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, PageHeader, PageLoadError, PageLoading, useDirtyPage, useReadOnly } from '../../../../workspace/sdk';
import {
  canSave,
  isFiltering,
  matchesFilter,
  type StackListFilter,
  type StackServiceDraft,
  type TagDeletion,
  type serviceChanges,
} from '../../shared/stack-manager';
import { CategoryManager } from './CategoryManager';
import { DeletedServices } from './DeletedServices';
import { ServiceDialog } from './ServiceDialog';
import { ServiceList } from './ServiceList';
import { useStackApi } from './stack-api';
import { TagManagerDialog } from './TagManagerDialog';
import { TagTreatmentDialog, type TagRemovalRequest } from './TagTreatmentDialog';
import type { StackCategory, StackService, StackTag } from './types';
import { useStackList } from './use-stack-list';
import './stack.css';

export const MSG_CONFIRM_DELETE = 'Are you sure you want to delete this service?';
type Mode = 'stack' | 'categories';

function errorText(e: unknown): string {
  if (e instanceof ApiError && e.fields?.length)
    return `${e.message}: ${e.fields.map((f) => `${f.path} ${f.message}`).join('; ')}`;
  return (e as Error).message;
}

export default function StackManagerPage() {
  const readOnly = useReadOnly();
  const stackApi = useStackApi();
  const list = useStackList(stackApi, readOnly);
  const { setDirty } = useDirtyPage();
  const [mode, setMode] = useState<Mode>('stack');
  const [categories, setCategories] = useState<StackCategory[] | null>(null);
  const [tags, setTags] = useState<StackTag[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filter, setFilter] = useState<StackListFilter>({ search: '', categoryId: null, tagId: null });
  const [showDeleted, setShowDeleted] = useState(false);
  const [deleted, setDeleted] = useState<StackService[] | null>(null);
  const [dialog, setDialog] = useState<{ service: StackService | null } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<StackService | null>(null);
  const [removal, setRemoval] = useState<TagRemovalRequest | null>(null);
  const [tagManager, setTagManager] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogDirty, setDialogDirty] = useState(false);
  const [categoriesDirty, setCategoriesDirty] = useState(false);

  const loadAll = useCallback(async () => {
    setLoadError(null);
    try {
      const [c, t] = await Promise.all([stackApi.categories(), stackApi.tags(), list.load()]);
      setCategories(c);
      setTags(t);
    } catch (e) {
      setLoadError(errorText(e));
    }
  }, [stackApi, list.load]);
  useEffect(() => {
    void loadAll();
  }, [loadAll]);

  const loadDeleted = useCallback(async () => {
    try {
      setDeleted(await stackApi.services(0));
    } catch (e) {
      setActionError(errorText(e));
      setDeleted([]);
    }
  }, [stackApi]);
  useEffect(() => {
    if (showDeleted) void loadDeleted();
    else setDeleted(null);
  }, [showDeleted, loadDeleted]);

  const listDirty = list.orderDirty || list.tagsDirty || list.preferredDirty;
  useEffect(() => {
    setDirty(listDirty || dialogDirty || categoriesDirty);
  }, [listDirty, dialogDirty, categoriesDirty, setDirty]);

  const services = list.services;
  const positions = useMemo(() => new Map(services.map((s, i) => [s.serviceId, i + 1])), [services]);
  const shown = useMemo(
    () => (isFiltering(filter) ? services.filter((s) => matchesFilter(s, filter)) : services),
    [services, filter],
  );
  const shownIds = useMemo(() => new Set(shown.map((s) => s.serviceId)), [shown]);
  const tagName = (id: number) => tags?.find((t) => t.tagId === id)?.moniker ?? 'tag';

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setActionError(null);
    try {
      await fn();
    } catch (e) {
      setActionError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const refreshServices = async () => {
    list.takeFresh(await stackApi.services(1));
    if (showDeleted) await loadDeleted();
  };

  const openEdit = useCallback(
    async (serviceId: number | null) => {
      if (readOnly) return;
      await list.saveNow();
      setDialog({
        service: serviceId === null ? null : (list.latest().find((s) => s.serviceId === serviceId) ?? null),
      });
    },
    [readOnly, list],
  );

  const saveDialog = async (
    before: StackServiceDraft,
    changes: ReturnType<typeof serviceChanges>,
    deletions: TagDeletion[],
  ): Promise<string | null> => {
    if (readOnly) return null;
    try {
      const isNew = before.serviceId < 0;
      const version = list.latest().find((s) => s.serviceId === before.serviceId)?.version;
      const count = list.latest().length;
      const item = isNew
        ? { serviceId: before.serviceId, ...changes, sort: count + 1, order: count + 1 }
        : { serviceId: before.serviceId, version, ...changes };
      const answer = await stackApi.saveServices([item], deletions);
      list.takeFresh(answer.tenantCsStackServices);
      setDialog(null);
      setDialogDirty(false);
      return null;
    } catch (e) {
      return errorText(e);
    }
  };

  const handlers = useMemo(
    () => ({
      onMove: (id: number, step: -1 | 1) => list.moveStep(id, step, isFiltering(filter) ? shownIds : undefined),
      onEdit: (id: number) => void openEdit(id),
      onDelete: (id: number) => {
        if (!readOnly) setConfirmDelete(list.services.find((s) => s.serviceId === id) ?? null);
      },
      onTagAdd: (id: number, tagId: number) => {
        const s = list.services.find((x) => x.serviceId === id);
        if (s && !s.tagIds.includes(tagId)) list.setTags(id, [...s.tagIds, tagId]);
      },
      onTagRemove: (id: number, tagId: number) => {
        const s = list.services.find((x) => x.serviceId === id);
        if (!s || readOnly) return;
        if (!list.isSavedTag(id, tagId)) {
          list.setTags(
            id,
            s.tagIds.filter((t) => t !== tagId),
          );
          return;
        }
        setRemoval({
          serviceName: s.moniker,
          tagName: tagName(tagId),
          onCancel: () => setRemoval(null),
          onConfirm: (treatment) => {
            list.removeTag(id, tagId, treatment);
            setRemoval(null);
          },
        });
      },
      onPreferred: (id: number, productId: number) => list.togglePreferred(id, productId),
      reorder: list.reorder,
      dragStart: list.dragStart,
      dragEnd: list.dragEnd,
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }),
    [list, filter, shownIds, openEdit, readOnly, tags],
  );

  const header = (
    <PageHeader
      title="Stack Manager"
      subtitle="The services of your ideal stack, their products, categories and tags"
      readOnly={readOnly}
      link={{ text: 'Customer Success Admin', to: '/cs/admin', icon: 'arrow-left' }}
    />
  );
  if (loadError || list.loadError) {
    return (
      <div className="lci-page">
        {header}
        <PageLoadError
          title="The stack could not be loaded"
          error={loadError ?? list.loadError ?? ''}
          retry={() => void loadAll()}
          busy={false}
        />
      </div>
    );
  }
  if (!list.saved || !categories || !tags)
    return (
      <div className="lci-page">
        {header}
        <PageLoading what="the stack" />
      </div>
    );

  const saveEnabled = canSave({
    orderDirty: list.orderDirty,
    tagsDirty: list.tagsDirty,
    readOnly,
    loading: busy || list.saving,
  });
  const status = list.saving
    ? 'Saving…'
    : list.orderDirty
      ? 'Order changed: saved automatically in a few seconds'
      : list.tagsDirty
        ? 'Tags changed: saving…'
        : 'All changes saved';

  return (
    <div className="lci-page cs-stack-page">
      {header}
      <Tabs
        id="cs-stack-modes"
        selectedTabId={mode}
        onChange={(m) => setMode(m as Mode)}
        renderActiveTabPanelOnly
        large
      >
        <Tab
          id="stack"
          title="Stack Manager"
          panel={
            <section aria-label="Stack Manager">
              <div className="cs-stack-toolbar">
                <InputGroup
                  leftIcon="search"
                  placeholder="Search services by name"
                  aria-label="Search services"
                  value={filter.search}
                  onChange={(e) => setFilter({ ...filter, search: e.target.value })}
                  className="cs-stack-search"
                />
                <HTMLSelect
                  aria-label="Category filter"
                  value={filter.categoryId === null ? '' : String(filter.categoryId)}
                  onChange={(e) =>
                    setFilter({
                      ...filter,
                      categoryId:
                        e.target.value === '' ? null : e.target.value === 'none' ? 'none' : Number(e.target.value),
                    })
                  }
                  options={[
                    { value: '', label: 'All categories' },
                    { value: 'none', label: 'No category' },
                    ...categories.map((c) => ({ value: String(c.csStackCategoryId), label: c.moniker })),
                  ]}
                />
                <HTMLSelect
                  aria-label="Tag filter"
                  value={filter.tagId === null ? '' : String(filter.tagId)}
                  onChange={(e) =>
                    setFilter({ ...filter, tagId: e.target.value === '' ? null : Number(e.target.value) })
                  }
                  options={[
                    { value: '', label: 'All tags' },
                    ...tags.map((t) => ({ value: String(t.tagId), label: t.moniker })),
                  ]}
                />
                <Switch
                  label="Show deleted"
                  checked={showDeleted}
                  onChange={(e) => setShowDeleted((e.target as HTMLInputElement).checked)}
                  className="cs-stack-switch"
                />
                <span className="cs-stack-spacer" />
                {!readOnly && (
                  <span className="bp6-text-muted bp6-text-small" role="status" data-testid="stack-save-status">
                    {status}
                  </span>
                )}
                {!readOnly && list.orderDirty && <Button icon="undo" text="Revert Order" onClick={list.revertOrder} />}
                {!readOnly && (
                  <Button
                    intent="primary"
                    icon="floppy-disk"
                    text="Save"
                    disabled={!saveEnabled}
                    onClick={() => void list.saveNow()}
                  />
                )}
                <Button icon="tag" text={readOnly ? 'Tags' : 'Manage Tags'} onClick={() => setTagManager(true)} />
                {!readOnly && (
                  <Button intent="success" icon="add" text="Add Service" onClick={() => void openEdit(null)} />
                )}
              </div>
              {list.saveError && (
                <Callout intent="warning" role="alert" className="cs-stack-callout">
                  {list.saveError}{' '}
                  <Button size="small" variant="minimal" text="Dismiss" onClick={list.clearSaveError} />
                </Callout>
              )}
              {actionError && (
                <Callout intent="danger" role="alert" className="cs-stack-callout">
                  {actionError}
                </Callout>
              )}
              {showDeleted ? (
                <DeletedServices
                  services={deleted}
                  readOnly={readOnly}
                  onRestore={(id) =>
                    void run(async () => {
                      await list.saveNow();
                      await stackApi.restoreService(id);
                      await refreshServices();
                    })
                  }
                />
              ) : services.length === 0 ? (
                <div className="bp6-non-ideal-state cs-stack-empty">
                  <h4 className="bp6-heading">No services yet</h4>
                  <p className="bp6-text-muted">
                    Add the services of your ideal stack; companies are then aligned with each of them.
                  </p>
                </div>
              ) : (
                <>
                  {isFiltering(filter) && (
                    <p className="bp6-text-muted bp6-text-small">{`Showing ${shown.length} of ${services.length} services; positions are those of the whole stack.`}</p>
                  )}
                  <ServiceList
                    services={shown}
                    positions={positions}
                    categories={categories}
                    tags={tags}
                    readOnly={readOnly}
                    handlers={handlers}
                  />
                </>
              )}
            </section>
          }
        />
        <Tab
          id="categories"
          title="Category Manager"
          panel={
            <CategoryManager
              categories={categories}
              services={services}
              readOnly={readOnly}
              stackApi={stackApi}
              onDirty={setCategoriesDirty}
              onSaved={async () => {
                setCategories(await stackApi.categories());
                list.takeFresh(await stackApi.services(1));
              }}
            />
          }
        />
      </Tabs>
      <ServiceDialog
        service={dialog ? dialog.service : undefined}
        categories={categories}
        tags={tags}
        onSave={saveDialog}
        onClose={() => {
          setDialog(null);
          setDialogDirty(false);
        }}
        onDirty={setDialogDirty}
      />
      <TagTreatmentDialog request={removal} />
      <TagManagerDialog
        isOpen={tagManager}
        tags={tags}
        readOnly={readOnly}
        stackApi={stackApi}
        onTags={setTags}
        onClose={() => setTagManager(false)}
      />
      <Alert
        isOpen={confirmDelete !== null}
        intent="danger"
        icon="trash"
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        onCancel={() => setConfirmDelete(null)}
        onConfirm={() => {
          const s = confirmDelete;
          setConfirmDelete(null);
          if (s)
            void run(async () => {
              await list.saveNow();
              await stackApi.deleteService(s.serviceId);
              await refreshServices();
            });
        }}
      >
        {MSG_CONFIRM_DELETE}
      </Alert>
    </div>
  );
}
