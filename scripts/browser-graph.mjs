/**
 * The browser's module graph holds no server code (DESIGN.md: public.browser.ts is what pages import of another
 * plugin). `browserGraphGuard(root)` is a Vite (rolldown) plugin of the workspace build (vite.config.ts): as each
 * module is parsed it checks what the module imports, and fails the build with the import chain from the entry when
 * that is server code:
 * - the kernel (kernel/), the CLI (cli/), the configuration (config/);
 * - a plugin's server side: its server/, import/, migrations/ and cli/ folders, its plugin.ts, cli.ts and public.ts
 *   (the surface for other plugins' server code; pages import public.browser.ts);
 * - a Node built-in (node:fs, crypto, ...: what Vite would "externalize for browser compatibility");
 * - a server package (koa, pg, knex, ...: SERVER_PACKAGES).
 */
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { serverPath } from './boundaries.mjs';

/** Packages only the server runs (dependencies of package.json and the server packages they bring). */
export const SERVER_PACKAGES = [
  '@electric-sql/pglite',
  '@inquirer/prompts',
  '@koa/router',
  '@node-rs/argon2',
  '@resvg/resvg-js',
  'cli-progress',
  'commander',
  'cookies',
  'formidable',
  'ioredis',
  'keygrip',
  'knex',
  'knex-pglite',
  'koa',
  'koa-body',
  'koa-compress',
  'koa-mount',
  'koa-static',
  'nodemailer',
  'oidc-provider',
  'pg',
  'pg-boss',
  'pino',
  'pino-pretty',
  'proxy-addr',
  'stripe',
  'tsx',
  'ws',
];

const BROWSER_EXTERNAL = /^\0?__vite-browser-external:/;

/**
 * Why the module `id` (a resolved module id of the build) may not be in the browser's graph, or null when it may.
 * `root` is the repository's root.
 */
export function serverModule(id, root) {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  if (BROWSER_EXTERNAL.test(id)) return `Node built-in ${clean.replace(BROWSER_EXTERNAL, '')}`;
  if (clean.startsWith('node:') || isBuiltin(clean)) return `Node built-in ${clean}`;
  const nm = clean.split(/[\\/]node_modules[\\/]/);
  if (nm.length > 1) {
    const parts = nm[nm.length - 1].split(/[\\/]/);
    const name = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
    return SERVER_PACKAGES.includes(name) ? `server package ${name}` : null;
  }
  if (!path.isAbsolute(clean)) return null;
  const rel = path.relative(root, clean);
  return rel.startsWith('..') ? null : serverPath(rel.split(path.sep).join('/'));
}

/** A module id as the message shows it: relative to root, or the package path after node_modules/. */
export function shortId(id, root) {
  const clean = id.replace(/^\0/, '');
  const nm = clean.split(/[\\/]node_modules[\\/]/);
  if (nm.length > 1) return nm[nm.length - 1];
  return path.isAbsolute(clean) ? path.relative(root, clean).split(path.sep).join('/') : clean;
}

/** The Vite plugin: fails the build when a module imports server code, naming the import chain. */
export function browserGraphGuard(root) {
  /** module id -> the first module seen importing it (the chain back to the entry). */
  let importerOf = new Map();
  return {
    name: 'lci-browser-graph',
    apply: 'build',
    buildStart() {
      importerOf = new Map();
    },
    moduleParsed(info) {
      for (const id of [...info.importedIds, ...info.dynamicallyImportedIds]) {
        if (!importerOf.has(id)) importerOf.set(id, info.id);
        const why = serverModule(id, root);
        if (!why) continue;
        const chain = [id];
        for (
          let at = info.id;
          at && !chain.includes(at);
          at = importerOf.get(at) ?? this.getModuleInfo(at)?.importers?.[0]
        )
          chain.unshift(at);
        this.error(
          `the browser's module graph holds ${why}: ${shortId(id, root)}\n  import chain: ${chain
            .map((c) => shortId(c, root))
            .join(
              ' -> ',
            )}\n  Pages import another plugin's public.browser.ts and kernel texts from common/ (DESIGN.md).`,
        );
      }
    },
  };
}
