/**
 * Pure rules for what a caller sees: navigation items (platform.md 4.7 step
 * 9-10, section 6) and module views (sections 1 and 6). The routes load the
 * catalogue rows and apply these.
 */
import type { AccessPage, ModuleName } from '../types';
import { matchPage } from './match-page';
import { asModules } from './resolve';

/** The level of navigation items shown in menus: 2 or lower. */
const MENU_MAX_LEVEL = 2;
const ASSESSMENT_ONLY_VIEW = 'Assessment Only';
const AIR_VIEW = 'Asset Insights';

export interface NavItem {
  url: string;
  title: string;
  level: number;
  parentUrl: string | null;
  icon: string | null;
  lciModules: ModuleName[];
  sort: number;
  neverHide: boolean;
  requiresAdmin: boolean;
  internalOnly: boolean;
  headerNav: boolean;
}
export interface ModuleView {
  text: string;
  modules: ModuleName[];
  icon: string;
  disabled: boolean;
}

export interface Viewer {
  pages: readonly AccessPage[];
  modules: readonly ModuleName[];
  isLciAdmin: boolean;
  isTenantAdmin: boolean;
  /** LCI admins see every page regardless of the access list. */
  allPages: boolean;
}

export function navItemFromRow(r: Record<string, unknown>): NavItem {
  return {
    url: String(r.url),
    title: String(r.title),
    level: Number(r.level),
    parentUrl: (r.parent_url as string | null) ?? null,
    icon: (r.icon as string | null) ?? null,
    lciModules: asModules(r.lci_modules),
    sort: Number(r.sort ?? 0),
    neverHide: !!r.never_hide,
    requiresAdmin: !!r.requires_admin,
    internalOnly: !!r.internal_only,
    headerNav: !!r.header_nav,
  };
}

export function moduleViewFromRow(r: Record<string, unknown>): ModuleView {
  return {
    text: String(r.text),
    modules: asModules(r.modules),
    icon: String(r.icon ?? 'application'),
    disabled: !!r.disabled,
  };
}

/** Role and module checks (everything but the access list). */
function roleAllows(item: NavItem, v: Viewer): boolean {
  if (item.internalOnly && !v.isLciAdmin) return false;
  if (item.requiresAdmin && !(v.isTenantAdmin || v.isLciAdmin)) return false;
  if (item.lciModules.length && !item.lciModules.some((m) => v.modules.includes(m))) return false;
  return true;
}

/** Internal areas are governed by being an internal admin, not by a tenant's access list. */
const pageAllows = (item: NavItem, v: Viewer) =>
  v.allPages || item.neverHide || (item.internalOnly && v.isLciAdmin) || !!matchPage(v.pages, item.url);

/**
 * Items the viewer may see: allowed by role and modules (and the parent's), and
 * in the access list (or neverHide, or LCI admin). A parent that is not itself
 * in the access list is kept when one of its children is visible; a parent none of whose children is visible is
 * hidden (a menu group leading nowhere).
 */
export function visibleNavItems(items: readonly NavItem[], v: Viewer): NavItem[] {
  const byUrl = new Map(items.map((i) => [i.url, i]));
  const roleOk = (item: NavItem, depth = 0): boolean => {
    if (!roleAllows(item, v)) return false;
    const parent = item.parentUrl ? byUrl.get(item.parentUrl) : undefined;
    return parent && parent !== item && depth < 10 ? roleOk(parent, depth + 1) : true;
  };
  const direct = new Set(items.filter((i) => roleOk(i) && pageAllows(i, v)).map((i) => i.url));
  for (const url of [...direct]) {
    let parent = byUrl.get(url)?.parentUrl;
    for (let depth = 0; parent && depth < 10; depth++) {
      const p = byUrl.get(parent);
      if (!p || !roleOk(p)) break;
      direct.add(p.url);
      parent = p.parentUrl;
    }
  }
  // A group whose children are all hidden leads nowhere: hidden too (deepest first, so a group of empty groups goes).
  const childrenOf = new Map<string, string[]>();
  for (const i of items)
    if (i.parentUrl && i.parentUrl !== i.url)
      childrenOf.set(i.parentUrl, [...(childrenOf.get(i.parentUrl) ?? []), i.url]);
  for (const group of [...items].filter((i) => childrenOf.has(i.url)).sort((a, b) => b.level - a.level))
    if (direct.has(group.url) && !childrenOf.get(group.url)!.some((c) => direct.has(c))) direct.delete(group.url);
  return sortNav(items.filter((i) => direct.has(i.url)));
}

function sortNav(items: NavItem[]): NavItem[] {
  return [...items].sort((a, b) => a.level - b.level || a.sort - b.sort || a.title.localeCompare(b.title));
}

/** The response of get_nav_items: menu items (level 2 or lower), header items and the included modules. */
export function navResponse(items: readonly NavItem[], v: Viewer) {
  const visible = visibleNavItems(items, v);
  const shape = ({ headerNav: _h, ...rest }: NavItem) => rest;
  return {
    navItems: visible.filter((i) => i.level <= MENU_MAX_LEVEL).map(shape),
    headerNav: visible.filter((i) => i.headerNav).map(shape),
    includedModules: [...v.modules],
  };
}

/**
 * Module views whose modules intersect the viewer's modules; Assessment Only
 * hidden without assessment-only companies, the AIR view without AIR-only companies.
 */
export function visibleModuleViews(
  views: readonly ModuleView[],
  modules: readonly ModuleName[],
  has: { assessmentOnly: boolean; airOnly: boolean },
): ModuleView[] {
  return views.filter((view) => {
    if (!view.modules.some((m) => modules.includes(m))) return false;
    if (view.text === ASSESSMENT_ONLY_VIEW && !has.assessmentOnly) return false;
    if ((view.text === AIR_VIEW || (view.modules.length === 1 && view.modules[0] === 'AIR')) && !has.airOnly)
      return false;
    return true;
  });
}
