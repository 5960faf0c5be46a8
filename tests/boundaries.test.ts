/**
 * The import boundaries of DESIGN.md, checked in CI (the same rules the before-stop hook counts):
 * the kernel imports no plugin and no browser code; from outside its folder a plugin imports only
 * kernel/index.ts, workspace/sdk.ts, cli/sdk.ts, tests/sdk.ts, common/ and other plugins' public.ts;
 * plugin server code imports no browser code; common/ imports nothing of kernel/, workspace/, cli/, plugins/.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const SURFACES = new Set(['kernel/index.ts', 'workspace/sdk.ts', 'cli/sdk.ts', 'tests/sdk.ts']);
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g;

function files(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'data'].includes(e.name) ? [] : files(rel);
    return /\.(ts|tsx|js|mjs)$/.test(e.name) ? [rel] : [];
  });
}

function resolve(rel: string): string {
  for (const c of [rel, `${rel}.ts`, `${rel}.tsx`, path.join(rel, 'index.ts'), path.join(rel, 'index.tsx')]) {
    const abs = path.join(ROOT, c);
    if (fs.existsSync(abs) && fs.statSync(abs).isFile()) return c;
  }
  return rel;
}

/** Every crossing in the tree, as "rule: file -> import". */
export function crossings(): string[] {
  const out: string[] = [];
  for (const file of [...files('plugins'), ...files('kernel'), ...files('common')]) {
    const parts = file.split(path.sep);
    const top = parts[0];
    const own = top === 'plugins' ? parts[1] : null;
    const isTest = /\.(test|e2e)\.tsx?$/.test(file) || parts.includes('tests');
    const serverSide = top === 'kernel' || (own !== null && !parts.includes('workspace'));
    for (const m of fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORT)) {
      const target = resolve(path.normalize(path.join(path.dirname(file), m[1])));
      const tparts = target.split(path.sep);
      const tt = tparts[0];
      const rel = tparts.join('/');
      const at = `${file} -> ${m[1]}`;
      if (top === 'kernel' && tt === 'plugins') out.push(`kernel imports a plugin: ${at}`);
      if (top === 'kernel' && tt === 'workspace') out.push(`kernel imports browser code: ${at}`);
      if (top === 'common' && ['kernel', 'workspace', 'cli', 'plugins', 'tests'].includes(tt)) out.push(`common imports ${tt}/: ${at}`);
      if (!own) continue;
      if (tt === 'plugins' && tparts[1] !== own && !/^public(\.tsx?)?$/.test(tparts.slice(2).join('/'))) out.push(`a plugin reaches into another plugin: ${at}`);
      if (['kernel', 'workspace', 'cli'].includes(tt) && !SURFACES.has(rel)) out.push(`a plugin imports ${tt}/ internals: ${at}`);
      if (tt === 'tests' && !SURFACES.has(rel)) out.push(`a plugin imports tests/ internals: ${at}`);
      if (serverSide && !isTest && tt === 'workspace') out.push(`server code imports browser code: ${at}`);
    }
  }
  return out;
}

test('no import crosses a boundary of DESIGN.md', () => {
  expect(crossings()).toEqual([]);
});
