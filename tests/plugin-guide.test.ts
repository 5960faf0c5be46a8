/**
 * The plugin guide (docs/plugins.md) stays current: it names every hook of PluginDefinition, every extension point
 * declared anywhere in the tree (`createExtensionPoint('<owner>.<name>', ...)`), every workspace slot, and lists no
 * point that no longer exists. A new hook, point or slot fails here until the guide has its row.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const GUIDE = fs.readFileSync(path.join(ROOT, 'docs', 'plugins.md'), 'utf8');
const POINT_ID = '[a-z][a-z0-9-]*\\.[a-zA-Z][a-zA-Z0-9-]*';

function sources(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'data', 'tests', 'scaffold'].includes(e.name) ? [] : sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.(test|e2e)\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** Every extension point id declared in the product's code (test plugins and the scaffold's templates aside). */
export function declaredPoints(): string[] {
  const call = new RegExp(`createExtensionPoint\\s*(?:<[^\\n]*?>)?\\(\\s*['"\`](${POINT_ID})['"\`]`, 'g');
  const ids = new Set<string>();
  for (const file of ['kernel', 'plugins', 'common', 'workspace', 'cli'].flatMap(sources)) {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const m of text.matchAll(call)) ids.add(m[1]);
  }
  return [...ids].sort();
}

/** The text of the guide's section with this heading (up to the next heading of the same level). */
function section(heading: string): string {
  const start = GUIDE.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/plugins.md has no section "## ${heading}"`);
  const end = GUIDE.indexOf('\n## ', start + 1);
  return GUIDE.slice(start, end < 0 ? undefined : end);
}

const named = (text: string, name: string) => text.includes(`\`${name}\``) || text.includes(`\`${name}(`);

test('every extension point in the tree is in the guide\'s list, and the list names no point that is gone', () => {
  const declared = declaredPoints();
  expect(declared).toEqual(expect.arrayContaining(['kernel.writeGuard', 'companies.csvImports']));
  const list = section('Extension points that exist');
  expect(declared.filter((id) => !named(list, id))).toEqual([]);
  const listed = [...list.matchAll(new RegExp(`^\\| \`(${POINT_ID})\``, 'gm'))].map((m) => m[1]);
  expect(listed.filter((id) => !declared.includes(id))).toEqual([]);
});

test('every hook of PluginDefinition has a row in the guide\'s table of hooks', () => {
  const src = fs.readFileSync(path.join(ROOT, 'kernel', 'plugin.ts'), 'utf8');
  const body = /export interface PluginDefinition<[^>]*> \{([\s\S]*?)\n\}/.exec(src)?.[1] ?? '';
  const hooks = [...body.matchAll(/^ {2}(\w+)\??[(:<]/gm)].map((m) => m[1]);
  expect(hooks).toEqual(expect.arrayContaining(['id', 'setup', 'extend', 'routes', 'cli']));
  // One table: its rows are the lines from its header to the first line that is not a row.
  const lines = section('The definition: every hook').split('\n');
  const start = lines.findIndex((l) => l.startsWith('| Hook |'));
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  const rows = lines.slice(start, end < 0 ? undefined : end);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(hooks.filter((h) => !rows.some((r) => r.startsWith(`| \`${h}\``) || r.startsWith(`| \`${h}(`)))).toEqual([]);
});

test('every workspace slot is described', () => {
  const src = fs.readFileSync(path.join(ROOT, 'workspace', 'slots.ts'), 'utf8');
  const slots = [...(/SLOT_NAMES[^=]*=\s*\[([^\]]*)\]/.exec(src)?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]);
  expect(slots.length).toBeGreaterThan(0);
  const text = section('The workspace side and its slots');
  expect(slots.filter((s) => !named(text, s))).toEqual([]);
});

test('the README leads to the guide', () => {
  expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain('docs/plugins.md');
});
