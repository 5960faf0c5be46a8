/**
 * Security groups page: the shapes of the tenant-admin API and the pure rules of the editor
 * (edit state from a group, page rows from the catalogue, filters, "set all", validation,
 * dirty detection, the save payload and server errors mapped to fields). No React here.
 */
import type { AccessLevel } from '../../types';

export type ModuleName =
  'Core' | 'Assessment' | 'AIR' | 'Customer Success' | 'Admin' | 'Breach Secure Now' | 'Phin Preview';
export const ALL_MODULES: ModuleName[] = [
  'Core',
  'Assessment',
  'AIR',
  'Customer Success',
  'Admin',
  'Breach Secure Now',
  'Phin Preview',
];

/** Core is shown to users as vCIO (platform.md section 1). */
export function moduleLabel(m: string): string {
  return m === 'Core' ? 'vCIO' : m;
}

export const SECURITY_GROUPS_PAGE = '/securitygroups';
export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const MSG_REQUIRED = 'Required.';
export const MSG_NAME_MAX = `Max ${NAME_MAX} characters`;
export const MSG_DESCRIPTION_MAX = `Max ${DESCRIPTION_MAX} characters`;
export const MSG_NAME_TAKEN = 'A security group with this name already exists.';

export interface GroupPage {
  url: string;
  access_level: AccessLevel;
}
export interface SecurityGroup {
  security_group_id: number;
  name: string;
  description: string;
  included_modules: ModuleName[];
  is_admin_group: boolean;
  pages: GroupPage[];
  user_count?: number;
}
export interface CatalogPage {
  url: string;
  title: string;
  level: number;
  parentUrl: string | null;
  requiresAdmin: boolean;
}
export interface SecurityGroupsResponse {
  securityGroups: SecurityGroup[];
  pageCatalog: CatalogPage[];
  modules: ModuleName[];
}
export interface SavePayload {
  name: string;
  description: string;
  included_modules: ModuleName[];
  is_admin_group: boolean;
  pages: GroupPage[];
}

export function groupsUrl(tenantId: number, groupId?: number): string {
  return `/v3/tenantadmin/${tenantId}/securitygroups${groupId === undefined ? '' : `/${groupId}`}`;
}

/** 'none' is "No access": the page is left out of the list. */
export type AccessChoice = 'none' | AccessLevel;
export const ACCESS_CHOICES: { value: AccessChoice; label: string }[] = [
  { value: 'none', label: 'No access' },
  { value: 'Read Only', label: 'Read Only' },
  { value: 'Read/Write', label: 'Read/Write' },
];

export interface Draft {
  name: string;
  description: string;
  modules: ModuleName[];
  isAdminGroup: boolean;
  /** url -> level; a url that is absent has no access. */
  access: Record<string, AccessLevel>;
}

export function emptyDraft(): Draft {
  return { name: '', description: '', modules: [], isAdminGroup: false, access: {} };
}

export function draftFromGroup(g: SecurityGroup): Draft {
  const access: Record<string, AccessLevel> = {};
  for (const p of g.pages) access[p.url] = p.access_level;
  return {
    name: g.name,
    description: g.description ?? '',
    modules: [...g.included_modules],
    isAdminGroup: g.is_admin_group,
    access,
  };
}

/** Modules in the canonical order, without duplicates or unknown names. */
export function orderModules(list: readonly string[], order: readonly string[] = ALL_MODULES): ModuleName[] {
  const set = new Set(list);
  return order.filter((m) => set.has(m)) as ModuleName[];
}

export function toggleModule(d: Draft, m: ModuleName, on: boolean): Draft {
  const rest = d.modules.filter((x) => x !== m);
  return { ...d, modules: orderModules(on ? [...rest, m] : rest) };
}

export function accessOf(d: Draft, url: string): AccessChoice {
  return d.access[url] ?? 'none';
}

export function setAccess(d: Draft, urls: readonly string[], choice: AccessChoice): Draft {
  const access = { ...d.access };
  for (const u of urls) {
    if (choice === 'none') delete access[u];
    else access[u] = choice;
  }
  return { ...d, access };
}

/** The body of POST and PUT: the whole page list, sorted by url, trimmed texts. */
export function buildSavePayload(d: Draft): SavePayload {
  return {
    name: d.name.trim(),
    description: d.description.trim(),
    included_modules: orderModules(d.modules),
    is_admin_group: d.isAdminGroup,
    pages: Object.keys(d.access)
      .sort()
      .map((url) => ({ url, access_level: d.access[url] })),
  };
}

/** True when saving `current` would change what `initial` holds (whitespace and order do not count). */
export function isDirty(initial: Draft, current: Draft): boolean {
  return JSON.stringify(buildSavePayload(initial)) !== JSON.stringify(buildSavePayload(current));
}

export interface DraftErrors {
  name?: string;
  description?: string;
  modules?: string;
  pages?: string;
}

/** Client-side checks mirroring the server's rules; `otherNames` are the names of the other groups. */
export function validateDraft(d: Draft, otherNames: readonly string[] = []): DraftErrors {
  const e: DraftErrors = {};
  const name = d.name.trim();
  if (!name) e.name = MSG_REQUIRED;
  else if (name.length > NAME_MAX) e.name = MSG_NAME_MAX;
  else if (otherNames.some((n) => n.trim().toLowerCase() === name.toLowerCase())) e.name = MSG_NAME_TAKEN;
  if (d.description.trim().length > DESCRIPTION_MAX) e.description = MSG_DESCRIPTION_MAX;
  return e;
}
export const hasErrors = (e: DraftErrors) => Object.values(e).some(Boolean);

