#!/usr/bin/env node
// `lci`: runs cli/index.ts through tsx, from any working directory of this checkout.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.LCI_ROOT ??= root;
register();
await import(pathToFileURL(path.join(root, 'cli', 'index.ts')).href);
