import {
  accessCounts,
  buildRows,
  buildSavePayload,
  draftFromGroup,
  emptyDraft,
  filterRows,
  isDirty,
  mapServerError,
  moduleLabel,
  MSG_NAME_MAX,
  MSG_NAME_TAKEN,
  MSG_REQUIRED,
  setAccess,
  toggleModule,
  validateDraft,
  viewOf,
  type CatalogPage,
  type SecurityGroup,
} from './model';

const group: SecurityGroup = {
  security_group_id: 7,
  name: 'Account Managers',
  description: 'AMs',
  included_modules: ['Core', 'Customer Success'],
  is_admin_group: false,
  pages: [
    { url: '/dashboard', access_level: 'Read/Write' },
    { url: '/datamanager/companies', access_level: 'Read Only' },
  ],
  user_count: 1,
};

const catalog: CatalogPage[] = [
  { url: '/dashboard', title: 'Dashboard', level: 1, parentUrl: null, requiresAdmin: false },
  { url: '/datamanager', title: 'Data Manager', level: 1, parentUrl: null, requiresAdmin: false },
  { url: '/settings', title: 'Settings', level: 1, parentUrl: null, requiresAdmin: false },
  { url: '/datamanager/companies', title: 'Companies', level: 2, parentUrl: '/datamanager', requiresAdmin: false },
  { url: '/securitygroups', title: 'Security Groups', level: 2, parentUrl: '/settings', requiresAdmin: true },
  { url: '/reports/hidden', title: 'Hidden Report', level: 3, parentUrl: null, requiresAdmin: false },
];

describe('save payload', () => {
  it('sends trimmed texts, modules in canonical order and the whole page list sorted by url', () => {
    let d = draftFromGroup(group);
    d = { ...d, name: '  Sales  ', description: ' Sales team ' };
    d = toggleModule(d, 'AIR', true);
    d = setAccess(d, ['/securitygroups', '/datamanager'], 'Read Only');
    d = setAccess(d, ['/dashboard'], 'none');
    expect(buildSavePayload(d)).toEqual({
      name: 'Sales',
      description: 'Sales team',
      included_modules: ['Core', 'AIR', 'Customer Success'],
      is_admin_group: false,
      pages: [
        { url: '/datamanager', access_level: 'Read Only' },
        { url: '/datamanager/companies', access_level: 'Read Only' },
        { url: '/securitygroups', access_level: 'Read Only' },
      ],
    });
  });

  it('a new group starts with no modules and no pages', () => {
    expect(buildSavePayload({ ...emptyDraft(), name: 'X' })).toEqual({
      name: 'X',
      description: '',
      included_modules: [],
      is_admin_group: false,
      pages: [],
    });
  });

  it('toggling a module off removes it; toggling twice does not duplicate', () => {
    let d = draftFromGroup(group);
    d = toggleModule(toggleModule(d, 'Core', true), 'Core', true);
    expect(d.modules).toEqual(['Core', 'Customer Success']);
    expect(toggleModule(d, 'Core', false).modules).toEqual(['Customer Success']);
  });

  it('setAccess does not change the draft it is given', () => {
    const d = draftFromGroup(group);
    setAccess(d, ['/dashboard'], 'none');
    expect(d.access['/dashboard']).toBe('Read/Write');
  });
});

describe('dirty detection', () => {
  it('is clean for an unchanged group and for whitespace-only changes', () => {
    const initial = draftFromGroup(group);
    expect(isDirty(initial, draftFromGroup(group))).toBe(false);
    expect(isDirty(initial, { ...initial, name: 'Account Managers  ' })).toBe(false);
  });

  it('is dirty after a change of access, module, name or admin flag', () => {
    const initial = draftFromGroup(group);
    expect(isDirty(initial, setAccess(initial, ['/dashboard'], 'Read Only'))).toBe(true);
    expect(isDirty(initial, setAccess(initial, ['/settings'], 'Read/Write'))).toBe(true);
    expect(isDirty(initial, toggleModule(initial, 'Admin', true))).toBe(true);
    expect(isDirty(initial, { ...initial, name: 'AMs' })).toBe(true);
    expect(isDirty(initial, { ...initial, isAdminGroup: true })).toBe(true);
  });

  it('is clean again when a change is undone', () => {
    const initial = draftFromGroup(group);
    const changed = setAccess(initial, ['/dashboard'], 'Read Only');
    expect(isDirty(initial, setAccess(changed, ['/dashboard'], 'Read/Write'))).toBe(false);
  });
});

