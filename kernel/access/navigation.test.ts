import { catalogRows, KERNEL_NAV } from './catalog';
import {
  navItemFromRow,
  navResponse,
  visibleModuleViews,
  visibleNavItems,
  type ModuleView,
  type NavItem,
  type Viewer,
} from './navigation';

const item = (url: string, o: Partial<NavItem> = {}): NavItem => ({
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
  headerNav: false,
  ...o,
});
const viewer = (o: Partial<Viewer> = {}): Viewer => ({
  pages: [],
  modules: ['Core', 'Customer Success'],
  isLciAdmin: false,
  isTenantAdmin: false,
  allPages: false,
  ...o,
});
const urls = (items: { url: string }[]) => items.map((i) => i.url).sort();

const catalog: NavItem[] = [
  item('/dashboard', { neverHide: false }),
  item('/datamanager'),
  item('/datamanagercompanies', { level: 2, parentUrl: '/datamanager' }),
  item('/contracts', { level: 2, parentUrl: '/datamanager', lciModules: ['Core'] }),
  item('/airpage', { level: 2, parentUrl: '/datamanager', lciModules: ['AIR'] }),
  item('/usermanager', { level: 2, parentUrl: '/settings', requiresAdmin: true }),
  item('/settings'),
  item('/lciadmin', { internalOnly: true }),
  item('/lciadmin/adminsummary', { level: 2, parentUrl: '/lciadmin' }),
  item('/support', { neverHide: true, headerNav: true }),
  item('/deep', { level: 3, parentUrl: '/contracts' }),
];

describe('navigation filtering by group', () => {
  test('an ordinary user sees the pages of the access list, neverHide items and the parents of visible children', () => {
    const v = viewer({
      pages: [
        { url: '/datamanagercompanies', access_level: 'Read Only' },
        { url: '/dashboardv2', access_level: 'Read/Write' },
        { url: '/usermanager', access_level: 'Read/Write' },
        { url: '/lciadmin/adminsummary', access_level: 'Read/Write' },
      ],
    });
    expect(urls(visibleNavItems(catalog, v))).toEqual([
      '/dashboard',
      '/datamanager',
      '/datamanagercompanies',
      '/support',
    ]);
  });
  test('modules hide items (and their children); admin items need a tenant admin; internal items an LCI admin', () => {
    const all = catalog.map((i) => ({ url: i.url, access_level: 'Read/Write' as const }));
    // /settings is in the list, but its only child (an admin page) is hidden: a group leading nowhere goes too.
    expect(urls(visibleNavItems(catalog, viewer({ pages: all, modules: ['Customer Success'] })))).toEqual([
      '/dashboard',
      '/datamanager',
      '/datamanagercompanies',
      '/support',
    ]);
    expect(urls(visibleNavItems(catalog, viewer({ pages: all, isTenantAdmin: true })))).toEqual([
      '/contracts',
      '/dashboard',
      '/datamanager',
      '/datamanagercompanies',
      '/deep',
      '/settings',
      '/support',
      '/usermanager',
    ]);
  });
  test('a menu group in the access list whose pages the viewer may not open is hidden, nested groups too', () => {
    const groups: NavItem[] = [
      item('/assessmentsGroup', { lciModules: ['Core', 'Assessment'] }),
      item('/assessments', { level: 2, parentUrl: '/assessmentsGroup', lciModules: ['Core', 'Assessment'] }),
      item('/outer'),
      item('/inner', { level: 2, parentUrl: '/outer' }),
      item('/leaf', { level: 3, parentUrl: '/inner' }),
      item('/page'),
    ];
    const listed = ['/assessmentsGroup', '/outer', '/inner', '/page'].map((url) => ({
      url,
      access_level: 'Read Only' as const,
    }));
    expect(urls(visibleNavItems(groups, viewer({ pages: listed })))).toEqual(['/page']);
    const withChild = [...listed, { url: '/assessments', access_level: 'Read Only' as const }];
    expect(urls(visibleNavItems(groups, viewer({ pages: withChild })))).toEqual([
      '/assessments',
      '/assessmentsGroup',
      '/page',
    ]);
  });
  test('an LCI admin sees every page, internal areas included, within the modules', () => {
    expect(urls(visibleNavItems(catalog, viewer({ isLciAdmin: true, allPages: true })))).toEqual([
      '/contracts',
      '/dashboard',
      '/datamanager',
      '/datamanagercompanies',
      '/deep',
      '/lciadmin',
      '/lciadmin/adminsummary',
      '/settings',
      '/support',
      '/usermanager',
    ]);
  });
  test('menus get items of level 2 or lower; headerNav separately; includedModules echoed', () => {
    const r = navResponse(catalog, viewer({ isLciAdmin: true, allPages: true }));
    expect(r.navItems.every((i) => i.level <= 2)).toBe(true);
    expect(urls(r.navItems)).not.toContain('/deep');
    expect(urls(r.headerNav)).toEqual(['/support']);
    expect(r.includedModules).toEqual(['Core', 'Customer Success']);
    expect(Object.keys(r.navItems[0]).sort()).toEqual([
      'icon',
      'internalOnly',
      'lciModules',
      'level',
      'neverHide',
      'parentUrl',
      'requiresAdmin',
      'sort',
      'title',
      'url',
    ]);
  });
  test('rows from the database map to items', () => {
    expect(
      navItemFromRow({
        url: '/x',
        title: 'X',
        level: '2',
        parent_url: '/p',
        icon: null,
        lci_modules: '{Core,"Customer Success",Bogus}',
        sort: 3,
        requires_admin: true,
        internal_only: false,
        never_hide: false,
        header_nav: false,
      }),
    ).toEqual(
      item('/x', {
        title: 'X',
        level: 2,
        parentUrl: '/p',
        lciModules: ['Core', 'Customer Success'],
        sort: 3,
        requiresAdmin: true,
      }),
    );
  });
});

