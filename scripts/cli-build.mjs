/**
 * The prebuilt CLI: cli/index.ts with the kernel, every plugin and every
 * migration bundled by esbuild into dist/cli/lci.mjs (npm packages stay
 * external), so `lci` starts without transpiling hundreds of TypeScript files
 * through tsx on each run.
 *
 * dist/cli/manifest.json lists the bundle's source files and the plugin and
 * migration files compiled in. The bundle is fresh while none of those files
 * changed after the build started and no plugin or migration file was added or removed;
 * `ensureCliBuild()` rebuilds it otherwise (about a second). Plugin and
 * migration files are handed to the kernel through globalThis.__LCI_MODULES__
 * (kernel/module-registry.ts), because the kernel finds them on disk.
 */
import fs from 'node:fs';
import path from 'node:path';

const MIGRATION = /^\d+.*\.(ts|js|mjs)$/;

export function cliBuildPaths(root) {
  const dir = path.join(root, 'dist', 'cli');
  return {
    dir,
    bundle: path.join(dir, 'lci.mjs'),
    prelude: path.join(dir, 'console.mjs'),
    manifest: path.join(dir, 'manifest.json'),
  };
}

function listDir(dir) {
  try {
    return fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** Plugin definitions and migrations the kernel discovers on disk, relative to root (the same rules as kernel/plugin-loader.ts and kernel/db/migrator.ts). */
export function discoveredModules(root) {
  const out = [];
  const migrations = (rel) => {
    for (const f of listDir(path.join(root, rel))) {
      if (MIGRATION.test(f) && !f.endsWith('.d.ts') && !f.includes('.test.')) out.push(`${rel}/${f}`);
    }
  };
  migrations('kernel/db/migrations');
  for (const name of listDir(path.join(root, 'plugins'))) {
    const plugin = ['plugin.ts', 'plugin.js'].find((f) => fs.existsSync(path.join(root, 'plugins', name, f)));
    if (!plugin) continue;
    out.push(`plugins/${name}/${plugin}`);
    migrations(`plugins/${name}/migrations`);
  }
  return out;
}

/** True when dist/cli/lci.mjs exists and was built from the files now on disk. */
export function cliBuildFresh(root) {
  const { bundle, manifest } = cliBuildPaths(root);
  let m;
  try {
    m = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    fs.accessSync(bundle);
    fs.accessSync(cliBuildPaths(root).prelude);
  } catch {
    return false;
  }
  if (!Array.isArray(m.inputs) || !Array.isArray(m.modules) || typeof m.started !== 'number') return false;
  const built = m.started;
  if (discoveredModules(root).join('\n') !== m.modules.join('\n')) return false;
  for (const rel of m.inputs) {
    let st;
    try {
      st = fs.statSync(path.join(root, rel));
    } catch {
      return false;
    }
    if (st.mtimeMs > built) return false;
  }
  return true;
}

/** Builds dist/cli/lci.mjs (written to a temporary name, then renamed, so concurrent runs never read half a file). */
export async function buildCli(root) {
  const { build } = await import('esbuild');
  const { dir, bundle, prelude, manifest } = cliBuildPaths(root);
  fs.mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const modules = discoveredModules(root);
  const entry = [
    'globalThis.__LCI_MODULES__ = {',
    ...modules.map((rel) => `  ${JSON.stringify(rel)}: await import(${JSON.stringify(`./${rel}`)}),`),
    '};',
    "await import('./cli/index.ts');",
  ].join('\n');
  const tmp = `${bundle}.${process.pid}.${started}.tmp`;
  const tmpPrelude = `${prelude}.${process.pid}.${started}.tmp`;
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    metafile: true,
    logLevel: 'error',
    banner: { js: '// Built by scripts/cli-build.mjs; do not edit.' },
  };
  const [main, filter] = await Promise.all([
    build({
      ...common,
      stdin: { contents: entry, resolveDir: root, sourcefile: 'lci-entry.mjs', loader: 'js' },
      outfile: tmp,
    }),
    // npm packages are imported before any bundled code runs, so the console filter is a module of its own, loaded first.
    build({ ...common, entryPoints: [path.join(root, 'cli', 'console.ts')], outfile: tmpPrelude }),
  ]);
  const inputs = [...new Set([...Object.keys(main.metafile.inputs), ...Object.keys(filter.metafile.inputs)])].filter(
    (f) => !f.startsWith('<') && f !== 'lci-entry.mjs' && !f.includes('node_modules/'),
  );
  const tmpManifest = `${manifest}.${process.pid}.${started}.tmp`;
  fs.writeFileSync(tmpManifest, JSON.stringify({ started, inputs, modules }, null, 1));
  fs.renameSync(tmpPrelude, prelude);
  fs.renameSync(tmp, bundle);
  fs.renameSync(tmpManifest, manifest);
  return bundle;
}

/** The prebuilt CLI's paths ({ bundle, prelude }), rebuilt first when stale; undefined when it cannot be built (the caller runs the sources through tsx). */
export async function ensureCliBuild(root) {
  if (cliBuildFresh(root)) return cliBuildPaths(root);
  try {
    await buildCli(root);
    return cliBuildPaths(root);
  } catch (e) {
    if (process.env.LCI_DEBUG === '1')
      console.error(`the prebuilt CLI could not be built: ${e instanceof Error ? e.message : e}`);
    return undefined;
  }
}
