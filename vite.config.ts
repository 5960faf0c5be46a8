/**
 * Vite build of the workspace (workspace/ -> dist/workspace, or LCI_WORKSPACE_DIST).
 * LCI_WORKSPACE_TEST_PLUGINS=1 adds the workspaces of the test plugins (tests/plugins/<id>/workspace/index.ts) through
 * the module virtual:lci-test-plugins (empty otherwise): a build for browser tests of slots and routes of test plugins.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { browserGraphGuard } from './scripts/browser-graph.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const TEST_PLUGINS = 'virtual:lci-test-plugins';

function testPlugins(): Plugin {
  return {
    name: 'lci-test-plugins',
    resolveId: (id) => (id === TEST_PLUGINS ? `\0${TEST_PLUGINS}` : null),
    load(id) {
      if (id !== `\0${TEST_PLUGINS}`) return null;
      if (process.env.LCI_WORKSPACE_TEST_PLUGINS !== '1') return 'export default [];';
      const dir = path.join(root, 'tests', 'plugins');
      const files = fs
        .readdirSync(dir)
        .map((d) => path.join(dir, d, 'workspace', 'index.ts'))
        .filter((f) => fs.existsSync(f));
      return `${files.map((f, i) => `import p${i} from ${JSON.stringify(f)};`).join('\n')}\nexport default [${files.map((_, i) => `p${i}`).join(', ')}];`;
    },
  };
}

/**
 * The SDK's form helper (workspace/form/) has no side effects: a chunk that imports the SDK without using the helper
 * (the shell) does not load it, so react-hook-form comes with the first page that shows a form, not with the shell.
 */
function sideEffectFree(): Plugin {
  const dir = path.join(root, 'workspace', 'form') + path.sep;
  return {
    name: 'lci-side-effect-free',
    transform: (code, id) => (id.startsWith(dir) ? { code, moduleSideEffects: false, map: null } : null),
  };
}

export default defineConfig({
  root: path.join(root, 'workspace'),
  base: '/',
  publicDir: false,
  // browserGraphGuard: the build fails when server code (kernel/, a plugin's server/ or public.ts, koa, pg, a Node
  // built-in, ...) enters the browser's module graph, naming the import chain (scripts/browser-graph.mjs).
  plugins: [react(), testPlugins(), browserGraphGuard(root), sideEffectFree()],
  envPrefix: 'VITE_',
  server: {
    fs: { allow: [root] },
  },
  build: {
    outDir: process.env.LCI_WORKSPACE_DIST
      ? path.resolve(process.env.LCI_WORKSPACE_DIST)
      : path.join(root, 'dist', 'workspace'),
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    reportCompressedSize: false,
  },
});
