/**
 * `lci plugin new <id>`: what it writes compiles (tsc over the generated files) and passes its own API test on the
 * real server, and its CLI test in a sandbox; a bad or taken id is refused with a clear error and writes nothing.
 *
 * The plugin is written into a temporary folder, never into plugins/ (every test server of the run would load it):
 * its imports point back to this project (the scaffold writes paths relative to where it writes), node_modules is
 * linked beside it, and its generated test starts its server with `pluginDirs: [that folder]`. That test file is
 * loaded into this suite (below), so it runs on this run's migrated template with the new migration on top.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PATHS } from '../kernel/paths';
import { runInProcess } from './in-process';
import { scaffoldPlugin } from './scaffold/write';

const ID = 'demo-area';
const tmpRoot = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-plugin-new-'));
  fs.symlinkSync(path.join(PATHS.root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
};
const made: string[] = [];
const tmp = tmpRoot();
made.push(tmp);
// Written while jest collects tests: the generated test file is loaded into this suite further down.
const scaffold = scaffoldPlugin({ id: ID, dir: tmp, root: PATHS.root, taken: [] });
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true });
});

/** Every file under a folder (relative path -> text); node_modules skipped. */
function tree(dir: string, rel = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = path.join(rel, e.name);
    if (e.name === 'node_modules') continue;
    if (e.isDirectory()) Object.assign(out, tree(dir, r));
    else out[r] = fs.readFileSync(path.join(dir, r), 'utf8');
  }
  return out;
}

const lci = (...args: string[]) =>
  runInProcess(['plugin', 'new', ...args], { ...process.env, LCI_LOG_LEVEL: 'silent' } as Record<string, string>);

test('lci plugin new writes the working plugin named after its id', async () => {
  const other = tmpRoot();
  made.push(other);
  const r = await lci(ID, '--dir', other, '--json');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(JSON.parse(r.stdout)).toMatchObject({ id: ID, pluginDir: path.join(other, ID) });
  // The same files as the scaffold tested below (both folders sit at the same depth, so even the imports match).
  expect(tree(path.join(other, ID))).toEqual(tree(scaffold.pluginDir));
  expect(scaffold.files).toEqual(
    expect.arrayContaining([
      'plugin.ts',
      'public.ts',
      'public.browser.ts',
      'README.md',
      'shared/api.ts',
      'server/routes.ts',
      'server/service.ts',
      'server/store.ts',
      'server/fixtures.ts',
      'migrations/0001_demo_area_items.ts',
      'shared/pages.ts',
      'workspace/index.ts',
      'workspace/DemoAreaPage.tsx',
      'cli/commands.ts',
      'tests/demo-area-api.test.ts',
      'tests/demo-area-cli.test.ts',
      'tests/demo-area.e2e.ts',
    ]),
  );
  const files = tree(scaffold.pluginDir);
  expect(files['migrations/0001_demo_area_items.ts']).toMatch(/createTenantTable\(\s*knex,\s*'demo_area_items'/);
  expect(files['shared/api.ts']).toContain('/v3/tenant/${tenantId}/demo-area/items');
  expect(files['public.ts']).toMatch(/createExtensionPoint<ItemCheck>\(\s*'demo-area\.itemChecks'/);
  // Dependents' pages import the browser-safe surface: its page and types, from shared/ only (no kernel, no server/);
  // public.ts, for dependents' server code, re-exports it.
  expect(files['public.browser.ts']).toContain('export { DEMO_AREA_PAGE }');
  expect([...files['public.browser.ts'].matchAll(/from '([^']+)'/g)].map((m) => m[1])).toEqual([
    './shared/pages',
    './shared/api',
  ]);
  expect(files['public.ts']).toContain("export * from './public.browser';");
  expect(files['workspace/index.ts']).toContain("import('./DemoAreaPage')");
  expect(Object.values(files).join('\n')).not.toMatch(/__[A-Za-z]+__/); // no token left unreplaced
});

test('a bad id, an id of a loaded plugin, an existing folder or a command name is refused and nothing is written', async () => {
  const before = tree(tmp);
  const cases: [string, RegExp][] = [
    ['Demo_Area', /^error: plugin id "Demo_Area" must be lowercase letters, digits and single dashes/],
    ['9lives', /^error: plugin id "9lives" must be lowercase/],
    ['demo--area', /^error: plugin id "demo--area" must be lowercase/],
    ['companies', /^error: a plugin with the id "companies" already exists/],
    ['probe', /^error: a plugin with the id "probe" already exists/],
    [ID, /^error: .*demo-area already exists/],
    ['db', /^error: "lci db" is already a command; choose another id/],
  ];
  for (const [id, message] of cases) {
    const r = await lci(id, '--dir', tmp);
    expect([id, r.code]).toEqual([id, 1]);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  }
  expect(tree(tmp)).toEqual(before);
  expect(fs.existsSync(path.join(PATHS.plugins, 'db'))).toBe(false);
});

test('every generated source file sits in the type-check project of its side (npm run typecheck: tsconfig.*.json)', () => {
  // tsc -b checks plugins/*/<these> as server code and plugins/*/workspace as browser code; a file outside them fails there.
  const patterns = (config: string) =>
    (
      JSON.parse(fs.readFileSync(path.join(PATHS.root, config), 'utf8').replace(/^\s*\/\/.*$/gm, ''))
        .include as string[]
    )
      .filter((p) => p.startsWith('plugins/*/'))
      .map((p) => p.slice('plugins/*/'.length));
  const server = patterns('tsconfig.server.json');
  const browser = patterns('tsconfig.workspace.json');
  expect(browser).toContain('workspace');
  const inside = (file: string, list: string[]) => list.some((p) => file === p || file.startsWith(`${p}/`));
  const misplaced = scaffold.files
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|e2e)\.tsx?$/.test(f))
    .filter((f) => !inside(f, f.startsWith('workspace/') ? browser : server));
  expect(misplaced).toEqual([]);
});

