/**
 * The access rule of platform.md sections 5 and 6, written once and run by both sides: the server's guard pipeline
 * (kernel/http/guard-pipeline.ts) and navigation (kernel/access), and the workspace's guard (step 10), read-only
 * lock and slots (workspace/access.ts).
 *
 * - Page match: a path is allowed when the access list has an entry whose url equals the path, or the path with a
 *   'v2' or 'present' suffix, or the path with its trailing slash removed. Candidates are tried in that order, so an
 *   exact entry wins over a suffixed one. Urls compare exactly (no case folding, no slash trimming of entries).
 * - Exemption: LCI admins and tenant admins are not limited by the group's access list (they may read and write every
 *   page); ordinary users are.
 * - Module: a target that requires modules needs one of them among the caller's modules (the group's included
 *   modules intersected with the tenant's). A requirement is one module, a list meaning "any of" (the asset area:
 *   AIR or Core), or 'Any' meaning none. LCI admins pass.
 */

type AccessLevelName = 'Read Only' | 'Read/Write';
interface AccessEntry {
  url: string;
  access_level: AccessLevelName;
}
/** What the rule needs to know about the user. */
export interface AccessSubject {
  isLciAdmin: boolean;
  isTenantAdmin: boolean;
}

const PAGE_SUFFIXES = ['v2', 'present'] as const;

/** The urls that would allow `path`, most specific first. */
export function pageCandidates(path: string): string[] {
  const out = [path, ...PAGE_SUFFIXES.map((s) => path + s)];
  if (path.length > 1 && path.endsWith('/')) out.push(path.slice(0, -1));
  return out;
}

/** The access entry that allows `path`, or undefined. */
export function matchPage<P extends { url: string }>(pages: readonly P[], path: string): P | undefined {
  if (typeof path !== 'string' || path === '') return undefined;
  for (const candidate of pageCandidates(path)) {
    const hit = pages.find((p) => p.url === candidate);
    if (hit) return hit;
  }
  return undefined;
}

/** LCI admins and tenant admins are not limited by the access list. */
export function exemptFromAccessList(u: AccessSubject): boolean {
  return u.isLciAdmin || u.isTenantAdmin;
}

/** The user's access to a page: full for exempt users, else the matching entry's level, else null. */
export function pageAccessLevel(u: AccessSubject, pages: readonly AccessEntry[], page: string): AccessLevelName | null {
  if (exemptFromAccessList(u)) return 'Read/Write';
  return matchPage(pages, page)?.access_level ?? null;
}

/**
 * What a route, realtime function or page needs: one module, a list meaning "any of these", or 'Any' (none). The
 * kernel fills in a plugin's requirement for what declares none (kernel/http/route-spec.ts); undefined or null here
 * means nothing was required.
 */
type ModuleRequirement = string | readonly string[];

/** The modules of a requirement, any one of which meets it; empty when it needs none ('Any', an empty list, none). */
export function moduleRequirementList(required: ModuleRequirement | undefined | null): string[] {
  if (!required || required === 'Any') return [];
  return typeof required === 'string' ? [required] : required.filter((m) => m !== 'Any');
}

/** A module requirement is met: it needs none, or the caller has one of its modules. */
export function moduleAllows(modules: readonly string[], required: ModuleRequirement | undefined | null): boolean {
  const needed = moduleRequirementList(required);
  return needed.length === 0 || needed.some((m) => modules.includes(m));
}

/**
 * The modules a page needs, from the server's answer (the session's `pageModules`: url -> modules, one of which opens
 * it), looked up as the access list is: the url, its 'v2'/'present' form, without its trailing slash. [] when none.
 */
export function pageModulesFor(
  pageModules: Readonly<Record<string, readonly string[]>> | undefined,
  path: string,
): readonly string[] {
  if (!pageModules) return [];
  for (const candidate of pageCandidates(path)) {
    const hit = Object.prototype.hasOwnProperty.call(pageModules, candidate) ? pageModules[candidate] : undefined;
    if (hit) return hit;
  }
  return [];
}

type AccessRefusal = 'page' | 'readOnly' | 'module';

/**
 * The page and module part of a call's or a page's check: null when allowed, else why not. `write` asks for
 * Read/Write (a Read Only entry refuses it). LCI admins pass everything; tenant admins pass the page check.
 */
export function accessRefusal(
  u: AccessSubject & { pages: readonly AccessEntry[]; modules: readonly string[] },
  target: { page?: string | null; module?: ModuleRequirement | null; write?: boolean },
): AccessRefusal | null {
  if (u.isLciAdmin) return null;
  if (target.page && !u.isTenantAdmin) {
    const entry = matchPage(u.pages, target.page);
    if (!entry) return 'page';
    if (target.write && entry.access_level === 'Read Only') return 'readOnly';
  }
  if (!moduleAllows(u.modules, target.module)) return 'module';
  return null;
}

/**
 * The refusal text of a missing module (server 403 and the workspace's alert): 'This page requires the AIR module';
 * for "any of", 'This page requires the AIR or Core module' (in the declared order).
 */
export function msgModuleRequired(required: ModuleRequirement): string {
  const needed = moduleRequirementList(required);
  const names = needed.length > 1 ? `${needed.slice(0, -1).join(', ')} or ${needed[needed.length - 1]}` : needed[0];
  return `This page requires the ${names} module`;
}
