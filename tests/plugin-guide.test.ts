/**
 * The plugin guide (docs/plugins.md) stays current: it names every hook of PluginDefinition, every extension point
 * declared anywhere in the tree (`createExtensionPoint('<owner>.<name>', ...)`), every workspace slot, and lists no
 * point that no longer exists, and sends authors to the public.browser.ts that exports each workspace point. A new
 * hook, point or slot fails here until the guide has its row.
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
    if (e.isDirectory())
      return ['node_modules', 'dist', 'data', 'tests', 'scaffold'].includes(e.name) ? [] : sources(rel);
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

/** The rows of the table of a section whose header starts with `header`: its lines up to the first that is not a row. */
function tableRows(heading: string, header: string): string[] {
  const lines = section(heading).split('\n');
  const start = lines.findIndex((l) => l.startsWith(header));
  if (start < 0) throw new Error(`docs/plugins.md: no table "${header}" under "## ${heading}"`);
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  return lines.slice(start, end < 0 ? undefined : end);
}
const hasRow = (rows: string[], name: string) =>
  rows.some((r) => r.startsWith(`| \`${name}\``) || r.startsWith(`| \`${name}(`));

/** The member names of an interface in a source file. */
function members(file: string, declaration: RegExp): string[] {
  const src = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const body = declaration.exec(src)?.[1] ?? '';
  return [...body.matchAll(/^ {2}(\w+)\??[(:<]/gm)].map((m) => m[1]);
}

test("every extension point in the tree is in the guide's list, and the list names no point that is gone", () => {
  const declared = declaredPoints();
  expect(declared).toEqual(expect.arrayContaining(['kernel.writeGuard', 'companies.csvImports']));
  const list = section('Extension points that exist');
  expect(declared.filter((id) => !named(list, id))).toEqual([]);
  const listed = [...list.matchAll(new RegExp(`^\\| \`(${POINT_ID})\``, 'gm'))].map((m) => m[1]);
  expect(listed.filter((id) => !declared.includes(id))).toEqual([]);
});

test("every hook of PluginDefinition has a row in the guide's table of hooks", () => {
  const hooks = members('kernel/plugin.ts', /export interface PluginDefinition<[^>]*> \{([\s\S]*?)\n\}/);
  expect(hooks).toEqual(expect.arrayContaining(['id', 'setup', 'extend', 'routes', 'cli']));
  const rows = tableRows('The definition: every hook', '| Hook |');
  expect(hooks.filter((h) => !hasRow(rows, h))).toEqual([]);
});

test('every field of a workspace plugin (defineWorkspacePlugin) has a row in the guide', () => {
  const fields = members('workspace/sdk.ts', /export interface WorkspacePlugin \{([\s\S]*?)\n\}/);
  expect(fields).toEqual(expect.arrayContaining(['id', 'routes', 'slots']));
  const rows = tableRows('The workspace side and its slots', '| Field |');
  expect(fields.filter((f) => !hasRow(rows, f))).toEqual([]);
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

test("every workspace point is exported by its owner's public.browser.ts, the file the guide names for it", () => {
  // Pages import another plugin's public.browser.ts only (the workspace build fails on its public.ts), so a workspace
  // point (shared/workspace-points.ts) must be there, and the guide must send a plugin author there.
  const list = section('Extension points that exist');
  const missing: string[] = [];
  for (const owner of fs.readdirSync(path.join(ROOT, 'plugins'))) {
    const points = path.join(ROOT, 'plugins', owner, 'shared', 'workspace-points.ts');
    if (!fs.existsSync(points)) continue;
    const surface = path.join(ROOT, 'plugins', owner, 'public.browser.ts');
    const exported = fs.existsSync(surface) ? fs.readFileSync(surface, 'utf8') : '';
    for (const m of fs.readFileSync(points, 'utf8').matchAll(/export const (\w+) = createExtensionPoint/g)) {
      if (!new RegExp(`\\b${m[1]}\\b`).test(exported)) missing.push(`plugins/${owner}/public.browser.ts: ${m[1]}`);
      // The guide's row of the point sits in a table under a paragraph naming the owner's public.browser.ts.
      const row = list.indexOf(`(\`${m[1]}\``);
      const heading = list.lastIndexOf('\n\n', list.lastIndexOf('\n\n', row) - 1);
      if (row < 0 || !list.slice(heading, row).includes(`plugins/${owner}/public.browser.ts`))
        missing.push(`docs/plugins.md: ${m[1]} under plugins/${owner}/public.browser.ts`);
    }
  }
  expect(missing).toEqual([]);
});

/** Every file under `plugins/` (tests and the workspace aside), as paths from the root. */
function pluginFiles(dir = 'plugins'): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return ['node_modules', 'tests', 'workspace'].includes(e.name) ? [] : pluginFiles(rel);
    return /\.tsx?$/.test(e.name) && !/\.(test|e2e)\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

test("the guide's layering is what the lint checks, and plugins' commands live in their cli/ folder", () => {
  const text = section('Server layering: routes -> service -> store');
  expect(named(text, 'lci/no-sql-outside-stores')).toBe(true);
  expect(named(text, 'scripts/eslint-layering.mjs')).toBe(true);
  expect(fs.readFileSync(path.join(ROOT, 'eslint.config.js'), 'utf8')).toContain(
    "'lci/no-sql-outside-stores': 'error'",
  );
  // `lci` commands are built with commander; a plugin builds them in cli/ only (the guide's layout).
  const commands = pluginFiles().filter((f) =>
    /from ['"]commander['"]/.test(fs.readFileSync(path.join(ROOT, f), 'utf8')),
  );
  expect(commands.length).toBeGreaterThan(0);
  expect(commands.filter((f) => !/^plugins\/[^/]+\/cli\//.test(f))).toEqual([]);
});
