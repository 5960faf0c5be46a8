#!/usr/bin/env node
/**
 * Builds the workspace (Vite) into dist/workspace (or LCI_WORKSPACE_DIST) and prints the gzipped size of the
 * first-load JavaScript (the entry script and its modulepreloads, as index.html loads them).
 * Usage: node scripts/build-workspace.mjs [--quiet] [--json]
 * Exit code 1 when the build fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.env.LCI_WORKSPACE_DIST
  ? path.resolve(process.env.LCI_WORKSPACE_DIST)
  : path.join(root, 'dist', 'workspace');
const args = new Set(process.argv.slice(2));
const quiet = args.has('--quiet');

/** First-load assets of a built index.html: entry scripts + modulepreloads (JS) and stylesheets (CSS). */
export function firstLoadAssets(html) {
  const js = new Set();
  const css = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) css.add(m[1]);
  return { js: [...js], css: [...css] };
}

export function measure(dir = outDir) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const { js, css } = firstLoadAssets(html);
  const size = (files) =>
    files.reduce(
      (acc, f) => {
        const buf = fs.readFileSync(path.join(dir, f.replace(/^\//, '')));
        acc.raw += buf.length;
        acc.gzip += zlib.gzipSync(buf, { level: 9 }).length;
        return acc;
      },
      { raw: 0, gzip: 0, files: files.length },
    );
  const all = fs.readdirSync(path.join(dir, 'assets')).filter((f) => f.endsWith('.js'));
  return { js: size(js), css: size(css), chunks: all.length };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function main() {
  const { build } = await import('vite');
  const started = Date.now();
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: quiet ? 'error' : 'warn',
    mode: process.env.NODE_ENV === 'development' ? 'development' : 'production',
  });
  const m = measure();
  if (args.has('--json')) {
    console.log(JSON.stringify({ ...m, ms: Date.now() - started }));
    return;
  }
  if (!quiet) {
    // One line (npm start shows it before the start-up lines).
    console.log(
      `workspace built in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${path.relative(root, outDir)}: first-load JS ${kb(m.js.gzip)} gzipped (${kb(m.js.raw)} raw, ${m.js.files} files), CSS ${kb(m.css.gzip)} gzipped, ${m.chunks} JS chunks`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(`workspace build failed: ${e?.message ?? e}`);
    process.exit(1);
  });
}