test('the generated files are formatted as the project formats (prettier --check)', async () => {
  const prettier = path.join(PATHS.root, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
  const args = [
    '--check',
    '--config',
    path.join(PATHS.root, '.prettierrc.json'),
    '--ignore-path',
    path.join(PATHS.root, '.prettierignore'),
    scaffold.pluginDir,
  ];
  const r = await new Promise<{ code: number; out: string }>((resolve) => {
    execFile(process.execPath, [prettier, ...args], (e, stdout, stderr) =>
      resolve({ code: e ? 1 : 0, out: `${stdout}${stderr}` }),
    );
  });
  expect(r).toEqual({ code: 0, out: expect.stringContaining('All matched files use Prettier code style') });
});

// tsc runs beside the server tests below (it takes seconds); the test of its result waits for it.
fs.writeFileSync(
  path.join(tmp, 'tsconfig.json'),
  JSON.stringify({
    extends: path.join(PATHS.root, 'tsconfig.json'),
    compilerOptions: { noEmit: true },
    // The plugin, and the project's own declaration files its imports rely on.
    include: [
      ID,
      ...['kernel', 'workspace', 'common', 'cli', 'tests'].map((d) => path.join(PATHS.root, d, '**', '*.d.ts')),
    ],
  }),
);
const tsc = new Promise<string>((resolve) => {
  execFile(
    path.join(PATHS.root, 'node_modules', '.bin', 'tsc'),
    ['-p', 'tsconfig.json'],
    { cwd: tmp },
    (_e, stdout, stderr) => resolve(`${stdout}${stderr}`),
  );
});

describe('the generated API test', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the generated file registers its tests here
  require(path.join(scaffold.pluginDir, 'tests', `${ID}-api.test.ts`));
});

describe('the generated CLI test', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the generated file registers its tests here
  require(path.join(scaffold.pluginDir, 'tests', `${ID}-cli.test.ts`));
});

test("the generated files type-check (tsc, strict, the project's options)", async () => {
  const output = await tsc;
  // Errors in the project's own files (another change in progress) are not the scaffold's: tsc names them ../...
  const ours = output.split('\n').filter((l) => /error TS\d+/.test(l) && !l.startsWith('..'));
  expect(ours).toEqual([]);
}, 120_000);
