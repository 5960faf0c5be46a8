/**
 * The import boundaries of DESIGN.md, defined once for eslint (eslint.config.js, rule lci/import-boundaries)
 * and jest (tests/boundaries.test.ts). Paths are relative to the repository root, with '/' separators.
 *
 * - the kernel imports no plugin and no browser code;
 * - from outside its folder a plugin imports only kernel/index.ts, cli/sdk.ts, workspace/sdk.ts, tests/sdk.ts
 *   (tests only), common/ and the public.ts or public.browser.ts of the plugins it lists in dependsOn or
 *   optionalDependsOn (never their workspace/ files: browser pages share through workspace points);
 * - server code (kernel/, cli/, a plugin's plugin.ts, public.ts, public.browser.ts, server/, cli/, import/,
 *   migrations/, shared/) imports no browser code (workspace/, plugins/<id>/workspace/), tests excepted;
 * - browser code (workspace/, plugins/<id>/workspace/) imports no server code (serverPath: kernel/ even its
 *   index.ts, cli/, config/, a plugin's server/, import/, migrations/, cli/, plugin.ts and public.ts: pages import
 *   another plugin's public.browser.ts), and what both sides run (a plugin's shared/ and public.browser.ts) imports no
 *   server code at run time (`import type` is erased, so allowed there), tests excepted: the workspace build's module
 *   graph holds none of it (scripts/browser-graph.mjs checks the same with serverPath);
 * - common/ imports nothing outside common/.
 */
import fs from 'node:fs';
import path from 'node:path';

export const SURFACES = new Set(['kernel/index.ts', 'workspace/sdk.ts', 'cli/sdk.ts', 'tests/sdk.ts']);
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data']);
const PLUGIN_SERVER_DIRS = new Set(['server', 'cli', 'import', 'migrations', 'shared']);

/** Source files under `dir` (relative to root), skipping node_modules, dist and data. */
export function sourceFiles(root, dir) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : sourceFiles(root, rel);
    return SOURCE.test(e.name) ? [rel] : [];
  });
}

/** The root-relative file a relative import of `from` names (the bare path when no file matches). */
export function resolveImport(root, from, spec) {
  const rel = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const bare = rel.replace(/\.(js|mjs|cjs)$/, '');
  for (const c of [
    rel,
    `${bare}.ts`,
    `${bare}.tsx`,
    `${rel}.ts`,
    `${rel}.tsx`,
    `${rel}/index.ts`,
    `${rel}/index.tsx`,
  ]) {
    const abs = path.join(root, c);
    if (fs.existsSync(abs) && fs.statSync(abs).isFile()) return c;
  }
  return rel;
}

/**
 * { pluginId: [...dependsOn, ...optionalDependsOn] } read from every plugins/<id>/plugin.ts (literal lists:
 * `dependsOn: ['a', 'b']`, `optionalDependsOn: ['c']`): the plugins whose public.ts it may import.
 */
export function pluginDependencies(root) {
  const out = {};
  const dir = path.join(root, 'plugins');
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, e.name, 'plugin.ts');
    if (!e.isDirectory() || !fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const list = (re) => {
      const m = re.exec(text);
      return m ? [...m[1].matchAll(/['"]([^'"]+)['"]/g)].map((x) => x[1]) : [];
    };
    out[e.name] = [
      ...list(/(?<![A-Za-z])dependsOn\s*:\s*\[([^\]]*)\]/),
      ...list(/optionalDependsOn\s*:\s*\[([^\]]*)\]/),
    ];
  }
  return out;
}

const PLUGIN_SERVER_ONLY_DIRS = new Set(['server', 'import', 'migrations', 'cli']);

/**
 * Why the root-relative file `rel` is server code that the browser never runs (and its module graph may not hold),
 * or null: kernel/, cli/, config/, and a plugin's server/, import/, migrations/, cli/, plugin.ts, cli.ts and public.ts
 * (the surface for other plugins' server code; pages import public.browser.ts). The workspace build checks its
 * module graph with it (scripts/browser-graph.mjs), the lint checks browser code's imports.
 */