/** One line of the page access table. */
export interface PageRow {
  url: string;
  title: string;
  /** Where the page sits: 'Top level', 'Under Settings', 'Not in menu'. */
  location: string;
  depth: number;
  requiresAdmin: boolean;
  /** False for a url of the group that the catalogue no longer lists (kept unless changed). */
  inCatalog: boolean;
}

/**
 * Rows in menu order: each top-level entry followed by its children (by the catalogue's order),
 * then pages that are no menu entry, then urls of the group the catalogue does not know.
 */
export function buildRows(catalog: readonly CatalogPage[], groupUrls: readonly string[] = []): PageRow[] {
  const byUrl = new Map(catalog.map((c) => [c.url, c]));
  const rows: PageRow[] = [];
  const seen = new Set<string>();
  const push = (c: CatalogPage, depth: number) => {
    if (seen.has(c.url)) return;
    seen.add(c.url);
    const parent = c.parentUrl ? byUrl.get(c.parentUrl) : undefined;
    const location = c.level >= 3 ? 'Not in menu' : parent ? `Under ${parent.title}` : 'Top level';
    rows.push({ url: c.url, title: c.title, location, depth, requiresAdmin: c.requiresAdmin, inCatalog: true });
  };
  const menu = catalog.filter((c) => c.level < 3);
  const childrenOf = (url: string) => menu.filter((c) => c.parentUrl === url);
  const walk = (c: CatalogPage, depth: number) => {
    if (seen.has(c.url)) return;
    push(c, depth);
    for (const ch of childrenOf(c.url)) walk(ch, depth + 1);
  };
  for (const c of menu) if (!c.parentUrl || !byUrl.has(c.parentUrl)) walk(c, 0);
  for (const c of menu) walk(c, 0);
  for (const c of [...catalog.filter((x) => x.level >= 3)].sort((a, b) => a.title.localeCompare(b.title))) push(c, 0);
  for (const url of [...groupUrls].sort()) {
    if (seen.has(url)) continue;
    seen.add(url);
    rows.push({
      url,
      title: url,
      location: 'Not in the page catalogue',
      depth: 0,
      requiresAdmin: false,
      inCatalog: false,
    });
  }
  return rows;
}

export type AccessFilter = 'all' | 'granted' | 'none';

export function filterRows(rows: readonly PageRow[], d: Draft, query: string, filter: AccessFilter = 'all'): PageRow[] {
  const q = query.trim().toLowerCase();
  return rows.filter((r) => {
    if (
      q &&
      !r.title.toLowerCase().includes(q) &&
      !r.url.toLowerCase().includes(q) &&
      !r.location.toLowerCase().includes(q)
    )
      return false;
    const a = accessOf(d, r.url);
    if (filter === 'granted') return a !== 'none';
    if (filter === 'none') return a === 'none';
    return true;
  });
}

export function accessCounts(pages: readonly GroupPage[] | Record<string, AccessLevel>): {
  readWrite: number;
  readOnly: number;
  total: number;
} {
  const levels = Array.isArray(pages) ? pages.map((p) => p.access_level) : Object.values(pages);
  const readWrite = levels.filter((l) => l === 'Read/Write').length;
  return { readWrite, readOnly: levels.length - readWrite, total: levels.length };
}

/** A server error mapped to the form: field messages and what is left for the callout. */
export interface MappedError {
  fields: DraftErrors;
  message: string | null;
}

export function mapServerError(err: {
  status?: number;
  code?: string;
  message: string;
  fields?: { path: string; message: string }[];
}): MappedError {
  const fields: DraftErrors = {};
  const rest: string[] = [];
  if (err.status === 409 && err.code === 'duplicate') return { fields: { name: MSG_NAME_TAKEN }, message: null };
  for (const f of err.fields ?? []) {
    const path = f.path.replace(/^body\.?/, '');
    if (path === 'name') fields.name ??= f.message;
    else if (path === 'description') fields.description ??= f.message;
    else if (path.startsWith('included_modules')) fields.modules ??= f.message;
    else if (path.startsWith('pages')) fields.pages ??= `${f.message}${/^pages\.\d+/.test(path) ? ` (${path})` : ''}`;
    else rest.push(`${path ? `${path}: ` : ''}${f.message}`);
  }
  const mapped = Object.values(fields).some(Boolean);
  const message = rest.length ? rest.join('; ') : mapped ? null : err.message;
  return { fields, message };
}

/** Which view the route '/securitygroups/*' shows for its wildcard: the list, a new group or a group. */
export type View = { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: number } | { kind: 'unknown' };
export function viewOf(rest: string | undefined): View {
  const r = (rest ?? '').replace(/^\/+|\/+$/g, '');
  if (!r) return { kind: 'list' };
  if (r.toLowerCase() === 'new') return { kind: 'new' };
  if (/^\d+$/.test(r) && Number(r) > 0) return { kind: 'edit', id: Number(r) };
  return { kind: 'unknown' };
}
