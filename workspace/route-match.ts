/** Route patterns of the workspace: literal segments, ':param' segments and a trailing '*'. Case-insensitive literals. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const split = (s: string) => s.split('/').filter(Boolean);
  const ps = split(pattern);
  const xs = split(path);
  const params: Record<string, string> = {};
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    if (p === '*') {
      params['*'] = xs.slice(i).map(decodeURIComponent).join('/');
      return params;
    }
    const x = xs[i];
    if (x === undefined) return null;
    if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(x);
    else if (p.toLowerCase() !== x.toLowerCase()) return null;
  }
  return xs.length === ps.length ? params : null;
}

export function findByPattern<T extends { path: string }>(
  routes: readonly T[],
  path: string,
): { route: T; params: Record<string, string> } | null {
  for (const route of routes) {
    const params = matchPattern(route.path, path);
    if (params) return { route, params };
  }
  return null;
}