describe('module views (sections 1 and 6)', () => {
  const views: ModuleView[] = [
    { text: 'Asset Insights', modules: ['AIR'], icon: 'desktop', disabled: false },
    { text: 'vCIO', modules: ['Core'], icon: 'briefcase', disabled: false },
    { text: 'Assessment Only', modules: ['Assessment'], icon: 'clipboard', disabled: false },
    { text: 'Customer Success', modules: ['Customer Success'], icon: 'heart', disabled: false },
  ];
  const texts = (v: ModuleView[]) => v.map((x) => x.text);
  test('filtered to views whose modules intersect the group modules', () => {
    expect(texts(visibleModuleViews(views, ['Core'], { assessmentOnly: true, airOnly: true }))).toEqual(['vCIO']);
    expect(
      texts(
        visibleModuleViews(views, ['Core', 'Customer Success', 'AIR', 'Assessment'], {
          assessmentOnly: true,
          airOnly: true,
        }),
      ),
    ).toEqual(['Asset Insights', 'vCIO', 'Assessment Only', 'Customer Success']);
    expect(visibleModuleViews(views, [], { assessmentOnly: true, airOnly: true })).toEqual([]);
  });
  test('Assessment Only hidden without assessment-only companies; AIR without AIR-only companies', () => {
    const every = ['Core', 'Customer Success', 'AIR', 'Assessment'] as const;
    expect(texts(visibleModuleViews(views, [...every], { assessmentOnly: false, airOnly: true }))).toEqual([
      'Asset Insights',
      'vCIO',
      'Customer Success',
    ]);
    expect(texts(visibleModuleViews(views, [...every], { assessmentOnly: true, airOnly: false }))).toEqual([
      'vCIO',
      'Assessment Only',
      'Customer Success',
    ]);
  });
});

describe('catalogue rows', () => {
  test('kernel entries, plugin nav items with the plugin module, and pages as level 3', () => {
    const rows = catalogRows([
      {
        id: 'p',
        module: 'Customer Success',
        navItems: [{ url: '/cs/dashboard', title: 'CS', level: 1 }],
        pages: [
          { url: '/cs/dashboard', title: 'CS', requiresAdmin: true },
          { url: '/cs/admin/x', title: 'X' },
          { url: '/lciadmin/thing', title: 'T', module: 'Any' },
        ],
      },
    ]);
    const by = new Map(rows.map((r) => [r.url, r]));
    for (const n of KERNEL_NAV) expect(by.get(n.url)?.plugin_id).toBe('kernel');
    expect(by.get('/lciadmin')?.internal_only).toBe(true);
    expect(by.get('/lcisupport')?.internal_only).toBe(true);
    expect(by.get('/cs/dashboard')).toMatchObject({
      level: 1,
      lci_modules: ['Customer Success'],
      requires_admin: true,
      plugin_id: 'p',
    });
    expect(by.get('/cs/admin/x')).toMatchObject({ level: 3, lci_modules: ['Customer Success'] });
    expect(by.get('/lciadmin/thing')).toMatchObject({ level: 3, lci_modules: [], internal_only: true });
  });
});
