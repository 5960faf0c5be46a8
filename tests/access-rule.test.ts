/**
 * One access rule on both sides (common/access-rule.ts): the same cases through the server's check of a call
 * (kernel/http/guard-pipeline.ts checkCaller, read and write) and through the workspace's guard (step 10 and the
 * route's module) and read-only lock (accessLevelFor, what useReadOnly reads). A page the browser opens is a page the
 * server answers; a page the browser shows writable is one the server lets the user write.
 */
import { checkCaller, type GuardTarget } from '../kernel/http/guard-pipeline';
import type { Kernel } from '../kernel/kernel';
import type { Caller, ModuleName, ModuleRequirement } from '../kernel/types';
import { moduleRequirementList } from '../common/access-rule';
import { accessLevelFor } from '../workspace/access';
import { runGuard } from '../workspace/guard';
import type { Session } from '../workspace/types';

type Level = 'Read Only' | 'Read/Write';
type Who = 'user' | 'tenantAdmin' | 'lciAdmin';
interface Case {
  name: string;
  who: Who;
  pages: [string, Level][];
  modules?: ModuleName[];
  path: string;
  module?: ModuleRequirement;
  /**
   * The browser learns the page's modules from the server's session answer (pageModules), as for a page whose
   * workspace route names none (the plugin's module), instead of from the route.
   */
  fromSession?: boolean;
  /** Expected on both sides: may open (read) and may write. */
  read: boolean;
  write: boolean;
}

const CASES: Case[] = [
  {
    name: 'exact entry',
    who: 'user',
    pages: [['/contracts', 'Read/Write']],
    path: '/contracts',
    read: true,
    write: true,
  },
  {
    name: 'read-only entry',
    who: 'user',
    pages: [['/contracts', 'Read Only']],
    path: '/contracts',
    read: true,
    write: false,
  },
  { name: 'v2 suffix', who: 'user', pages: [['/qbrv2', 'Read/Write']], path: '/qbr', read: true, write: true },
  {
    name: 'present suffix',
    who: 'user',
    pages: [['/qbrpresent', 'Read Only']],
    path: '/qbr',
    read: true,
    write: false,
  },
  {
    name: 'trailing slash of the path',
    who: 'user',
    pages: [['/assets', 'Read/Write']],
    path: '/assets/',
    read: true,
    write: true,
  },
  // The browser used to open these; the server refuses them.
  {
    name: '/qbr/ with entry /qbrv2',
    who: 'user',
    pages: [['/qbrv2', 'Read/Write']],
    path: '/qbr/',
    read: false,
    write: false,
  },
  {
    name: 'entry with a trailing slash',
    who: 'user',
    pages: [['/assets/', 'Read/Write']],
    path: '/assets',
    read: false,
    write: false,
  },
  {
    name: 'prefix is no match',
    who: 'user',
    pages: [['/contract', 'Read/Write']],
    path: '/contracts',
    read: false,
    write: false,
  },
  {
    name: 'case differs',
    who: 'user',
    pages: [['/Contracts', 'Read/Write']],
    path: '/contracts',
    read: false,
    write: false,
  },
  {
    name: 'not in the list',
    who: 'user',
    pages: [['/dashboard', 'Read/Write']],
    path: '/contracts',
    read: false,
    write: false,
  },
  // Tenant admins: exempt from the group's list on both sides (menu, guard, read-only lock, API).
  {
    name: 'tenant admin, page not in list',
    who: 'tenantAdmin',
    pages: [],
    path: '/contracts',
    read: true,
    write: true,
  },
  {
    name: 'tenant admin, read-only entry',
    who: 'tenantAdmin',
    pages: [['/contracts', 'Read Only']],
    path: '/contracts',
    read: true,
    write: true,
  },
  {
    name: 'LCI admin',
    who: 'lciAdmin',
    pages: [],
    modules: [],
    path: '/contracts',
    module: 'AIR',
    read: true,
    write: true,
  },
  // The route's module, as the server checks it.
  {
    name: 'module present',
    who: 'user',
    pages: [['/cs/dashboard', 'Read/Write']],
    modules: ['Core', 'Customer Success'],
    path: '/cs/dashboard',
    module: 'Customer Success',
    read: true,
    write: true,
  },
  {
    name: 'module missing',
    who: 'user',
    pages: [['/cs/dashboard', 'Read/Write']],
    modules: ['Core'],
    path: '/cs/dashboard',
    module: 'Customer Success',
    read: false,
    write: false,
  },
  {
    name: 'tenant admin without the module',
    who: 'tenantAdmin',
    pages: [],
    modules: ['Core'],
    path: '/cs/dashboard',
    module: 'Customer Success',
    read: false,
    write: false,
  },
  // "Any of" (the asset area: AIR or Core): one of them opens it, none refuses it.
  {
    name: 'any of: one of the modules',
    who: 'user',
    pages: [['/assetList', 'Read/Write']],
    modules: ['Customer Success', 'AIR'],
    path: '/assetList',
    module: ['AIR', 'Core'],
    read: true,
    write: true,
  },
  {
    name: 'any of: none of the modules',
    who: 'tenantAdmin',
    pages: [],
    modules: ['Customer Success', 'Assessment'],
    path: '/assetList',
    module: ['AIR', 'Core'],
    read: false,
    write: false,
  },
  {
    name: "the page's modules from the session answer",
    who: 'tenantAdmin',
    pages: [],
    modules: ['Customer Success'],
    path: '/assetList',
    module: ['AIR', 'Core'],
    fromSession: true,
    read: false,
    write: false,
  },
  {
    name: 'Any: no module needed',
    who: 'user',
    pages: [['/support', 'Read/Write']],
    modules: [],
    path: '/support',
    module: 'Any',
    read: true,
    write: true,
  },
];

