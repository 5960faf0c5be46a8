#!/usr/bin/env node
/** `npm run build:cli`: builds dist/cli now (bin/lci.mjs otherwise builds it on first use after a change). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCli } from './cli-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
await buildCli(root);
console.log(`dist/cli built in ${Date.now() - started} ms`);
