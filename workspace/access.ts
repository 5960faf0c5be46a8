/** The page match rule of platform.md section 5, as the workspace uses it (lock icon, guard step 10). */
import type { AccessLevel, AccessPage } from './types';

function trimSlash(p: string): string {
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/**
 * A page is allowed if the user has an access entry whose url matches the path,
 * or the path with a v2 or present suffix, or the path with its trailing slash removed.
 */
export function matchAccessPage(pages: readonly AccessPage[], path: string): AccessPage | undefined {
  const bare = trimSlash(path);
  const candidates = new Set([path, bare, `${bare}v2`, `${bare}present`]);
  return pages.find((p) => candidates.has(p.url) || candidates.has(trimSlash(p.url)));
}

/** Access level for a page: LCI admins have full access; null when the page is not in the list. */
export function accessLevelFor(pages: readonly AccessPage[], path: string, isLciAdmin = false): AccessLevel | null {
  if (isLciAdmin) return 'Read/Write';
  return matchAccessPage(pages, path)?.access_level ?? null;
}
