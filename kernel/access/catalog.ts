/**
 * The navigation and page catalogue (nav_items): the kernel's own entries plus
 * every plugin's navItems and pages, upserted on each start (idempotent).
 * Menu entries have level 1 or 2; pages that are no menu entry are kept as
 * level 3 so the access-list editor and the guard know them.
 */
import type { Kernel } from '../kernel';
import type { LoadedPlugin, NavItemDef, PageDef } from '../plugin';
import type { ModuleName, ModuleRequirement } from '../types';
import { moduleRequirementList } from '../../common/access-rule';

const KERNEL_OWNER = 'kernel';
export const SECURITY_GROUPS_PAGE = '/securitygroups';
export const USER_MANAGER_PAGE = '/usermanager';
/** Realtime store target telling open workspaces that their access (groups, pages, rights) changed. */
export const ACCESS_CHANGED_TARGET = 'lci.accessChanged';
const PAGE_LEVEL = 3;

/** The kernel's own navigation: home, settings, and the internal admin and support areas. */
export const KERNEL_NAV: NavItemDef[] = [
  { url: '/dashboard', title: 'Dashboard', level: 1, icon: 'dashboard', sort: 0 },
  { url: '/settings', title: 'Settings', level: 1, icon: 'cog', sort: 900 },
  {
    url: USER_MANAGER_PAGE,
    title: 'User Manager',
    level: 2,
    parentUrl: '/settings',
    icon: 'user',
    sort: 10,
    requiresAdmin: true,
  },
  {
    url: SECURITY_GROUPS_PAGE,
    title: 'Security Groups',
    level: 2,
    parentUrl: '/settings',
    icon: 'people',
    sort: 20,
    requiresAdmin: true,
  },
  { url: '/lciadmin', title: 'LCI Admin', level: 1, icon: 'shield', sort: 990, internalOnly: true },
  {
    url: '/lciadmin/adminsummary',
    title: 'Admin Summary',
    level: 2,
    parentUrl: '/lciadmin',
    icon: 'th',
    sort: 1,
    internalOnly: true,
  },
  { url: '/lcisupport', title: 'LCI Support', level: 1, icon: 'wrench', sort: 995, internalOnly: true },
];
export const KERNEL_PAGES: PageDef[] = [
  // Every signed-in user's own profile (issue 15 A4): open to all (neverHide), exempt from the company limit.
  { url: '/profile', title: 'Profile', module: 'Any', neverHide: true },
  { url: SECURITY_GROUPS_PAGE, title: 'Security Groups', requiresAdmin: true, module: 'Any' },
  { url: USER_MANAGER_PAGE, title: 'User Manager', requiresAdmin: true, module: 'Any' },
];

interface CatalogRow {
  url: string;
  title: string;
  parent_url: string | null;
  level: number;
  icon: string | null;
  lci_modules: ModuleName[];
  sort: number;
  requires_admin: boolean;
  internal_only: boolean;
  never_hide: boolean;
  header_nav: boolean;
  plugin_id: string;
}

/** The modules of a requirement, any one of which meets it (none for 'Any' or nothing). */
export function requiredModules(required: ModuleRequirement | undefined): ModuleName[] {
  return moduleRequirementList(required) as ModuleName[];
}

function fromNav(owner: string, n: NavItemDef, defaultModule?: ModuleRequirement): CatalogRow {
  return {
    url: n.url,
    title: n.title,
    parent_url: n.parentUrl ?? null,
    level: n.level,
    icon: n.icon ?? null,
    lci_modules: n.modules ?? requiredModules(defaultModule),
    sort: n.sort ?? 0,
    requires_admin: !!n.requiresAdmin,
    internal_only: !!n.internalOnly || /^\/(lciadmin|lcisupport)(\/|$)/.test(n.url),
    never_hide: !!n.neverHide,
    header_nav: !!n.headerNav,
    plugin_id: owner,
  };
}

function pageModules(p: PageDef, defaultModule?: ModuleRequirement): ModuleName[] {
  return requiredModules(p.module ?? defaultModule);
}

/**
 * The modules each page needs (its own `module`, else its plugin's), any one of which opens it: what the session
 * answers as `pageModules` and the workspace's guard checks (step 10b), as the server checks the page's routes. Pages
 * that need none are left out. A page with no requirement of its own or of its plugin is an error (kernel start):
 * 'Any' says "none" out loud.
 */
