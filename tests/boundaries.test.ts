/**
 * The import boundaries of DESIGN.md, checked in CI with the rules eslint's lci/import-boundaries applies
 * (scripts/boundaries.mjs): the kernel imports no plugin; from outside its folder a plugin imports only
 * kernel/index.ts, workspace/sdk.ts, cli/sdk.ts, tests/sdk.ts (tests only), common/ and the public.ts of the
 * plugins it dependsOn or optionalDependsOn; server code imports no browser code; common/ imports nothing outside common/.
 * Unlike `npm run lint --cache`, this reads every file each run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crossings, pluginDependencies, resolveImport, sourceFiles } from '../scripts/boundaries.mjs';

const ROOT = path.resolve(__dirname, '..');
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g;

/** Every crossing in the tree, as "rule: file -> import". */
export function allCrossings(): string[] {
  const deps = pluginDependencies(ROOT);
  return ['plugins', 'kernel', 'cli', 'common']
    .flatMap((dir) => sourceFiles(ROOT, dir))
    .flatMap((file) =>
      [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORT)].flatMap((m) =>
        crossings(file, resolveImport(ROOT, file, m[1]), deps).map((rule) => `${rule}: ${file} -> ${m[1]}`),
      ),
    );
}

test('no import crosses a boundary of DESIGN.md', () => {
  expect(allCrossings()).toEqual([]);
});

test('the rules catch each kind of crossing', () => {
  const deps = { 'customer-success': ['companies'], companies: [] };
  const at = (from: string, target: string) => crossings(from, target, deps);
  expect(at('kernel/boot.ts', 'plugins/companies/plugin.ts')).toEqual(['the kernel imports a plugin']);
  expect(at('kernel/http/app.ts', 'workspace/api.ts')).toEqual(['server code imports browser code']);
  expect(at('cli/program.ts', 'plugins/companies/workspace/index.ts')).toHaveLength(1);
  expect(at('plugins/companies/server/routes.ts', 'plugins/companies/workspace/index.ts')).toEqual([
    'server code imports browser code',
  ]);
  expect(at('plugins/companies/shared/api.ts', 'workspace/sdk.ts')).toEqual(['server code imports browser code']);
  expect(at('plugins/companies/workspace/index.ts', 'plugins/companies/shared/api.ts')).toEqual([]);
  expect(at('plugins/customer-success/plugin.ts', 'plugins/companies/public.ts')).toEqual([]);
  expect(at('plugins/customer-success/plugin.ts', 'plugins/companies/server/store.ts')).toHaveLength(1);
  expect(at('plugins/customer-success/workspace/Page.tsx', 'plugins/companies/workspace/public.ts')).toEqual([
    "a plugin reaches into plugin companies's workspace (use its workspace points: contribute, useProvided)",
  ]);
  expect(at('plugins/companies/plugin.ts', 'plugins/customer-success/public.ts')).toEqual([
    'a plugin imports plugin customer-success without listing it in dependsOn or optionalDependsOn',
  ]);
  expect(at('plugins/companies/server/x.ts', 'kernel/db/knex.ts')).toHaveLength(1);
  expect(at('plugins/companies/server/x.ts', 'kernel/index.ts')).toEqual([]);
  expect(at('plugins/companies/server/x.ts', 'config/index.ts')).toHaveLength(1);
  expect(at('plugins/companies/server/x.ts', 'common/email.ts')).toEqual([]);
  expect(at('plugins/companies/tests/x.test.ts', 'tests/helpers/server.ts')).toHaveLength(1);
  expect(at('plugins/companies/tests/x.test.ts', 'tests/sdk.ts')).toEqual([]);
  expect(at('plugins/companies/server/x.ts', 'tests/sdk.ts')).toEqual([
    'product code imports tests/sdk.ts (tests only)',
  ]);
  expect(at('common/email.ts', 'kernel/index.ts')).toHaveLength(1);
  expect(at('common/email.ts', 'common/password-rules.ts')).toEqual([]);
});

test('a plugin may import the public.ts of an optional dependency (optionalDependsOn), read from its plugin.ts', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lci-boundaries-'));
  try {
    fs.mkdirSync(path.join(root, 'plugins', 'crm'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'plugins', 'crm', 'plugin.ts'),
      "export default definePlugin({\n  id: 'crm',\n  dependsOn: ['companies'],\n  optionalDependsOn: ['reports'],\n});\n",
    );
    const deps = pluginDependencies(root);
    expect(deps).toEqual({ crm: ['companies', 'reports'] });
    expect(crossings('plugins/crm/plugin.ts', 'plugins/reports/public.ts', deps)).toEqual([]);
    expect(crossings('plugins/crm/server/x.ts', 'plugins/companies/public.ts', deps)).toEqual([]);
    expect(crossings('plugins/crm/plugin.ts', 'plugins/billing/public.ts', deps)).toEqual([
      'a plugin imports plugin billing without listing it in dependsOn or optionalDependsOn',
    ]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
