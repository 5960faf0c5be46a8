/** A plugin's page declaration and what the server and the workspace derive from it (common/pages.ts). */
import { declarePages, navItemDefs, pageDefs, pageNavIcons, pageRouteMetas } from './pages';

const d = declarePages({
  navGroups: [{ url: '/group', title: 'Group', level: 1, icon: 'database', modules: ['Core'], sort: 5 }],
  pages: [
    {
      url: '/a',
      title: 'Page A',
      requiresAdmin: true,
      icon: 'cog',
      nav: { title: 'A', level: 2, parent: '/group', sort: 10 },
    },
    { url: '/b', title: 'Page B', internalOnly: true, module: 'Any', route: { page: false } },
    { url: '/c', title: 'Page C', route: { path: '/c/*' } },
    { url: '/d', title: 'Server only', route: false },
  ],
});

test('the server gets each page once and a nav entry per group and placed page, admin flags carried over', () => {
  expect(pageDefs(d)).toEqual([
    { url: '/a', title: 'Page A', requiresAdmin: true },
    { url: '/b', title: 'Page B', internalOnly: true, module: 'Any' },
    { url: '/c', title: 'Page C' },
    { url: '/d', title: 'Server only' },
  ]);
  expect(navItemDefs(d)).toEqual([
    { url: '/group', title: 'Group', level: 1, icon: 'database', modules: ['Core'], sort: 5 },
    { url: '/a', title: 'A', level: 2, parentUrl: '/group', icon: 'cog', sort: 10, requiresAdmin: true },
  ]);
});

test('the workspace gets a route per routed page with the same title and permission key, and the icons', () => {
  expect(pageRouteMetas(d)).toEqual([
    { url: '/a', meta: { path: '/a', title: 'Page A', requiresAdmin: true } },
    { url: '/b', meta: { path: '/b', title: 'Page B', page: false, internalOnly: true, module: 'Any' } },
    { url: '/c', meta: { path: '/c/*', title: 'Page C', page: '/c' } },
  ]);
  expect(pageNavIcons(d)).toEqual({ '/group': 'database', '/a': 'cog' });
});

test('a url declared twice or without a leading slash is refused', () => {
  expect(() =>
    declarePages({ pages: [{ url: '/x', title: 'X' }], navGroups: [{ url: '/x', title: 'Y', level: 1 }] }),
  ).toThrow('page "/x" is declared twice');
  expect(() => declarePages({ pages: [{ url: 'x', title: 'X' }] })).toThrow('must start with /');
  expect(() => declarePages({ pages: [{ url: '/x', title: '' }] })).toThrow('needs a title');
});
