/** Workspace extension points (workspace/extensions.ts): what a plugin may contribute or provide, and what a page reads. */
import { createExtensionPoint } from '../common/extension-point';
import {
  checkPointValues,
  contribute,
  pointContributions,
  provide,
  providedValue,
  registerPointValues,
} from './extensions';
import { visibleSlots, type SlotViewer } from './slots';

interface PanelDef {
  id: string;
  title: string;
  order?: number;
  page?: string;
  requiresAdmin?: boolean;
}
const panels = createExtensionPoint<PanelDef>('owner.panels', 'test panels');
const bar = createExtensionPoint<{ label: string }>('owner.bar', 'test bar');
const viewer = (over: Partial<SlotViewer> = {}): SlotViewer => ({
  pages: [{ url: '/owner', access_level: 'Read Only' }],
  isLciAdmin: false,
  isTenantAdmin: false,
  plugins: null,
  ...over,
});

test('contributions keep plugin load order and their plugin; the page sees those the user may see, by order', () => {
  registerPointValues('a', [
    contribute(panels, { id: 'late', title: 'Late', order: 200 }),
    contribute(panels, { id: 'admin', title: 'Admin', requiresAdmin: true }),
  ]);
  registerPointValues('b', [
    contribute(panels, { id: 'first', title: 'First', order: 1 }),
    contribute(panels, { id: 'hidden', title: 'Hidden', page: '/other' }),
  ]);
  expect(pointContributions(panels).map((c) => `${c.plugin}.${c.id}`)).toEqual([
    'a.late',
    'a.admin',
    'b.first',
    'b.hidden',
  ]);
  expect(visibleSlots(pointContributions(panels), viewer()).map((c) => c.id)).toEqual(['first', 'late']);
  expect(
    visibleSlots(pointContributions(panels), viewer({ isTenantAdmin: true, plugins: new Set(['a']) })).map((c) => c.id),
  ).toEqual(['admin', 'late']);
  expect(pointContributions(createExtensionPoint<PanelDef>('owner.none', 'none'))).toEqual([]);
});

test('the owner provides a value of its own point once; a dependent reads it; an absent one is a clear error', () => {
  expect(() => providedValue(bar)).toThrow('owner.bar is not provided');
  registerPointValues('owner', [], [provide(bar, { label: 'filters' })]);
  expect(providedValue(bar)).toEqual({ label: 'filters' });
  expect(() => registerPointValues('owner', [], [provide(bar, { label: 'again' })])).toThrow(
    'owner.bar is provided twice',
  );
  expect(providedValue(bar)).toEqual({ label: 'filters' });
});

test('malformed contributions and provisions are refused at load, naming the plugin and the point', () => {
  expect(() => checkPointValues('a', [contribute(panels, { id: 'x y', title: 'X' })])).toThrow(
    'a: extend owner.panels id "x y" must be letters',
  );
  expect(() => checkPointValues('a', [contribute(panels, { id: 'x', title: '' })])).toThrow('needs a title');
  expect(() => checkPointValues('a', [contribute(panels, { id: 'x', title: 'X', page: 'owner' })])).toThrow(
    'must start with /',
  );
  expect(() =>
    checkPointValues('a', [contribute(panels, { id: 'x', title: 'X' }), contribute(panels, { id: 'x', title: 'Y' })]),
  ).toThrow('has id "x" twice');
  expect(() => checkPointValues('a', [{ value: {} } as never])).toThrow(
    'a: extend needs contribute(point, value) items',
  );
  expect(() => checkPointValues('a', [], [provide(bar, { label: 'b' })])).toThrow(
    "a: provides owner.bar, a point of owner: only a point's owner provides it",
  );
  expect(() => checkPointValues('owner', [], [provide(bar, { label: 'b' }), provide(bar, { label: 'c' })])).toThrow(
    'provides owner.bar twice',
  );
  // The same id in two points is fine.
  const other = createExtensionPoint<PanelDef>('owner.other', 'other');
  expect(() =>
    checkPointValues(
      'a',
      [contribute(panels, { id: 'x', title: 'X' }), contribute(other, { id: 'x', title: 'X' })],
      [],
    ),
  ).not.toThrow();
});
