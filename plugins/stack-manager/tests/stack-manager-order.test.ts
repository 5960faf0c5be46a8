import { inOrderOf, moveByStep, moveNextTo, orderChanged, positionChanges, withPositions } from '../shared/stack-order';

const svc = (serviceId: number, sort: number, order = sort) => ({ serviceId, sort, order });
const ids = (l: readonly { serviceId: number }[]) => l.map((s) => s.serviceId);

describe('stack reordering: moving a service', () => {
  const list = [svc(1, 1), svc(2, 2), svc(3, 3), svc(4, 4)];

  it('drops a service before or after another', () => {
    expect(ids(moveNextTo(list, 4, 1, 'before'))).toEqual([4, 1, 2, 3]);
    expect(ids(moveNextTo(list, 1, 3, 'after'))).toEqual([2, 3, 1, 4]);
    expect(ids(moveNextTo(list, 1, 4, 'after'))).toEqual([2, 3, 4, 1]);
  });

  it('returns the same list when nothing moves (onto itself, to its own place, unknown ids)', () => {
    expect(moveNextTo(list, 2, 2, 'before')).toBe(list);
    expect(moveNextTo(list, 2, 3, 'before')).toBe(list);
    expect(moveNextTo(list, 9, 1, 'before')).toBe(list);
    expect(moveNextTo(list, 1, 9, 'before')).toBe(list);
  });

  it('moves one step up or down among the shown services, stopping at the ends', () => {
    expect(ids(moveByStep(list, 3, -1))).toEqual([1, 3, 2, 4]);
    expect(ids(moveByStep(list, 3, 1))).toEqual([1, 2, 4, 3]);
    expect(moveByStep(list, 1, -1)).toBe(list);
    expect(moveByStep(list, 4, 1)).toBe(list);
    // With a filter showing 1, 3 and 4: moving 4 up passes 3 (the shown neighbour); hidden 2 keeps its place before 3.
    expect(ids(moveByStep(list, 4, -1, new Set([1, 3, 4])))).toEqual([1, 2, 4, 3]);
    expect(ids(moveByStep(list, 1, 1, new Set([1, 3, 4])))).toEqual([2, 3, 1, 4]);
  });
});

describe('stack reordering: positions and the changed services', () => {
  it('rewrites sort and order to the 1-based position and keeps unchanged items as they are', () => {
    const a = svc(7, 1);
    const out = withPositions([a, svc(8, 5, 2), svc(9, 0, 0)]);
    expect(out[0]).toBe(a);
    expect(out.map((s) => [s.sort, s.order])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('sends only the services whose sort or order differs from their position', () => {
    const moved = moveNextTo([svc(1, 1), svc(2, 2), svc(3, 3), svc(4, 4)], 3, 1, 'before');
    expect(positionChanges(moved)).toEqual([
      { serviceId: 3, sort: 1, order: 1 },
      { serviceId: 1, sort: 2, order: 2 },
      { serviceId: 2, sort: 3, order: 3 },
    ]);
    expect(positionChanges([svc(1, 1), svc(2, 2, 5)])).toEqual([{ serviceId: 2, sort: 2, order: 2 }]);
    expect(positionChanges([svc(1, 1), svc(2, 2)])).toEqual([]);
  });

  it('knows when the order is dirty', () => {
    const saved = [svc(1, 1), svc(2, 2)];
    expect(orderChanged(saved, [svc(1, 1), svc(2, 2)])).toBe(false);
    expect(orderChanged(saved, [svc(2, 2), svc(1, 1)])).toBe(true);
    expect(orderChanged(saved, [svc(1, 1)])).toBe(true);
  });

  it("puts a list into another list's order, unknown items after the known ones (Revert Order, rebase after a save)", () => {
    const fresh = [svc(1, 1), svc(2, 2), svc(3, 3), svc(5, 4)];
    expect(ids(inOrderOf(fresh, [svc(3, 0), svc(1, 0), svc(2, 0)]))).toEqual([3, 1, 2, 5]);
  });
});
