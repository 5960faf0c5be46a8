/**
 * A plugin's pages, declared once (plugins/<id>/shared/pages.ts) and read by both sides:
 * - the server: `pages: pageDefs(PAGES)`, `navItems: navItemDefs(PAGES)` in plugin.ts (the access catalogue and
 *   the navigation the kernel syncs, kernel/access);
 * - the workspace: `routes: pageRoutes(PAGES, { [url]: () => import('./Page') })` and `navIcons: pageNavIcons(PAGES)`
 *   (workspace/sdk.ts), so a route's path, title and permission key come from here and the workspace adds only the
 *   component.
 *
 *   export const PAGES = declarePages({
 *     pages: [{ url: '/companies', title: 'Companies', icon: 'office', nav: { level: 2, parent: '/datamanager', sort: 50 } }],
 *     navGroups: [{ url: '/datamanager', title: 'Data Manager', level: 1, icon: 'database', sort: 50 }],
 *   });
 */

/** Module names of the access catalogue (kernel/types.ts ModuleName). */
export type PageModuleName =
  'Core' | 'Assessment' | 'AIR' | 'Customer Success' | 'Admin' | 'Breach Secure Now' | 'Phin Preview';
/** What a page needs (kernel/types.ts ModuleRequirement): one module, a list meaning "any of", or 'Any' for none. */
export type PageModuleRequirement = PageModuleName | 'Any' | readonly PageModuleName[];

/** Where a page shows in the navigation. */
export interface NavPlacement {
  /** 1 top level, 2 second level. */
  level: number;
  /** Url of the parent entry (a nav group or another page). */
  parent?: string;
  /** Module views that show it (absent: every view). */
  modules?: readonly PageModuleName[];
  sort?: number;
  headerNav?: boolean;
  /** The nav entry's title when it differs from the page title (e.g. 'Contracts' for 'Contract Manager'). */
  title?: string;
}

export interface PageDeclaration {
  /** Page url: the access catalogue's permission key and the workspace route's path. */
  url: string;
  title: string;
  requiresAdmin?: boolean;
  internalOnly?: boolean;
  /** Modules of which the user needs one to open the page ('Any': none); absent: the plugin's `module`. */
  module?: PageModuleRequirement;
  /** Shown even when not in the access list (guard step 10). */
  neverHide?: boolean;
  /** Blueprint icon of its nav entry (the workspace's nav icon; also for an entry the kernel's catalogue declares). */
  icon?: string;
  /** Absent: not in the navigation. requiresAdmin, internalOnly and neverHide carry over to the nav entry. */
  nav?: NavPlacement;
  /**
   * The workspace route, when it differs: `path` (e.g. a pattern), `page: false` when the route is not checked
   * against the access list (e.g. internal pages checked by internalOnly alone); `false`: the page has no route.
   */
  route?: { path?: string; page?: false } | false;
}

/** A navigation entry that is no page of its own (a group such as /datamanager). */
export interface NavGroupDeclaration extends NavPlacement {
  url: string;
  title: string;
  icon?: string;
  requiresAdmin?: boolean;
  internalOnly?: boolean;
  neverHide?: boolean;
}

export interface DeclaredPages {
  readonly pages: readonly PageDeclaration[];
  readonly navGroups: readonly NavGroupDeclaration[];
}

/** The server's page entry (kernel PageDef). */
export interface DerivedPageDef {
  url: string;
  title: string;
  requiresAdmin?: boolean;
  internalOnly?: boolean;
  module?: PageModuleRequirement;
  neverHide?: boolean;
}
/** The server's navigation entry (kernel NavItemDef). */
export interface DerivedNavItemDef {
  url: string;
  title: string;
  level: number;
  parentUrl?: string;
  icon?: string;
  modules?: PageModuleName[];
  sort?: number;
  headerNav?: boolean;
  requiresAdmin?: boolean;
  internalOnly?: boolean;
  neverHide?: boolean;
}
/** A workspace route without its component. */
export interface DerivedRouteMeta {
  path: string;
  title: string;
  page?: string | false;
  requiresAdmin?: boolean;
  internalOnly?: boolean;
  neverHide?: boolean;
  /** The module the page needs (the workspace's guard checks it as the server does; 'Any': none). */
  module?: PageModuleRequirement;
}

/** Drops undefined keys (the derived entries equal the hand-written ones they replace). */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** Checks a plugin's declaration: urls start with /, no url twice, nav levels of 1 or more. */
export function declarePages(d: { pages: PageDeclaration[]; navGroups?: NavGroupDeclaration[] }): DeclaredPages {
  const seen = new Set<string>();
  for (const e of [...d.pages, ...(d.navGroups ?? [])]) {
    if (!e.url.startsWith('/')) throw new Error(`page "${e.url}" must start with /`);
    if (seen.has(e.url)) throw new Error(`page "${e.url}" is declared twice`);
    seen.add(e.url);
    if (!e.title) throw new Error(`page "${e.url}" needs a title`);
  }
  for (const p of d.pages)
    if (p.nav && !(p.nav.level >= 1)) throw new Error(`page "${p.url}": nav level must be 1 or more`);
  return { pages: d.pages, navGroups: d.navGroups ?? [] };
}

export function pageDefs(d: DeclaredPages): DerivedPageDef[] {
  return d.pages.map((p) =>
    defined({
      url: p.url,
      title: p.title,
      requiresAdmin: p.requiresAdmin,
      internalOnly: p.internalOnly,
      module: p.module,
      neverHide: p.neverHide,
    }),
  );
}

function navItem(
  url: string,
  title: string,
  n: NavPlacement,
  e: { icon?: string; requiresAdmin?: boolean; internalOnly?: boolean; neverHide?: boolean },
): DerivedNavItemDef {
  return defined({
    url,
    title: n.title ?? title,
    level: n.level,
    parentUrl: n.parent,
    icon: e.icon,
    modules: n.modules ? [...n.modules] : undefined,
    sort: n.sort,
    headerNav: n.headerNav,
    requiresAdmin: e.requiresAdmin,
    internalOnly: e.internalOnly,
    neverHide: e.neverHide,
  });
}

/** Nav groups first, then the pages that have a nav placement. */
export function navItemDefs(d: DeclaredPages): DerivedNavItemDef[] {
  return [
    ...d.navGroups.map((g) => navItem(g.url, g.title, g, g)),
    ...d.pages.flatMap((p) => (p.nav ? [navItem(p.url, p.title, p.nav, p)] : [])),
  ];
}

/** Nav icons by url (nav groups and pages), for the workspace's side navigation. */
export function pageNavIcons(d: DeclaredPages): Record<string, string> {
  const icons: Record<string, string> = {};
  for (const g of d.navGroups) if (g.icon) icons[g.url] = g.icon;
  for (const p of d.pages) if (p.icon) icons[p.url] = p.icon;
  return icons;
}

/** Route path, title and permission key of each page that has a route, by page url. */
export function pageRouteMetas(d: DeclaredPages): { url: string; meta: DerivedRouteMeta }[] {
  return d.pages.flatMap((p) => {
    if (p.route === false) return [];
    const path = p.route?.path ?? p.url;
    const page = p.route?.page === false ? false : path === p.url ? undefined : p.url;
    return [
      {
        url: p.url,
        meta: defined({
          path,
          title: p.title,
          page,
          requiresAdmin: p.requiresAdmin,
          internalOnly: p.internalOnly,
          neverHide: p.neverHide,
          module: p.module,
        }),
      },
    ];
  });
}
