/** Slot visibility and order: what each user sees of the contributions (workspace/slots.ts). */
import { actionsFor, checkSlots, visibleFileExports, visibleSlots, type SlotViewer } from './slots';

const load = () => Promise.resolve({ default: () => null });
const viewer = (over: Partial<SlotViewer> = {}): SlotViewer => ({
  pages: [{ url: '/cs/company/detail', access_level: 'Read Only' }],
  isLciAdmin: false,
  isTenantAdmin: false,
  plugins: null,
  ...over,
});
const item = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  title: id,
  plugin: 'p',
  component: load,
  ...over,
});

test('orders by order, then by plugin load order for equal orders (default 100)', () => {
  const list = [item('late', { order: 200 }), item('defaultA'), item('first', { order: 1 }), item('defaultB')];
  expect(visibleSlots(list, viewer()).map((i) => i.id)).toEqual(['first', 'defaultA', 'defaultB', 'late']);
});

test('a permission key not in the access list hides the contribution; the trailing-slash rule applies; LCI admins see all', () => {
  const list = [
    item('ok', { page: '/cs/company/detail' }),
    item('no', { page: '/companies' }),
    item('slash', { page: '/cs/company/detail/' }),
    item('free'),
  ];
  expect(visibleSlots(list, viewer()).map((i) => i.id)).toEqual(['ok', 'slash', 'free']);
  expect(visibleSlots(list, viewer({ isLciAdmin: true })).map((i) => i.id)).toEqual(['ok', 'no', 'slash', 'free']);
  // Tenant admins are exempt from the access list, as on the server (common/access-rule.ts).
  expect(visibleSlots(list, viewer({ isTenantAdmin: true })).map((i) => i.id)).toEqual(['ok', 'no', 'slash', 'free']);
});

test("a contribution whose page needs a module the user lacks is hidden, as the page is (the session's pageModules)", () => {
  const list = [item('assets', { page: '/airdashboard' }), item('cs', { page: '/cs/company/detail' }), item('free')];
  const pageModules = { '/airdashboard': ['AIR', 'Core'] };
  const csOnly = viewer({ isTenantAdmin: true, modules: ['Customer Success'], pageModules });
  expect(visibleSlots(list, csOnly).map((i) => i.id)).toEqual(['cs', 'free']);
  expect(visibleSlots(list, { ...csOnly, modules: ['AIR'] }).map((i) => i.id)).toEqual(['assets', 'cs', 'free']);
  expect(visibleSlots(list, { ...csOnly, isLciAdmin: true }).map((i) => i.id)).toEqual(['assets', 'cs', 'free']);
});

test('admin-only and internal-only contributions follow the route rule', () => {
  const list = [item('admin', { requiresAdmin: true }), item('internal', { internalOnly: true })];
  expect(visibleSlots(list, viewer())).toEqual([]);
  expect(visibleSlots(list, viewer({ isTenantAdmin: true })).map((i) => i.id)).toEqual(['admin']);
  expect(visibleSlots(list, viewer({ isLciAdmin: true })).map((i) => i.id)).toEqual(['admin', 'internal']);
});

test('contributions of a plugin the session says is off are hidden', () => {
  const list = [item('on', { plugin: 'a' }), item('off', { plugin: 'b' })];
  expect(visibleSlots(list, viewer({ plugins: new Set(['a']) })).map((i) => i.id)).toEqual(['on']);
});

test('header actions match their page pattern', () => {
  const list = [
    { id: 'a', on: '/companies' },
    { id: 'b', on: '/meeting/:id' },
  ];
  expect(actionsFor(list, '/meeting/7').map((a) => a.id)).toEqual(['b']);
  expect(actionsFor(list, '/Companies').map((a) => a.id)).toEqual(['a']);
});