export function serverPath(rel) {
  const p = rel.split('/');
  if (p[0] === 'kernel' && p.length > 1) return 'server code (kernel/: its texts are in common/texts.ts)';
  if (['cli', 'config'].includes(p[0]) && p.length > 1) return `server code (${p[0]}/)`;
  if (p[0] !== 'plugins' || p.length < 3) return null;
  if (PLUGIN_SERVER_ONLY_DIRS.has(p[2]) && p.length > 3) return `plugin ${p[1]}'s server code (${p[2]}/)`;
  if (p.length === 3 && /^public\.(ts|tsx)$/.test(p[2]))
    return `plugin ${p[1]}'s server surface public.ts (import its public.browser.ts)`;
  if (p.length === 3 && /^(plugin|cli)\.(ts|tsx)$/.test(p[2])) return `plugin ${p[1]}'s server file ${p[2]}`;
  return null;
}

const isTestFile = (parts) => /\.(test|e2e)\.tsx?$/.test(parts[parts.length - 1]) || parts.includes('tests');
const isBrowser = (parts) => parts[0] === 'workspace' || (parts[0] === 'plugins' && parts[2] === 'workspace');
const isServer = (parts) =>
  parts[0] === 'kernel' ||
  parts[0] === 'cli' ||
  (parts[0] === 'plugins' &&
    (PLUGIN_SERVER_DIRS.has(parts[2]) || /^(plugin|public|public\.browser)\.tsx?$/.test(parts[2] ?? '')));
/** Code both the server and the browser run: a plugin's shared/ and its browser-safe surface public.browser.ts. */
const isBothSides = (parts) =>
  parts[0] === 'plugins' && (parts[2] === 'shared' || /^public\.browser\.tsx?$/.test(parts[2] ?? ''));

/**
 * The boundaries an import of `target` from `from` crosses (both root-relative), as messages; [] when none.
 * `deps` is pluginDependencies(root); `typeOnly` when the import is `import type`/`export type` (erased at build).
 */
export function crossings(from, target, deps, { typeOnly = false } = {}) {
  const out = [];
  const fp = from.split('/');
  const tp = target.split('/');
  const top = fp[0];
  const tt = tp[0];
  const test = isTestFile(fp);
  if (top === 'kernel' && tt === 'plugins') out.push('the kernel imports a plugin');
  if (top === 'common' && tt !== 'common') out.push(`common/ imports ${tt}/ (common imports nothing of the app)`);
  if (isServer(fp) && !test && isBrowser(tp)) out.push('server code imports browser code');
  const server = test ? null : serverPath(target);
  if (server && isBrowser(fp)) out.push(`browser code imports ${server}`);
  else if (server && isBothSides(fp) && !typeOnly) out.push(`code the browser runs too imports ${server}`);
  if (top !== 'plugins') return out;
  const own = fp[1];
  if (tt === 'plugins' && tp[1] !== own) {
    if (tp[2] === 'workspace')
      // Not even a workspace/public.ts: browser pages share through workspace points (workspace/extensions.ts).
      out.push(`a plugin reaches into plugin ${tp[1]}'s workspace (use its workspace points: contribute, useProvided)`);
    else if (!/^public(\.browser)?(\.tsx?)?$/.test(tp.slice(2).join('/')))
      out.push(`a plugin reaches into plugin ${tp[1]}'s inner files (import its public.ts or public.browser.ts)`);
    else if (!(deps[own] ?? []).includes(tp[1]))
      out.push(`a plugin imports plugin ${tp[1]} without listing it in dependsOn or optionalDependsOn`);
  } else if (tt !== 'plugins' && tt !== 'common' && !SURFACES.has(target)) {
    const use =
      tt === 'kernel'
        ? 'kernel/index.ts'
        : ['cli', 'workspace', 'tests'].includes(tt)
          ? `${tt}/sdk.ts`
          : 'kernel/index.ts or common/';
    out.push(`a plugin imports ${tt}/ internals (use ${use})`);
  } else if (target === 'tests/sdk.ts' && !test) out.push('product code imports tests/sdk.ts (tests only)');
  return out;
}
