/** The prebuilt CLI is used only while it matches the sources: scripts/cli-build.mjs's freshness rule. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error plain ESM script without types
import { cliBuildFresh, cliBuildPaths, discoveredModules } from '../scripts/cli-build.mjs';

let root: string;
const write = (rel: string, text = 'export {}') => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
const age = (rel: string, msAgo: number) => {
  const t = new Date(Date.now() - msAgo);
  fs.utimesSync(path.join(root, rel), t, t);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-cli-build-'));
  write('cli/index.ts');
  write('kernel/db/migrations/0001_first.ts');
  write('kernel/db/migrations/0001_first.test.ts');
  write('kernel/db/migrations/README.md');
  write('plugins/alpha/plugin.ts');
  write('plugins/alpha/migrations/0001_alpha.ts');
  write('plugins/notaplugin/readme.md');
  for (const rel of [
    'cli/index.ts',
    'kernel/db/migrations/0001_first.ts',
    'plugins/alpha/plugin.ts',
    'plugins/alpha/migrations/0001_alpha.ts',
  ])
    age(rel, 60_000);
  const { dir, bundle, prelude, manifest } = cliBuildPaths(root);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(bundle, '');
  fs.writeFileSync(prelude, '');
  fs.writeFileSync(
    manifest,
    JSON.stringify({
      started: Date.now() - 1000,
      inputs: ['cli/index.ts', 'plugins/alpha/plugin.ts'],
      modules: discoveredModules(root),
    }),
  );
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test('lists plugin definitions and migrations the way the kernel discovers them', () => {
  expect(discoveredModules(root)).toEqual([
    'kernel/db/migrations/0001_first.ts',
    'plugins/alpha/plugin.ts',
    'plugins/alpha/migrations/0001_alpha.ts',
  ]);
});

test('fresh while nothing changed', () => {
  expect(cliBuildFresh(root)).toBe(true);
});

test('stale when a source file changed after the build started', () => {
  write('cli/index.ts', 'export const changed = 1;');
  expect(cliBuildFresh(root)).toBe(false);
});

test('stale when a source file is gone', () => {
  fs.rmSync(path.join(root, 'cli/index.ts'));
  expect(cliBuildFresh(root)).toBe(false);
});

test('stale when a migration or a plugin is added', () => {
  write('plugins/alpha/migrations/0002_more.ts');
  age('plugins/alpha/migrations/0002_more.ts', 60_000);
  expect(cliBuildFresh(root)).toBe(false);
});

test('stale when the bundle, the console prelude or the manifest is missing', () => {
  fs.rmSync(cliBuildPaths(root).prelude);
  expect(cliBuildFresh(root)).toBe(false);
});