function pageModuleRequirements(
  plugins: readonly Pick<LoadedPlugin, 'id' | 'pages' | 'module'>[],
): Record<string, ModuleName[]> {
  const out: Record<string, ModuleName[]> = {};
  const owners = [{ id: KERNEL_OWNER, pages: KERNEL_PAGES, module: 'Any' as const }, ...plugins];
  for (const p of owners)
    for (const page of p.pages ?? []) {
      const required = page.module ?? p.module;
      if (required === undefined)
        throw new Error(
          `${p.id}: page ${page.url} declares no module and its plugin none either: set the plugin's \`module\` or the page's ('Any' for none)`,
        );
      const modules = requiredModules(required);
      if (modules.length) out[page.url] = modules;
    }
  return out;
}

const pageModulesByKernel = new WeakMap<Kernel, Readonly<Record<string, ModuleName[]>>>();

/** This kernel's pageModuleRequirements (computed once: the plugins do not change while it runs). */
export function pageModulesOf(k: Kernel): Readonly<Record<string, ModuleName[]>> {
  let m = pageModulesByKernel.get(k);
  if (!m) {
    m = Object.freeze(pageModuleRequirements(k.plugins));
    pageModulesByKernel.set(k, m);
  }
  return m;
}

/** The rows the catalogue should hold for these plugins (pure; later owners win a url clash). */
export function catalogRows(
  plugins: Pick<LoadedPlugin, 'id' | 'navItems' | 'pages' | 'module'>[],
  warn: (msg: string) => void = () => {},
): CatalogRow[] {
  const rows = new Map<string, CatalogRow>();
  const owners = [{ id: KERNEL_OWNER, navItems: KERNEL_NAV, pages: KERNEL_PAGES, module: undefined }, ...plugins];
  for (const p of owners) {
    for (const n of p.navItems ?? []) {
      const prev = rows.get(n.url);
      if (prev && prev.plugin_id !== p.id) warn(`nav item ${n.url} of ${p.id} replaces the one of ${prev.plugin_id}`);
      rows.set(n.url, fromNav(p.id, n, p.module));
    }
  }
  for (const p of owners) {
    for (const page of p.pages ?? []) {
      const prev = rows.get(page.url);
      if (prev) {
        // A page that is also a menu entry: its access flags apply to the entry.
        prev.requires_admin ||= !!page.requiresAdmin;
        prev.internal_only ||= !!page.internalOnly;
        prev.never_hide ||= !!page.neverHide;
        if (!prev.lci_modules.length && page.module) prev.lci_modules = requiredModules(page.module);
        continue;
      }
      rows.set(page.url, {
        url: page.url,
        title: page.title,
        parent_url: null,
        level: PAGE_LEVEL,
        icon: null,
        lci_modules: pageModules(page, p.module),
        sort: 0,
        requires_admin: !!page.requiresAdmin,
        internal_only: !!page.internalOnly || /^\/(lciadmin|lcisupport)(\/|$)/.test(page.url),
        never_hide: !!page.neverHide,
        header_nav: false,
        plugin_id: p.id,
      });
    }
  }
  return [...rows.values()];
}

/** Rows of `want` that `have` lacks or holds with other values (compared field by field). */
function changedCatalogRows(want: CatalogRow[], have: CatalogRow[]): CatalogRow[] {
  const held = new Map(have.map((r) => [r.url, r]));
  const fields = (r: CatalogRow) =>
    JSON.stringify([
      r.title,
      r.parent_url,
      Number(r.level),
      r.icon,
      [...(r.lci_modules ?? [])],
      Number(r.sort),
      !!r.requires_admin,
      !!r.internal_only,
      !!r.never_hide,
      !!r.header_nav,
      r.plugin_id,
    ]);
  return want.filter((r) => {
    const h = held.get(r.url);
    return !h || fields(h) !== fields(r);
  });
}

/** Brings nav_items in line with the plugins: one read, then writes only for what changed (a start with nothing new writes nothing). */
export async function syncCatalog(k: Kernel): Promise<void> {
  // Every page declares its modules (or its plugin does): a start with one that does not fails here.
  pageModulesOf(k);
  const rows = catalogRows(k.plugins, (m) => k.log.warn(m));
  const wanted = new Set(rows.map((r) => r.url));
  await k.db.withSystem(async (trx) => {
    const have = (await trx('nav_items').select(
      'url',
      'title',
      'parent_url',
      'level',
      'icon',
      'lci_modules',
      'sort',
      'requires_admin',
      'internal_only',
      'never_hide',
      'header_nav',
      'plugin_id',
    )) as CatalogRow[];
    const changed = changedCatalogRows(rows, have);
    if (changed.length) await trx('nav_items').insert(changed).onConflict('url').merge();
    // Entries of plugins that are gone or switched off; rows without an owner (added by admins) stay.
    const gone = have.filter((r) => r.plugin_id !== null && !wanted.has(r.url)).map((r) => r.url);
    if (gone.length) await trx('nav_items').whereIn('url', gone).delete();
  });
}