test('a malformed slot list is refused with the plugin and slot named', () => {
  expect(() => checkSlots('x', { companyDetailTabs: [{ id: 't', title: 'T' } as never] })).toThrow(
    'x: slots.companyDetailTabs.t needs component',
  );
  expect(() =>
    checkSlots('x', {
      companyDetailTabs: [
        { id: 't', title: 'T', component: load },
        { id: 't', title: 'U', component: load },
      ],
    }),
  ).toThrow('has id "t" twice');
  expect(() => checkSlots('x', { dashboardPanels: [{ id: 'd', title: 'D', component: load } as never] })).toThrow(
    'needs page',
  );
  expect(() => checkSlots('x', { pageHeaderActions: [{ id: 'h', title: 'H', on: '/companies' }] })).toThrow(
    'needs to, href or run',
  );
  expect(() =>
    checkSlots('x', { companyDetailTiles: [{ id: 't', title: 'T', page: 'companies', component: load }] }),
  ).toThrow('must start with /');
});

test('file exports: by kind, and with needsWrite only for users with Read/Write on the page', () => {
  const loader = () => Promise.resolve({ default: async () => undefined });
  const list = [
    {
      id: 'keep',
      title: 'Keep',
      plugin: 'p',
      kind: 'csv' as const,
      page: '/reportlocker',
      needsWrite: true,
      load: loader,
    },
    { id: 'free', title: 'Free', plugin: 'p', kind: 'csv' as const, load: loader },
    {
      id: 'img',
      title: 'Image',
      plugin: 'p',
      kind: 'chart' as const,
      page: '/reportlocker',
      needsWrite: true,
      load: loader,
    },
  ];
  const ids = (v: SlotViewer, kind: 'csv' | 'chart') => visibleFileExports(list, kind, v).map((i) => i.id);
  const readOnly = viewer({ pages: [{ url: '/reportlocker', access_level: 'Read Only' }] });
  const readWrite = viewer({ pages: [{ url: '/reportlocker', access_level: 'Read/Write' }] });
  expect(ids(viewer({ pages: [] }), 'csv')).toEqual(['free']);
  expect(ids(readOnly, 'csv')).toEqual(['free']);
  expect(ids(readWrite, 'csv')).toEqual(['keep', 'free']);
  expect(ids(readWrite, 'chart')).toEqual(['img']);
  expect(ids(viewer({ pages: [], isTenantAdmin: true }), 'chart')).toEqual(['img']);
  expect(ids(viewer({ ...readWrite, plugins: new Set(['other']) }), 'csv')).toEqual([]);
});

test('a malformed file export is refused: kind, load, and page when it needs write', () => {
  const loader = () => Promise.resolve({ default: async () => undefined });
  expect(() => checkSlots('x', { fileExports: [{ id: 'f', title: 'F', kind: 'pdf', load: loader } as never] })).toThrow(
    "x: slots.fileExports.f needs kind: 'csv' or 'chart'",
  );
  expect(() => checkSlots('x', { fileExports: [{ id: 'f', title: 'F', kind: 'csv' } as never] })).toThrow(
    'x: slots.fileExports.f needs load',
  );
  expect(() =>
    checkSlots('x', { fileExports: [{ id: 'f', title: 'F', kind: 'chart', needsWrite: true, load: loader }] }),
  ).toThrow('needs page');
  expect(() =>
    checkSlots('x', {
      fileExports: [{ id: 'f', title: 'F', kind: 'chart', page: '/a', needsWrite: true, load: loader }],
    }),
  ).not.toThrow();
});

test('support hub cards: need an /lcisupport/ page, a lazy figure if any, no component; internal-only ones for LCI admins', () => {
  expect(() => checkSlots('x', { supportHubCards: [{ id: 'c', title: 'C', page: '/support' }] })).toThrow(
    'x: slots.supportHubCards.c needs page: an /lcisupport/... url',
  );
  expect(() =>
    checkSlots('x', { supportHubCards: [{ id: 'c', title: 'C', page: '/lcisupport/x', figure: 'n' as never }] }),
  ).toThrow('figure must be');
  expect(() =>
    checkSlots('x', { supportHubCards: [{ id: 'c', title: 'C', page: '/lcisupport/x', figure: load as never }] }),
  ).not.toThrow();
  const cards = [{ id: 'c', title: 'C', plugin: 'p', page: '/lcisupport/x', internalOnly: true }];
  expect(visibleSlots(cards, viewer()).map((c) => c.id)).toEqual([]);
  expect(visibleSlots(cards, viewer({ isLciAdmin: true })).map((c) => c.id)).toEqual(['c']);
});
