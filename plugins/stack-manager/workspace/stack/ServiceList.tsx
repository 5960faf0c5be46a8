/**
 * The ordered list of services: HTML5 drag and drop (the drop indicator follows the pointer; dropping on a row's
 * middle takes its place), move buttons and Alt+Arrow keys. Only rows whose props change re-render.
 */
import { NonIdealState } from '@blueprintjs/core';
import { useMemo, useRef, useState } from 'react';
import type { DropPlacement } from '../../shared/stack-order';
import { ServiceRow, type RowHandlers, type RowZone } from './ServiceRow';
import type { StackCategory, StackService, StackTag } from './types';

interface Props {
  services: readonly StackService[];
  /** Positions in the whole list (a filtered list keeps the services' real positions). */
  positions: ReadonlyMap<number, number>;
  categories: readonly StackCategory[];
  tags: readonly StackTag[];
  readOnly: boolean;
  handlers: Omit<RowHandlers, 'onDragStart' | 'onDragOverRow' | 'onDropRow' | 'onDragEnd'> & {
    reorder(movedId: number, targetId: number, placement: DropPlacement): void;
    dragStart(): void;
    dragEnd(): void;
  };
}

export function ServiceList({ services, positions, categories, tags, readOnly, handlers }: Props) {
  const [dragId, setDragId] = useState<number | null>(null);
  const [hint, setHint] = useState<{ id: number; placement: DropPlacement } | null>(null);
  const state = useRef({
    dragId: null as number | null,
    hint: null as { id: number; placement: DropPlacement } | null,
    dropped: false,
  });
  const hRef = useRef(handlers);
  hRef.current = handlers;
  const posRef = useRef(positions);
  posRef.current = positions;
  const categoryNames = useMemo(() => new Map(categories.map((c) => [c.csStackCategoryId, c.moniker])), [categories]);

  const h = useMemo<RowHandlers>(() => {
    const keepFocus = (fn: () => void) => {
      const el = document.activeElement as HTMLElement | null;
      fn();
      requestAnimationFrame(() => {
        if (el && document.activeElement !== el && el.isConnected) el.focus();
      });
    };
    const setHintIfNew = (next: { id: number; placement: DropPlacement } | null) => {
      const cur = state.current.hint;
      if (cur?.id === next?.id && cur?.placement === next?.placement) return;
      state.current.hint = next;
      setHint(next);
    };
    return {
      onMove: (id, step) => keepFocus(() => hRef.current.onMove(id, step)),
      onEdit: (id) => hRef.current.onEdit(id),
      onDelete: (id) => hRef.current.onDelete(id),
      onTagAdd: (id, t) => hRef.current.onTagAdd(id, t),
      onTagRemove: (id, t) => hRef.current.onTagRemove(id, t),
      onPreferred: (id, p) => hRef.current.onPreferred(id, p),
      onDragStart: (id) => {
        state.current = { dragId: id, hint: null, dropped: false };
        setDragId(id);
        hRef.current.dragStart();
      },
      onDragOverRow: (id, zone: RowZone) => {
        const from = state.current.dragId;
        if (from === null || from === id) {
          setHintIfNew(null);
          return;
        }
        const movingDown = (posRef.current.get(from) ?? 0) < (posRef.current.get(id) ?? 0);
        setHintIfNew({
          id,
          placement: zone === 'top' ? 'before' : zone === 'bottom' ? 'after' : movingDown ? 'after' : 'before',
        });
      },
      onDropRow: (id) => {
        const { dragId: from, hint: at } = state.current;
        if (from !== null && at && at.id === id) hRef.current.reorder(from, id, at.placement);
        state.current.dropped = true;
      },
      onDragEnd: () => {
        state.current = { dragId: null, hint: null, dropped: false };
        setDragId(null);
        setHint(null);
        hRef.current.dragEnd();
      },
    };
  }, []);

  if (services.length === 0)
    return <NonIdealState icon="search" title="No services match" description="Change the search or the filters." />;
  return (
    <ul className="cs-stack-list" aria-label="Stack services">
      {services.map((s, i) => (
        <ServiceRow
          key={s.serviceId}
          service={s}
          position={positions.get(s.serviceId) ?? i + 1}
          first={i === 0}
          last={i === services.length - 1}
          categoryName={s.categoryId !== null ? (categoryNames.get(s.categoryId) ?? null) : null}
          tags={tags}
          readOnly={readOnly}
          dropHint={hint?.id === s.serviceId ? hint.placement : null}
          dragging={dragId === s.serviceId}
          h={h}
        />
      ))}
    </ul>
  );
}