const entries = (c: Case) => c.pages.map(([url, access_level]) => ({ url, access_level }));
const modulesOf = (c: Case): ModuleName[] => c.modules ?? ['Core'];

function caller(c: Case): Caller {
  return {
    userId: 1,
    username: 'u@example.com',
    tenantId: 5,
    homeTenantId: 5,
    securityGroupId: 1,
    originalSecurityGroupId: 1,
    isLciAdmin: c.who === 'lciAdmin',
    isInternal: c.who === 'lciAdmin',
    isTenantAdmin: c.who === 'tenantAdmin',
    isExternal: false,
    isSandboxTenant: false,
    allowImpersonationFlag: false,
    impersonation: null,
    pages: entries(c),
    modules: modulesOf(c),
    inMaintenance: false,
  };
}

function session(c: Case): Session {
  return {
    user: {
      username: 'u@example.com',
      name: 'U',
      firstName: 'U',
      lastName: 'U',
      phoneNumber: null,
      phoneNumberVerified: false,
      companyName: null,
      regionCode: 'ue1',
      pic: null,
      authenticatedUserId: 1,
      isLciAdmin: c.who === 'lciAdmin',
      isTenantAdmin: c.who === 'tenantAdmin',
      isSandboxTenant: false,
      isInternal: c.who === 'lciAdmin',
      allowImpersonationFlag: false,
      securityGroupId: 1,
      originalSecurityGroupId: 1,
      currentTenantId: 5,
      currentSpTenantId: null,
      userNotificationUuid: null,
      unifiedUserId: null,
      unifiedTenantId: null,
      mfaType: null,
      idProviderName: null,
    },
    tenant: { tenantId: 5, name: 'T', currency: 'USD', dateFormat: 'yyyy-mm-dd', regionCode: 'ue1' },
    tacAcceptance: true,
    userAccessPages: entries(c),
    inMaintenance: false,
    maintenanceMessage: '',
    modules: modulesOf(c),
    pageModules: c.fromSession ? { [c.path]: moduleRequirementList(c.module) } : {},
    flags: {},
    impersonation: null,
    plugins: [],
  };
}

/** The server: does a read (write) call of this page pass checkCaller? */
function server(c: Case, write: boolean): boolean {
  const target: GuardTarget = {
    owner: 'p',
    method: write ? 'POST' : 'GET',
    path: '/v3/x',
    page: c.path,
    module: c.module,
    write,
  };
  try {
    checkCaller({} as Kernel, caller(c), target);
    return true;
  } catch (e) {
    expect((e as { status?: number }).status).toBe(403);
    return false;
  }
}

/** The browser: does the guard open the page, and does the read-only lock leave it writable? */
function browser(c: Case): { read: boolean; write: boolean } {
  const s = session(c);
  const r = runGuard({
    path: c.path,
    from: '/elsewhere',
    route: { title: 'Page', page: c.path, module: c.fromSession ? undefined : c.module },
    signedIn: true,
    session: s,
    invalidLogin: false,
    inMaintenance: false,
    dirty: false,
    firstAccessiblePath: '/first',
  });
  const read = r.action === 'allow';
  return { read, write: read && accessLevelFor(s.userAccessPages, c.path, s.user) === 'Read/Write' };
}

describe.each(CASES)('$name', (c) => {
  test(`server: read ${c.read}, write ${c.write}`, () => {
    expect({ read: server(c, false), write: server(c, true) }).toEqual({ read: c.read, write: c.write });
  });
  test(`browser: read ${c.read}, write ${c.write}`, () => {
    expect(browser(c)).toEqual({ read: c.read, write: c.write });
  });
});

test("the browser's refusal of a missing module names it as the server does", () => {
  const c = CASES.find((x) => x.name === 'module missing')!;
  const s = session(c);
  const r = runGuard({
    path: c.path,
    from: '/elsewhere',
    route: { title: 'CS', page: c.path, module: c.module },
    signedIn: true,
    session: s,
    invalidLogin: false,
    inMaintenance: false,
    dirty: false,
    firstAccessiblePath: '/first',
  });
  expect(r).toMatchObject({ action: 'block', alert: 'This page requires the Customer Success module' });
  expect(() =>
    checkCaller({} as Kernel, caller(c), {
      owner: 'p',
      method: 'GET',
      path: '/x',
      page: c.path,
      module: c.module,
      write: false,
    }),
  ).toThrow('This page requires the Customer Success module');
});

test('an "any of" refusal names every module it would take, on both sides', () => {
  const c = CASES.find((x) => x.name === "the page's modules from the session answer")!;
  expect(browser(c)).toEqual({ read: false, write: false });
  const r = runGuard({
    path: c.path,
    from: '/elsewhere',
    route: { title: 'Assets', page: c.path },
    signedIn: true,
    session: session(c),
    invalidLogin: false,
    inMaintenance: false,
    dirty: false,
    firstAccessiblePath: '/first',
  });
  expect(r).toMatchObject({ action: 'block', alert: 'This page requires the AIR or Core module' });
  expect(() =>
    checkCaller({} as Kernel, caller(c), { owner: 'p', method: 'GET', path: '/x', module: c.module, write: false }),
  ).toThrow('This page requires the AIR or Core module');
});