describe('validation', () => {
  it('requires a name, limits lengths and refuses a name another group has (any case)', () => {
    expect(validateDraft(emptyDraft()).name).toBe(MSG_REQUIRED);
    expect(validateDraft({ ...emptyDraft(), name: '   ' }).name).toBe(MSG_REQUIRED);
    expect(validateDraft({ ...emptyDraft(), name: 'x'.repeat(101) }).name).toBe(MSG_NAME_MAX);
    expect(validateDraft({ ...emptyDraft(), name: 'x'.repeat(100) }).name).toBeUndefined();
    expect(validateDraft({ ...emptyDraft(), name: ' administrators ' }, ['Administrators']).name).toBe(MSG_NAME_TAKEN);
    expect(validateDraft({ ...emptyDraft(), name: 'Ok', description: 'd'.repeat(501) }).description).toBe(
      'Max 500 characters',
    );
  });
});

describe('page rows', () => {
  it('lists menu entries with their children, then pages outside the menu, then unknown urls of the group', () => {
    const rows = buildRows(catalog, ['/old/page', '/dashboard']);
    expect(rows.map((r) => r.url)).toEqual([
      '/dashboard',
      '/datamanager',
      '/datamanager/companies',
      '/settings',
      '/securitygroups',
      '/reports/hidden',
      '/old/page',
    ]);
    expect(rows.find((r) => r.url === '/securitygroups')).toMatchObject({
      location: 'Under Settings',
      depth: 1,
      requiresAdmin: true,
      inCatalog: true,
    });
    expect(rows.find((r) => r.url === '/reports/hidden')).toMatchObject({ location: 'Not in menu', depth: 0 });
    expect(rows.find((r) => r.url === '/old/page')).toMatchObject({ inCatalog: false });
  });

  it('search matches title, url and location; the filter keeps pages with or without access', () => {
    const rows = buildRows(catalog);
    const d = draftFromGroup(group);
    expect(filterRows(rows, d, 'compan').map((r) => r.url)).toEqual(['/datamanager/companies']);
    expect(filterRows(rows, d, 'SETTINGS').map((r) => r.url)).toEqual(['/settings', '/securitygroups']);
    expect(filterRows(rows, d, '', 'granted').map((r) => r.url)).toEqual(['/dashboard', '/datamanager/companies']);
    expect(filterRows(rows, d, '', 'none')).toHaveLength(4);
  });

  it('"set all" on the shown rows changes only those', () => {
    const rows = buildRows(catalog);
    const d = draftFromGroup(group);
    const shown = filterRows(rows, d, 'settings').map((r) => r.url);
    const next = setAccess(d, shown, 'Read/Write');
    expect(accessCounts(next.access)).toEqual({ readWrite: 3, readOnly: 1, total: 4 });
    expect(
      accessCounts(
        setAccess(
          next,
          rows.map((r) => r.url),
          'none',
        ).access,
      ).total,
    ).toBe(0);
  });
});

describe('server errors', () => {
  it('puts field messages next to their fields', () => {
    const m = mapServerError({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid body: ...',
      fields: [
        { path: 'body.name', message: 'Required.' },
        { path: 'body.pages.2.url', message: '/x is listed twice' },
        { path: 'body.included_modules.0', message: 'Invalid option' },
      ],
    });
    expect(m.fields).toEqual({
      name: 'Required.',
      pages: '/x is listed twice (pages.2.url)',
      modules: 'Invalid option',
    });
    expect(m.message).toBeNull();
  });

  it('keeps other messages for the callout', () => {
    expect(
      mapServerError({
        status: 400,
        message: 'Invalid body: body Nothing to update',
        fields: [{ path: 'body', message: 'Nothing to update' }],
      }).message,
    ).toBe('Nothing to update');
    expect(mapServerError({ status: 403, message: 'This page requires Admin Access' })).toEqual({
      fields: {},
      message: 'This page requires Admin Access',
    });
  });

  it('a duplicate name (409 duplicate) is a name error', () => {
    expect(
      mapServerError({ status: 409, code: 'duplicate', message: 'A record with these values already exists' }),
    ).toEqual({ fields: { name: MSG_NAME_TAKEN }, message: null });
  });
});

describe('views and labels', () => {
  it('maps the wildcard of /securitygroups/* to a view', () => {
    expect(viewOf(undefined)).toEqual({ kind: 'list' });
    expect(viewOf('')).toEqual({ kind: 'list' });
    expect(viewOf('new')).toEqual({ kind: 'new' });
    expect(viewOf('12/')).toEqual({ kind: 'edit', id: 12 });
    expect(viewOf('0')).toEqual({ kind: 'unknown' });
    expect(viewOf('abc')).toEqual({ kind: 'unknown' });
  });

  it('shows Core as vCIO', () => {
    expect(moduleLabel('Core')).toBe('vCIO');
    expect(moduleLabel('AIR')).toBe('AIR');
  });
});
