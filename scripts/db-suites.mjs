#!/usr/bin/env node
/**
 * Prints the jest suites that reach a database: those whose graph of project
 * imports (relative paths, followed transitively) includes kernel/db/connect.ts,
 * or that run the CLI as a child process (cli/test-support.ts). CI runs these
 * a second time on PostgreSQL; the others (pure rules, React models) cannot
 * behave differently there.
 *
 *   node scripts/db-suites.mjs          one path per line
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MARKERS = ['kernel/db/connect.ts', 'cli/test-support.ts'];
const SKIP = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'coverage']);
const IMPORT = /(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function walk(dir, out) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name) || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const stripped = base.replace(/\.(m?js)$/, '');
  for (const c of [
    base,
    `${stripped}.ts`,
    `${stripped}.tsx`,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return undefined;
}

/** Whether `file`'s import graph reaches a marker (memoised; a cycle counts as not reaching through that edge). */
export function reachesDatabase(file, memo = new Map(), visiting = new Set()) {
  if (memo.has(file)) return memo.get(file);
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (MARKERS.includes(rel)) {
    memo.set(file, true);
    return true;
  }
  if (visiting.has(file)) return false;
  visiting.add(file);
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    /* unreadable: no edges */
  }
  let hit = false;
  for (const m of text.matchAll(IMPORT)) {
    const next = resolve(file, m[1]);
    if (next && reachesDatabase(next, memo, visiting)) {
      hit = true;
      break;
    }
  }
  visiting.delete(file);
  memo.set(file, hit);
  return hit;
}

export function databaseSuites(root = ROOT) {
  const memo = new Map();
  return walk(root, [])
    .filter((f) => reachesDatabase(f, memo))
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .sort();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const f of databaseSuites()) console.log(f);
}
