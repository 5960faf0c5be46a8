/**
 * Modules found on disk at run time (plugin definitions, migrations). The
 * prebuilt CLI (scripts/build-cli.mjs, dist/cli/lci.mjs) compiles them in and
 * lists them on globalThis.__LCI_MODULES__ by path relative to the project
 * root; anywhere else (tsx, jest) they are imported from the source tree.
 */
import path from 'node:path';
import { PATHS } from './paths';

type Registry = Record<string, unknown>;

function registry(): Registry | undefined {
  return (globalThis as { __LCI_MODULES__?: Registry }).__LCI_MODULES__;
}

/** The module at `file`: the compiled-in copy when there is one, the file itself otherwise. */
export async function importModule<T>(file: string): Promise<T> {
  const key = path.relative(PATHS.root, file).split(path.sep).join('/');
  const compiled = registry()?.[key];
  if (compiled) return compiled as T;
  return (await import(file)) as T;
}
