/**
 * The access rule as the workspace uses it (guard step 10, lock icon and read-only lock, slots): the same rule as the
 * server's, from common/access-rule.ts (page match of platform.md section 5; LCI and tenant admins exempt from the
 * access list; a route's module requirement).
 */
import { matchPage, pageAccessLevel, type AccessSubject } from '../common/access-rule';
import type { AccessLevel, AccessPage } from './types';

export { exemptFromAccessList, moduleAllows, msgModuleRequired, pageModulesFor } from '../common/access-rule';

/**
 * A page is allowed if the user has an access entry whose url matches the path,
 * or the path with a v2 or present suffix, or the path with its trailing slash removed.
 */
export function matchAccessPage(pages: readonly AccessPage[], path: string): AccessPage | undefined {
  return matchPage(pages, path);
}

/**
 * Access level for a page: LCI admins and tenant admins have full access (as on the server); null when the page is not
 * in the list. `user` may be a boolean (isLciAdmin) for older callers.
 */
export function accessLevelFor(
  pages: readonly AccessPage[],
  path: string,
  user: AccessSubject | boolean = false,
): AccessLevel | null {
  const u = typeof user === 'boolean' ? { isLciAdmin: user, isTenantAdmin: false } : user;
  return pageAccessLevel(u, pages, path);
}
