/**
 * The page match rule of platform.md section 5: a path is allowed when the
 * access list has an entry whose url equals the path, or the path with a
 * 'v2' or 'present' suffix, or the path with its trailing slash removed.
 * Candidates are tried in that order, so an exact entry wins over a suffixed one.
 */
import type { AccessPage } from '../types';

export const PAGE_SUFFIXES = ['v2', 'present'] as const;

/** The urls that would allow `path`, most specific first. */
export function pageCandidates(path: string): string[] {
  const out = [path, ...PAGE_SUFFIXES.map((s) => path + s)];
  if (path.length > 1 && path.endsWith('/')) out.push(path.slice(0, -1));
  return out;
}

export function matchPage(pages: readonly AccessPage[], path: string): AccessPage | undefined {
  if (typeof path !== 'string' || path === '') return undefined;
  for (const candidate of pageCandidates(path)) {
    const hit = pages.find((p) => p.url === candidate);
    if (hit) return hit;
  }
  return undefined;
}
