#!/usr/bin/env node
// `lci`, from any working directory of this checkout: the prebuilt CLI (dist/cli/lci.mjs, rebuilt here when
// its sources changed; see scripts/cli-build.mjs), or cli/index.ts through tsx when it cannot be built
// (LCI_CLI_SOURCE=1 forces the sources).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Node 22.12 or later; `npm start`, `npx lci` and `npm run lci` use the Node 24 of node_modules/.bin.
const { nodeRuntimeProblem } = await import(pathToFileURL(path.join(root, 'scripts', 'node-runtime.mjs')).href);
const runtimeProblem = nodeRuntimeProblem(process.versions.node);
if (runtimeProblem) {
  process.stderr.write(runtimeProblem);
  process.exit(1);
}
process.env.LCI_ROOT ??= root;
const { ensureCliBuild } = await import(pathToFileURL(path.join(root, 'scripts', 'cli-build.mjs')).href);
const built = process.env.LCI_CLI_SOURCE === '1' ? undefined : await ensureCliBuild(root);
if (built) {
  (await import(pathToFileURL(built.prelude).href)).installConsoleFilter();
  await import(pathToFileURL(built.bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(root, 'cli', 'index.ts')).href);
}
