/**
 * The import boundaries of DESIGN.md, checked in CI with the rules eslint's lci/import-boundaries applies
 * (scripts/boundaries.mjs): the kernel imports no plugin; from outside its folder a plugin imports only
 * kernel/index.ts, workspace/sdk.ts, cli/sdk.ts, tests/sdk.ts (tests only), common/ and the public.ts or
 * public.browser.ts of the plugins it dependsOn or optionalDependsOn; server code imports no browser code; browser
 * code imports no server code (not even kernel/index.ts or another plugin's public.ts); common/ imports nothing
 * outside common/.
 * Unlike `npm run lint --cache`, this reads every file each run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import lci from '../scripts/eslint-import-boundaries.mjs';
import { crossings, pluginDependencies, resolveImport, sourceFiles } from '../scripts/boundaries.mjs';

const ROOT = path.resolve(__dirname, '..');
/** A relative import or re-export; group 1 is `type` for `import type`/`export type` (erased at build). */
const IMPORT = /(?:\b(?:import|export)(\s+type\b)?[^'";]*?\bfrom|\bimport\s*\(?)\s*['"](\.[^'"]+)['"]/g;

/** Every crossing in the tree, as "rule: file -> import". */
export function allCrossings(): string[] {
  const deps = pluginDependencies(ROOT);
  return ['plugins', 'kernel', 'cli', 'common']
    .flatMap((dir) => sourceFiles(ROOT, dir))
    .flatMap((file) =>
      [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(IMPORT)].flatMap((m) =>
        crossings(file, resolveImport(ROOT, file, m[2]), deps, { typeOnly: !!m[1] }).map(
          (rule) => `${rule}: ${file} -> ${m[2]}`,
        ),
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

test('browser code imports no server code: pages import public.browser.ts, shared rules nothing of the server at run time', () => {
  const deps = { contacts: ['companies'], companies: [] };
  const at = (from: string, target: string, typeOnly = false) => crossings(from, target, deps, { typeOnly });
  expect(at('plugins/contacts/workspace/ContactsList.tsx', 'plugins/companies/public.ts')).toEqual([
    "browser code imports plugin companies's server surface public.ts (import its public.browser.ts)",
  ]);
  // Even a type: the before-stop check and DESIGN.md say pages import public.browser.ts only.
  expect(at('plugins/contacts/workspace/ContactsList.tsx', 'plugins/companies/public.ts', true)).toHaveLength(1);
  expect(at('plugins/contacts/workspace/ContactsList.tsx', 'plugins/companies/public.browser.ts')).toEqual([]);
  expect(at('plugins/contacts/workspace/ContactsList.tsx', 'kernel/index.ts')).toEqual([
    'browser code imports server code (kernel/: its texts are in common/texts.ts)',
  ]);
  expect(at('workspace/guard.ts', 'kernel/http/app.ts')).toEqual([
    'browser code imports server code (kernel/: its texts are in common/texts.ts)',
  ]);
  expect(at('workspace/guard.ts', 'common/texts.ts')).toEqual([]);
  expect(at('plugins/contacts/workspace/index.ts', 'plugins/contacts/server/service.ts')).toEqual([
    "browser code imports plugin contacts's server code (server/)",
  ]);
  expect(at('plugins/contacts/workspace/index.ts', 'plugins/contacts/public.ts')).toHaveLength(1);
  expect(at('plugins/contacts/workspace/ContactsList.test.tsx', 'plugins/companies/public.ts')).toEqual([]);
  // What both sides run (shared/, public.browser.ts): no server code at run time; `import type` is erased.
  expect(at('plugins/contacts/shared/rules.ts', 'plugins/companies/public.ts')).toEqual([
    "code the browser runs too imports plugin companies's server surface public.ts (import its public.browser.ts)",
  ]);
  expect(at('plugins/contacts/shared/rules.ts', 'kernel/index.ts', true)).toEqual([]);
  expect(at('plugins/contacts/public.browser.ts', 'plugins/contacts/server/points.ts')).toEqual([
    "code the browser runs too imports plugin contacts's server code (server/)",
  ]);
  expect(at('plugins/contacts/public.browser.ts', 'plugins/contacts/workspace/index.ts')).toEqual([
    'server code imports browser code',
  ]);
  // Server code may import either surface of a dependency.
  expect(at('plugins/contacts/server/service.ts', 'plugins/companies/public.ts')).toEqual([]);
  expect(at('plugins/contacts/server/service.ts', 'plugins/companies/public.browser.ts')).toEqual([]);
  expect(at('plugins/contacts/server/service.ts', 'plugins/companies/shared/api.ts')).toHaveLength(1);
});

test('the tree check reads `import type` as erased and a value import as loaded', () => {
  const text = [
    "import type { Trx } from '../../../kernel/index';",
    "import { formatMoney } from '../../customer-success/public';",
    "export type { Kernel } from '../../../kernel/index';",
    "const lazy = () => import('../server/x');",
  ].join('\n');
  const found = [...text.matchAll(IMPORT)].map((m) => [m[2], !!m[1]]);
  expect(found).toEqual([
    ['../../../kernel/index', true],
    ['../../customer-success/public', false],
    ['../../../kernel/index', true],
    ['../server/x', false],
  ]);
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

describe('lci/import-boundaries (eslint) reads type-only imports', () => {
  const tester = new RuleTester({
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
  });
  const options = [{ root: ROOT, deps: { 'stack-manager': ['customer-success'] } }];
  const at = (file: string, code: string) => ({ code, filename: path.join(ROOT, file), options });
  const crossing = (rule: string, spec: string) => ({ messageId: 'crossing', data: { rule, spec } });
  tester.run('lci/import-boundaries', lci.rules['import-boundaries'], {
    valid: [
      at(
        'plugins/stack-manager/workspace/Page.tsx',
        "import { formatMoney } from '../../customer-success/public.browser';",
      ),
      at('plugins/stack-manager/shared/rules.ts', "import type { Trx } from '../../../kernel/index';"),
      at('plugins/stack-manager/shared/rules.ts', "import { type CutVariant } from '../../customer-success/public';"),
      at('plugins/stack-manager/server/service.ts', "import { csObjectsPoint } from '../../customer-success/public';"),
    ],
    invalid: [
      {
        ...at(
          'plugins/stack-manager/workspace/Page.tsx',
          "import type { CutVariant } from '../../customer-success/public';",
        ),
        errors: [
          crossing(
            "browser code imports plugin customer-success's server surface public.ts (import its public.browser.ts)",
            '../../customer-success/public',
          ),
        ],
      },
      {
        ...at('plugins/stack-manager/shared/rules.ts', "import { cutFor } from '../../customer-success/public';"),
        errors: [
          crossing(
            "code the browser runs too imports plugin customer-success's server surface public.ts (import its public.browser.ts)",
            '../../customer-success/public',
          ),
        ],
      },
      {
        ...at('workspace/guard.ts', "export { MSG_READ_ONLY } from '../kernel/index';"),
        errors: [
          crossing('browser code imports server code (kernel/: its texts are in common/texts.ts)', '../kernel/index'),
        ],
      },
    ],
  });
});
