/**
 * Stack reordering (customer-success.md section 4 "Stack reordering"): moving a service in the Stack Manager's list,
 * rewriting each service's sort and order to its position, and the services a save must send (only changed ones).
 * Positions are 1-based: the first service gets sort 1 and order 1.
 */

export interface OrderedItem {
  serviceId: number;
  sort: number;
  order: number;
}

export type DropPlacement = 'before' | 'after';

/**
 * Moves the item `movedId` next to `targetId` (before or after it). Returns the same array when nothing moves
 * (unknown ids, or dropping an item onto itself), so callers can skip the update.
 */
export function moveNextTo<T extends { serviceId: number }>(
  list: readonly T[],
  movedId: number,
  targetId: number,
  placement: DropPlacement,
): readonly T[] {
  if (movedId === targetId) return list;
  const from = list.findIndex((s) => s.serviceId === movedId);
  if (from < 0 || !list.some((s) => s.serviceId === targetId)) return list;
  const rest = list.filter((s) => s.serviceId !== movedId);
  const at = rest.findIndex((s) => s.serviceId === targetId) + (placement === 'after' ? 1 : 0);
  const next = [...rest.slice(0, at), list[from], ...rest.slice(at)];
  return next.every((s, i) => s === list[i]) ? list : next;
}

/**
 * Moves an item one step up (-1) or down (+1) among the items that are shown (`visibleIds`, e.g. the services a
 * search or filter leaves): it swaps places with the shown neighbour, hidden services keep their positions
 * relative to the others. At the top or bottom nothing moves (the same array is returned).
 */
export function moveByStep<T extends { serviceId: number }>(
  list: readonly T[],
  movedId: number,
  step: -1 | 1,
  visibleIds?: ReadonlySet<number>,
): readonly T[] {
  const shown = visibleIds ? list.filter((s) => visibleIds.has(s.serviceId)) : list;
  const i = shown.findIndex((s) => s.serviceId === movedId);
  const j = i + step;
  if (i < 0 || j < 0 || j >= shown.length) return list;
  return moveNextTo(list, movedId, shown[j].serviceId, step < 0 ? 'before' : 'after');
}

/** Each item with sort and order rewritten to its 1-based position. */
export function withPositions<T extends OrderedItem>(list: readonly T[]): T[] {
  return list.map((s, i) => (s.sort === i + 1 && s.order === i + 1 ? s : { ...s, sort: i + 1, order: i + 1 }));
}

/** True when some item's position differs from the saved list's (the order is dirty). */
export function orderChanged(
  saved: readonly { serviceId: number }[],
  current: readonly { serviceId: number }[],
): boolean {
  if (saved.length !== current.length) return true;
  return current.some((s, i) => s.serviceId !== saved[i].serviceId);
}

/**
 * The saved list in the current list's order where ids match: services only the saved list has (e.g. added
 * elsewhere) keep the saved order after the known ones. Used by Revert Order (current = the saved list's ids)
 * and after a save that answered while the user kept moving services (the fresh list in the user's order).
 */
export function inOrderOf<T extends { serviceId: number }>(
  items: readonly T[],
  order: readonly { serviceId: number }[],
): T[] {
  const pos = new Map(order.map((s, i) => [s.serviceId, i]));
  return items
    .map((s, i) => ({ s, k: pos.get(s.serviceId) ?? order.length + i }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.s);
}

/** Sort and order of the services whose position differs from their stored sort or order (what a save sends). */
export function positionChanges(list: readonly OrderedItem[]): { serviceId: number; sort: number; order: number }[] {
  const out: { serviceId: number; sort: number; order: number }[] = [];
  list.forEach((s, i) => {
    if (s.sort !== i + 1 || s.order !== i + 1) out.push({ serviceId: s.serviceId, sort: i + 1, order: i + 1 });
  });
  return out;
}
