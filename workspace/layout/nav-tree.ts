/** Builds the menu tree from nav items: level 2 or lower, filtered by the module view, sorted. */
import { NAV_MAX_LEVEL } from '../constants';
import type { ModuleView, NavItem } from '../types';

export interface NavNode {
  item: NavItem;
  children: NavNode[];
}

export function visibleInView(item: NavItem, view: ModuleView | null): boolean {
  if (item.neverHide || !view || !item.lciModules?.length) return true;
  return item.lciModules.some((m) => view.modules.includes(m));
}

export function buildNavTree(items: readonly NavItem[], view: ModuleView | null): NavNode[] {
  const shown = items
    .filter((i) => i.level <= NAV_MAX_LEVEL && visibleInView(i, view))
    .sort((a, b) => a.sort - b.sort || a.title.localeCompare(b.title));
  const byUrl = new Map<string, NavNode>();
  for (const item of shown) byUrl.set(item.url, { item, children: [] });
  const roots: NavNode[] = [];
  for (const node of byUrl.values()) {
    const parent = node.item.parentUrl ? byUrl.get(node.item.parentUrl) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
