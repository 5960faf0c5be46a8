/**
 * ESLint rule lci/import-boundaries: reports every relative import (static, re-export, dynamic, import type,
 * require) that crosses a boundary of DESIGN.md. The rules themselves are in scripts/boundaries.mjs, shared
 * with tests/boundaries.test.ts. Options: { root, deps } (deps = pluginDependencies(root), passed through the
 * config so that a change of a plugin's dependsOn invalidates eslint's cache).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { crossings, resolveImport } from './boundaries.mjs';
import { noKernelTableSql } from './eslint-kernel-tables.mjs';
import { noSqlOutsideStores } from './eslint-layering.mjs';

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries of DESIGN.md (kernel, plugins, surfaces, server/browser, common)' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, deps: { type: 'object' } },
        required: ['root', 'deps'],
        additionalProperties: false,
      },
    ],
    messages: { crossing: '{{rule}}: {{spec}}' },
  },
  create(context) {
    const { root, deps } = context.options[0];
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    if (from.startsWith('..')) return {};
    const check = (node, typeOnly = false) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string' || !node.value.startsWith('.')) return;
      const target = resolveImport(root, from, node.value);
      for (const rule of crossings(from, target, deps, { typeOnly }))
        context.report({ node, messageId: 'crossing', data: { rule, spec: node.value } });
    };
    /** `import type {...}` or `import { type A, type B }`: erased at build, so not in the browser's module graph. */
    const typeImport = (n) =>
      n.importKind === 'type' || (n.specifiers.length > 0 && n.specifiers.every((s) => s.importKind === 'type'));
    return {
      ImportDeclaration: (n) => check(n.source, typeImport(n)),
      ExportNamedDeclaration: (n) => check(n.source, n.exportKind === 'type'),
      ExportAllDeclaration: (n) => check(n.source, n.exportKind === 'type'),
      ImportExpression: (n) => check(n.source),
      TSImportType: (n) => check(n.argument?.type === 'TSLiteralType' ? n.argument.literal : n.source, true),
      TSExternalModuleReference: (n) => check(n.expression),
      CallExpression: (n) => {
        if (n.callee.type === 'Identifier' && n.callee.name === 'require') check(n.arguments[0]);
      },
    };
  },
};

/** The rules' sources, hashed: eslint's cache key includes the plugin's version, so editing the rules re-lints. */
const version = crypto
  .createHash('sha1')
  .update(
    ['./boundaries.mjs', './eslint-import-boundaries.mjs', './eslint-kernel-tables.mjs', './eslint-layering.mjs']
      .map((f) => fs.readFileSync(new URL(f, import.meta.url)))
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 12);

export default {
  meta: { name: 'lci', version },
  rules: {
    'import-boundaries': importBoundaries,
    'no-kernel-table-sql': noKernelTableSql,
    'no-sql-outside-stores': noSqlOutsideStores,
  },
};
