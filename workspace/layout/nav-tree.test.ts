import { buildNavTree } from './nav-tree';
import type { NavItem } from '../types';

const item = (url: string, over: Partial<NavItem> = {}): NavItem => ({
  url,
  title: url,
  level: 1,
  parentUrl: null,
  icon: null,
  lciModules: [],
  sort: 0,
  neverHide: false,
  requiresAdmin: false,
  internalOnly: false,
  ...over,
});

test('shows level 2 or lower, nests children under parents, sorts', () => {
  const tree = buildNavTree(
    [
      item('/b', { sort: 2 }),
      item('/a', { sort: 1 }),
      item('/a/x', { level: 2, parentUrl: '/a', sort: 1 }),
      item('/a/x/deep', { level: 3, parentUrl: '/a/x' }),
    ],
    null,
  );
  expect(tree.map((n) => n.item.url)).toEqual(['/a', '/b']);
  expect(tree[0].children.map((n) => n.item.url)).toEqual(['/a/x']);
  expect(tree[0].children[0].children).toEqual([]);
});
test('filters by the module view unless neverHide or no modules', () => {
  const view = { text: 'Customer Success', modules: ['Customer Success'], icon: null, disabled: false };
  const tree = buildNavTree(
    [
      item('/core', { lciModules: ['Core'] }),
      item('/cs', { lciModules: ['Customer Success'] }),
      item('/any'),
      item('/keep', { lciModules: ['Core'], neverHide: true }),
    ],
    view,
  );
  expect(tree.map((n) => n.item.url).sort()).toEqual(['/any', '/cs', '/keep']);
});
