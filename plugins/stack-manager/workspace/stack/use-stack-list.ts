/**
 * The Stack Manager's list state: the services as saved and as the user arranged them, the pending tag deletions
 * with their treatment, and the auto-save (shared/stack-manager-saver.ts: a reorder saves 3 s after the last move,
 * a tag change after 500 ms, a preferred product at once; a drag start clears the timers; leaving the page saves).
 * A save sends only the changed services (shared/stack-manager.ts orderAndTagsSave) and takes the fresh list the
 * server answers, keeping moves the user made while it ran.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../../workspace/sdk';
import type { TagDeletionTreatment } from '../../shared/stack-catalogue';
import {
  keepDeletions,
  orderAndTagsSave,
  preferredChanges,
  rebaseOnFresh as rebase,
  tagChanges,
  togglePreferred as flipPreferred,
  withDeletion,
  type TagDeletion,
} from '../../shared/stack-manager';
import {
  createStackSaver,
  ORDER_SAVE_DELAY_MS,
  PREFERRED_SAVE_DELAY_MS,
  TAG_SAVE_DELAY_MS,
} from '../../shared/stack-manager-saver';
import { inOrderOf, moveByStep, moveNextTo, orderChanged, type DropPlacement } from '../../shared/stack-order';
import type { StackApi } from './stack-api';
import type { StackService } from './types';

export const MSG_STALE = 'The stack was changed elsewhere in the meantime; the list has been reloaded.';

export function useStackList(stackApi: StackApi, readOnly: boolean) {
  const [saved, setSavedState] = useState<StackService[] | null>(null);
  const [current, setCurrentState] = useState<StackService[]>([]);
  const [deletions, setDeletionsState] = useState<TagDeletion[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const savedRef = useRef<StackService[]>([]);
  const currentRef = useRef<StackService[]>([]);
  const deletionsRef = useRef<TagDeletion[]>([]);
  const setSaved = (l: StackService[]) => {
    savedRef.current = l;
    setSavedState(l);
  };
  const setCurrent = (l: StackService[]) => {
    currentRef.current = l;
    setCurrentState(l);
  };
  const setDeletions = (l: TagDeletion[]) => {
    deletionsRef.current = l;
    setDeletionsState(l);
  };

  const load = useCallback(async () => {
    try {
      setLoadError(null);
      const list = await stackApi.services(1);
      setSaved(list);
      setCurrent(list);
      setDeletions([]);
    } catch (e) {
      setLoadError((e as Error).message);
    }
  }, [stackApi]);

  /** Takes a fresh list of every active service (an answer of a save, delete or restore). */
  const takeFresh = useCallback((fresh: StackService[]) => {
    const base = savedRef.current;
    setSaved(fresh);
    setCurrent(rebase(currentRef.current, base, fresh));
    setDeletions(
      keepDeletions(deletionsRef.current, (id) => currentRef.current.find((s) => s.serviceId === id)?.tagIds),
    );
  }, []);

  const saveNow = useCallback(async (): Promise<boolean> => {
    if (readOnly) return true;
    const body = orderAndTagsSave(savedRef.current, currentRef.current, deletionsRef.current);
    if (!body) return true;
    const sentCurrent = currentRef.current;
    const sentDeletions = deletionsRef.current;
    setSaving(true);
    try {
      const answer = await stackApi.saveServices(body.services, body.tagDeletions);
      const fresh = answer.tenantCsStackServices;
      setSaved(fresh);
      setCurrent(currentRef.current === sentCurrent ? fresh : rebase(currentRef.current, sentCurrent, fresh));
      setDeletions(deletionsRef.current.filter((d) => !sentDeletions.includes(d)));
      setSaveError(null);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setSaveError(MSG_STALE);
        await load();
        return true;
      }
      setSaveError(`The changes could not be saved: ${(e as Error).message}`);
      return false;
    } finally {
      setSaving(false);
    }
  }, [stackApi, readOnly, load]);

  const saveRef = useRef(saveNow);
  saveRef.current = saveNow;
  const saver = useMemo(
    () =>
      createStackSaver({
        save: () => saveRef.current(),
        setTimer: (fn, ms) => setTimeout(fn, ms),
        clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      }),
    [],
  );
  // Leaving the page saves what is pending.
  useEffect(
    () => () => {
      void saver.flush();
    },
    [saver],
  );

  const reorder = useCallback(
    (movedId: number, targetId: number, placement: DropPlacement) => {
      if (readOnly) return;
      const next = moveNextTo(currentRef.current, movedId, targetId, placement);
      if (next === currentRef.current) return;
      setCurrent([...next]);
      saver.request('order', ORDER_SAVE_DELAY_MS);
    },
    [readOnly, saver],
  );

  const moveStep = useCallback(
    (movedId: number, step: -1 | 1, visibleIds?: ReadonlySet<number>) => {
      if (readOnly) return;
      const next = moveByStep(currentRef.current, movedId, step, visibleIds);
      if (next === currentRef.current) return;
      setCurrent([...next]);
      saver.request('order', ORDER_SAVE_DELAY_MS);
    },
    [readOnly, saver],
  );

  const isOrderDirty = () => orderChanged(savedRef.current, currentRef.current);
  const isTagsDirty = () =>
    tagChanges(savedRef.current, currentRef.current).length > 0 || deletionsRef.current.length > 0;

  /** A drag starts: no auto-save in the middle of it. */
  const dragStart = useCallback(() => {
    saver.clear();
  }, [saver]);
  /** A drag ends (dropped or abandoned): pending changes get their auto-save again. */
  const dragEnd = useCallback(() => {
    if (isOrderDirty()) saver.request('order', ORDER_SAVE_DELAY_MS);
    if (isTagsDirty()) saver.request('tags', TAG_SAVE_DELAY_MS);
  }, [saver]);

  const revertOrder = useCallback(() => {
    saver.clear();
    setCurrent(inOrderOf(currentRef.current, savedRef.current));
    if (isTagsDirty()) saver.request('tags', TAG_SAVE_DELAY_MS);
  }, [saver]);

  const setTags = useCallback(
    (serviceId: number, tagIds: number[]) => {
      if (readOnly) return;
      setCurrent(currentRef.current.map((s) => (s.serviceId === serviceId ? { ...s, tagIds } : s)));
      setDeletions(
        keepDeletions(deletionsRef.current, (id) => currentRef.current.find((s) => s.serviceId === id)?.tagIds),
      );
      saver.request('tags', TAG_SAVE_DELAY_MS);
    },
    [readOnly, saver],
  );

  /** A tag leaves a service with the treatment the user chose for the companies' alignment items. */
  const removeTag = useCallback(
    (serviceId: number, tagId: number, treatment: TagDeletionTreatment) => {
      if (readOnly) return;
      const s = currentRef.current.find((x) => x.serviceId === serviceId);
      if (!s) return;
      setCurrent(
        currentRef.current.map((x) =>
          x.serviceId === serviceId ? { ...x, tagIds: x.tagIds.filter((t) => t !== tagId) } : x,
        ),
      );
      const wasSaved = savedRef.current.find((x) => x.serviceId === serviceId)?.tagIds.includes(tagId);
      if (wasSaved) setDeletions(withDeletion(deletionsRef.current, { serviceId, tagId, treatment }));
      saver.request('tags', TAG_SAVE_DELAY_MS);
    },
    [readOnly, saver],
  );

  const togglePreferred = useCallback(
    (serviceId: number, productId: number) => {
      if (readOnly) return;
      setCurrent(
        currentRef.current.map((s) => {
          if (s.serviceId !== serviceId) return s;
          const products = flipPreferred(s.products, productId) as StackService['products'];
          return {
            ...s,
            products,
            preferredProducts: products.filter((p) => p.preferredFlag === 1).map((p) => p.productId),
          };
        }),
      );
      saver.request('preferred', PREFERRED_SAVE_DELAY_MS);
    },
    [readOnly, saver],
  );

  const orderDirty = saved ? orderChanged(saved, current) : false;
  const tagsDirty = saved ? tagChanges(saved, current).length > 0 || deletions.length > 0 : false;
  const preferredDirty = saved ? preferredChanges(saved, current).length > 0 : false;

  return {
    saved,
    services: current,
    latest: () => currentRef.current,
    loadError,
    saveError,
    saving,
    orderDirty,
    tagsDirty,
    preferredDirty,
    load,
    takeFresh,
    saveNow: () => saver.flush(),
    reorder,
    moveStep,
    dragStart,
    dragEnd,
    revertOrder,
    setTags,
    removeTag,
    togglePreferred,
    isSavedTag: (serviceId: number, tagId: number) =>
      Boolean(savedRef.current.find((x) => x.serviceId === serviceId)?.tagIds.includes(tagId)),
    clearSaveError: () => setSaveError(null),
  };
}
