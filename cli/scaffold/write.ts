/**
 * Writes a new plugin from cli/scaffold/template/: every `.tmpl` file with its tokens (`__id__`, `__Pascal__`, ...)
 * replaced by names derived from the id, and `__ROOT__` by the path from the written file to the project root, so
 * the plugin compiles wherever it is written (plugins/<id>, or another folder for tests). Checks everything first:
 * a bad or taken id writes nothing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CliError } from '../errors';
import { idProblem, pluginNames, type PluginNames } from './names';

interface ScaffoldOptions {
  id: string;
  /** The folder the plugin folder goes into (plugins/ of the project by default). */
  dir: string;
  /** The project root (kernel/, cli/, workspace/, tests/). */
  root: string;
  /** Ids of the plugins loaded now. */
  taken: readonly string[];
  /** Top-level `lci` commands (the plugin's own command would collide with one). */
  commands?: readonly string[];
}

interface ScaffoldResult {
  id: string;
  pluginDir: string;
  files: string[];
}

/** Where the templates live (read at run time, also by the prebuilt CLI, which runs inside the project). */
const templateDir = (root: string) => path.join(root, 'cli', 'scaffold', 'template');

function templateFiles(dir: string, rel = ''): string[] {
  return fs
    .readdirSync(path.join(dir, rel), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) return templateFiles(dir, r);
      return e.name.endsWith('.tmpl') ? [r] : [];
    });
}

function tokens(n: PluginNames, inProjectPlugins: boolean): [string, string][] {
  return [
    ['__PATH_IMPORT__', inProjectPlugins ? '' : "import path from 'node:path';\n"],
    // A plugin-scoped server: only this plugin and its dependencies (tests/sdk.ts).
    [
      '__SERVER_OPTIONS__',
      inProjectPlugins
        ? `{ plugins: ['${n.id}'] }`
        : `{ plugins: ['${n.id}'], pluginDirs: [path.resolve(__dirname, '..', '..')] }`,
    ],
    ['__CLI_OPTIONS__', inProjectPlugins ? '' : "{ pluginDirs: [path.resolve(__dirname, '..', '..')] }"],
    ['__CONST__', n.id.toUpperCase().replace(/-/g, '_')],
    ['__Pascal__', n.pascal],
    ['__camel__', n.camel],
    ['__title__', n.title],
    ['__table__', n.table],
    ['__items__', n.itemsPath],
    ['__point__', n.pointId],
    ['__page__', n.page],
    ['__id__', n.id],
  ];
}

const fill = (text: string, list: [string, string][]) => list.reduce((t, [k, v]) => t.split(k).join(v), text);

/** Why the plugin cannot be written, or null. */
function scaffoldProblem(o: ScaffoldOptions): string | null {
  const bad = idProblem(o.id);
  if (bad) return bad;
  // tests/plugins (probe, addon) load beside plugins/ in tests: their ids are taken too.
  if (o.taken.includes(o.id) || fs.existsSync(path.join(o.root, 'tests', 'plugins', o.id)))
    return `a plugin with the id "${o.id}" already exists`;
  for (const folder of new Set([path.join(o.root, 'plugins', o.id), path.join(o.dir, o.id)])) {
    if (fs.existsSync(folder)) return `${folder} already exists`;
  }
  if (o.commands?.includes(o.id)) return `"lci ${o.id}" is already a command; choose another id`;
  if (fs.existsSync(o.dir) && !fs.statSync(o.dir).isDirectory()) return `${o.dir} is not a folder`;
  return null;
}

/**
 * Formats the written files with the project's prettier settings (`npm run format:check` then passes whatever the
 * id's length did to line widths). Best effort: prettier is a dev dependency, and a plugin is written in a checkout.
 */
function format(root: string, files: string[]): void {
  const bin = path.join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
  if (!fs.existsSync(bin)) return;
  try {
    execFileSync(
      process.execPath,
      [
        bin,
        '--write',
        '--log-level',
        'silent',
        '--config',
        path.join(root, '.prettierrc.json'),
        '--ignore-path',
        path.join(root, '.prettierignore'),
        ...files,
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
  } catch {
    // Unformatted files still work; `npm run format` formats them.
  }
}

export function scaffoldPlugin(o: ScaffoldOptions): ScaffoldResult {
  const problem = scaffoldProblem(o);
  if (problem) throw new CliError(problem);
  const n = pluginNames(o.id);
  const pluginDir = path.join(o.dir, o.id);
  const list = tokens(n, path.resolve(o.dir) === path.resolve(o.root, 'plugins'));
  const src = templateDir(o.root);
  // Everything is rendered before the first write.
  const out = templateFiles(src).map((rel) => {
    const target = path.join(pluginDir, fill(rel.replace(/\.tmpl$/, ''), list));
    const up = path.relative(path.dirname(target), o.root).split(path.sep).join('/') || '.';
    const text = fill(fs.readFileSync(path.join(src, rel), 'utf8'), [['__ROOT__', up], ...list]);
    return { target, text };
  });
  try {
    for (const f of out) {
      fs.mkdirSync(path.dirname(f.target), { recursive: true });
      fs.writeFileSync(f.target, f.text, { flag: 'wx' });
    }
  } catch (e) {
    fs.rmSync(pluginDir, { recursive: true, force: true });
    throw new CliError(`could not write ${pluginDir}: ${(e as Error).message}`);
  }
  format(
    o.root,
    out.map((f) => f.target),
  );
  return { id: o.id, pluginDir, files: out.map((f) => path.relative(pluginDir, f.target).split(path.sep).join('/')) };
}
