/**
 * The workspace build fails when server code enters the browser's module graph (scripts/browser-graph.mjs, a plugin
 * of vite.config.ts): pages import another plugin's public.browser.ts, never its public.ts, the kernel or a server
 * package. The repository's own build runs in `npm test` (step build:workspace) and fails there; this suite builds
 * small entries with the repository's vite.config.ts (one node process, a few seconds) and checks the failure names
 * the import chain, and that a browser-safe surface builds.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverModule } from '../scripts/browser-graph.mjs';

const ROOT = path.resolve(__dirname, '..');

describe('serverModule: what the browser may not load', () => {
  const at = (rel: string) => serverModule(path.join(ROOT, rel), ROOT);
  test.each([
    ['kernel/http/app.ts', 'server code (kernel/: its texts are in common/texts.ts)'],
    ['kernel/index.ts', 'server code (kernel/: its texts are in common/texts.ts)'],
    ['config/index.ts', 'server code (config/)'],
    ['plugins/companies/server/custom-field-targets.ts', "plugin companies's server code (server/)"],
    ['plugins/companies/import/csv-import.ts', "plugin companies's server code (import/)"],
    ['plugins/companies/public.ts', "plugin companies's server surface public.ts (import its public.browser.ts)"],
    ['plugins/companies/plugin.ts', "plugin companies's server file plugin.ts"],
    ['node_modules/koa/dist/koa.mjs', 'server package koa'],
    ['node_modules/@koa/router/lib/router.js', 'server package @koa/router'],
    ['node_modules/pg/lib/index.js', 'server package pg'],
  ])('%s: %s', (rel, why) => expect(at(rel)).toBe(why));

  test('Node built-ins, as imported or as Vite externalizes them', () => {
    expect(serverModule('node:crypto', ROOT)).toBe('Node built-in node:crypto');
    expect(serverModule('zlib', ROOT)).toBe('Node built-in zlib');
    expect(serverModule('__vite-browser-external:node:stream', ROOT)).toBe('Node built-in node:stream');
  });

  test.each([
    'plugins/companies/public.browser.ts',
    'plugins/companies/shared/workspace-points.ts',
    'plugins/contacts/workspace/ContactsList.tsx',
    'workspace/sdk.ts',
    'common/texts.ts',
    'node_modules/react/index.js',
    'node_modules/@blueprintjs/core/lib/esm/index.js',
  ])('%s may be loaded', (rel) => expect(at(rel)).toBeNull());
});

/** Builds each entry with the repository's vite.config.ts; the error message of each build, or null. */
function buildEach(entries: string[], outDir: string): (string | null)[] {
  const script = `
    const { build } = await import('vite');
    const out = [];
    for (const input of JSON.parse(process.argv[1])) {
      try {
        await build({
          configFile: ${JSON.stringify(path.join(ROOT, 'vite.config.ts'))},
          logLevel: 'silent',
          build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true, rolldownOptions: { input } },
        });
        out.push(null);
      } catch (e) {
        out.push(String(e?.message ?? e));
      }
    }
    console.log(JSON.stringify(out));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(entries)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`vite build script failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop() as string);
}

test('the workspace build fails with the import chain when a page loads server code, and builds browser-safe surfaces', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-browser-graph-'));
  try {
    const file = (name: string, text: string) => {
      fs.writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const plugin = (id: string, surface: string) => JSON.stringify(path.join(ROOT, 'plugins', id, surface));
    file(
      'page.ts',
      `import { customFieldsUiPoint } from ${plugin('companies', 'public')};\nexport const p = customFieldsUiPoint;\n`,
    );
    const viaPublic = file('via-public.ts', `import { p } from './page';\nconsole.log(p);\n`);
    const kernel = file(
      'kernel-texts.ts',
      `import { MSG_READ_ONLY } from ${JSON.stringify(path.join(ROOT, 'kernel', 'index'))};\nconsole.log(MSG_READ_ONLY);\n`,
    );
    const builtin = file('builtin.ts', `import { createHash } from 'node:crypto';\nconsole.log(createHash);\n`);
    const browserSafe = file(
      'browser-safe.ts',
      [
        `import { customFieldsUiPoint } from ${plugin('companies', 'public.browser')};`,
        `import { dataQualitySectionsPoint } from ${plugin('assets', 'public.browser')};`,
        `import { formatMoney, csFiltersBarPoint } from ${plugin('customer-success', 'public.browser')};`,
        `import { MSG_READ_ONLY } from ${JSON.stringify(path.join(ROOT, 'common', 'texts'))};`,
        'console.log(customFieldsUiPoint, dataQualitySectionsPoint, formatMoney, csFiltersBarPoint, MSG_READ_ONLY);',
        '',
      ].join('\n'),
    );

    const [publicError, kernelError, builtinError, ok] = buildEach(
      [viaPublic, kernel, builtin, browserSafe],
      path.join(dir, 'out'),
    );
    const rel = (f: string) => path.relative(ROOT, f).split(path.sep).join('/');
    expect(publicError).toContain(
      "the browser's module graph holds plugin companies's server surface public.ts (import its public.browser.ts): plugins/companies/public.ts",
    );
    expect(publicError).toContain(
      `import chain: ${rel(viaPublic)} -> ${rel(path.join(dir, 'page.ts'))} -> plugins/companies/public.ts`,
    );
    expect(kernelError).toContain("the browser's module graph holds server code (kernel/");
    expect(kernelError).toContain(`import chain: ${rel(kernel)} -> kernel/index.ts`);
    expect(builtinError).toContain("the browser's module graph holds Node built-in node:crypto");
    expect(ok).toBeNull();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
