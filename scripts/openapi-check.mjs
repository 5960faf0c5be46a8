#!/usr/bin/env node
/**
 * Checks an OpenAPI document with the clients API users have:
 * @apidevtools/swagger-parser validates it (the OpenAPI 3.1 schema, every $ref resolves),
 * openapi-typescript generates the typed client, and tsc type-checks the generated file.
 *
 *   node scripts/openapi-check.mjs <file.json | http://host/v3/openapi.json> [--out dir]
 *
 * Prints one line per step; exits 1 on the first failure (with the tool's message), 2 on bad usage.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [source, flag, outArg] = process.argv.slice(2);
if (!source || (flag && flag !== '--out')) {
  console.error('usage: node scripts/openapi-check.mjs <file.json | url> [--out dir]');
  process.exit(2);
}
const fail = (step, message) => {
  console.error(`${step}: FAILED\n${message}`);
  process.exit(1);
};

const doc = /^https?:\/\//.test(source)
  ? await (await fetch(source)).json()
  : JSON.parse(fs.readFileSync(source, 'utf8'));
try {
  await SwaggerParser.validate(structuredClone(doc));
  console.log(`swagger-parser: valid (${Object.keys(doc.paths ?? {}).length} paths)`);
} catch (e) {
  fail('swagger-parser', e instanceof Error ? e.message : String(e));
}

const dir = outArg ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lci-openapi-'));
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const gen = spawnSync(bin('openapi-typescript'), ['openapi.json', '-o', 'api.ts'], { cwd: dir, encoding: 'utf8' });
if (gen.status !== 0 || /error/i.test(gen.stderr)) fail('openapi-typescript', gen.stderr || gen.stdout);
const lines = fs.readFileSync(path.join(dir, 'api.ts'), 'utf8').split('\n').length;
console.log(`openapi-typescript: ${path.join(dir, 'api.ts')} (${lines} lines)`);
const tsc = spawnSync(bin('tsc'), ['--noEmit', '--strict', '--skipLibCheck', 'api.ts'], { cwd: dir, encoding: 'utf8' });
if (tsc.status !== 0) fail('tsc', tsc.stdout + tsc.stderr);
console.log('tsc: the generated client type-checks');
if (!outArg) fs.rmSync(dir, { recursive: true, force: true });
