/** Route and guard-step registry: the shell's own routes plus every discovered workspace plugin. */
import type { ComponentType } from 'react';
import type { GuardStep, RouteMeta } from './guard';
import { findByPattern } from './route-match';
import { SLOT_NAMES, type Contributed, type SlotDef, type SlotName, type WorkspaceSlots } from './slots';

export type PageModule = { default: ComponentType<any> };

export interface RegisteredRoute extends RouteMeta {
  path: string;
  title: string;
  /** 'shell': inside the signed-in layout; 'bare': full-screen (sign-in, initializer...). */
  layout: 'shell' | 'bare';
  /** Eager component (shell screens) or lazy loader (pages). */
  component?: ComponentType<any>;
  load?: () => Promise<PageModule>;
  /** Owning plugin id; plugin routes disappear when the session says the plugin is off. */
  plugin?: string;
}

const routes: RegisteredRoute[] = [];
const steps: GuardStep[] = [];
const navIcons: Record<string, string> = {};
let enabledPlugins: Set<string> | null = null;

export function registerRoutes(list: RegisteredRoute[]): void {
  routes.push(...list);
}
export function registerGuardSteps(list: GuardStep[], plugin?: string): void {
  for (const s of list) steps.push(plugin ? { ...s, run: (i) => (isEnabled(plugin) ? s.run(i) : null) } : s);
}
/** Lazily loaded banners of the signed-in layout, by plugin (WorkspacePlugin.banners). */
const banners: { plugin: string; load: () => Promise<{ default: ComponentType }> }[] = [];
export function registerBanners(list: (() => Promise<{ default: ComponentType }>)[], plugin: string): void {
  for (const load of list) banners.push({ plugin, load });
}
/** The banners of the enabled plugins. */
export function shellBanners(): (() => Promise<{ default: ComponentType }>)[] {
  return banners.filter((b) => isEnabled(b.plugin)).map((b) => b.load);
}
export function registerNavIcons(icons: Record<string, string>): void {
  Object.assign(navIcons, icons);
}
export function setEnabledPlugins(ids: string[] | null): void {
  enabledPlugins = ids ? new Set(ids) : null;
}

function isEnabled(plugin: string | undefined): boolean {
  return !plugin || !enabledPlugins || enabledPlugins.has(plugin);
}

export function allRoutes(): RegisteredRoute[] {
  return routes.filter((r) => isEnabled(r.plugin));
}
export function findRoute(path: string): { route: RegisteredRoute; params: Record<string, string> } | null {
  return findByPattern(allRoutes(), path);
}
export function guardSteps(): GuardStep[] {
  return steps;
}
export function navIconFor(url: string): string | undefined {
  return navIcons[url];
}

/** Slot contributions of every plugin (WorkspacePlugin.slots), in plugin load order; filtered per session in slot-view.tsx. */
const slots: { [K in SlotName]: Contributed<SlotDef<K>>[] } = {
  companyDetailTabs: [],
  companyDetailTiles: [],
  dashboardPanels: [],
  settingsSections: [],
  pageHeaderActions: [],
  fileExports: [],
  supportHubCards: [],
};
export function registerSlots(list: WorkspaceSlots, plugin: string): void {
  for (const name of SLOT_NAMES)
    for (const item of list[name] ?? []) (slots[name] as Contributed<SlotDef<typeof name>>[]).push({ ...item, plugin });
}
/** Every contribution to a slot (all plugins; the caller filters by session). */
export function slotContributions<K extends SlotName>(name: K): readonly Contributed<SlotDef<K>>[] {
  return slots[name];
}
