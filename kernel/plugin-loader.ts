/** Discovers plugins/<id>/plugin.ts, drops disabled ones, orders by dependsOn (and present optionalDependsOn). */
import fs from 'node:fs';
import path from 'node:path';
import { importModule } from './module-registry';
import type { LoadedPlugin, PluginDefinition } from './plugin';

export async function discoverPlugins(dirs: string[], disabled: string[] = []): Promise<LoadedPlugin[]> {
  const found: LoadedPlugin[] = [];
  for (const root of dirs) {
    if (!fs.existsSync(root)) continue;
    for (const name of fs.readdirSync(root).sort()) {
      const dir = path.join(root, name);
      const file = ['plugin.ts', 'plugin.js'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
      if (!file) continue;
      const mod = await importModule<{ default?: PluginDefinition }>(file);
      const def = mod.default;
      if (!def || typeof def.id !== 'string') throw new Error(`${file} must default-export definePlugin({...})`);
      if (disabled.includes(def.id)) continue;
      found.push({ ...def, dir, hasWorkspace: fs.existsSync(path.join(dir, 'workspace')) });
    }
  }
  return orderPlugins(found);
}

/**
 * Topological order by dependsOn and optionalDependsOn: a plugin comes after its dependencies and after those of its
 * optional dependencies that are present. A missing or disabled dependency, or a cycle (through optional ones too), is
 * an error naming the plugins; a missing optional dependency is not.
 */
export function orderPlugins<T extends { id: string; dependsOn?: string[]; optionalDependsOn?: string[] }>(
  plugins: T[],
): T[] {
  const byId = new Map(plugins.map((p) => [p.id, p]));
  const ids = new Set<string>();
  for (const p of plugins) {
    if (ids.has(p.id)) throw new Error(`two plugins have the id "${p.id}"`);
    ids.add(p.id);
  }
  const out: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (p: T, chain: string[]) => {
    if (state.get(p.id) === 'done') return;
    if (state.get(p.id) === 'visiting') throw new Error(`plugin dependency cycle: ${[...chain, p.id].join(' -> ')}`);
    state.set(p.id, 'visiting');
    for (const dep of p.dependsOn ?? []) {
      const d = byId.get(dep);
      if (!d) throw new Error(`plugin "${p.id}" depends on "${dep}", which is missing or disabled`);
      visit(d, [...chain, p.id]);
    }
    for (const dep of p.optionalDependsOn ?? []) {
      const d = byId.get(dep);
      if (d) visit(d, [...chain, p.id]);
    }
    state.set(p.id, 'done');
    out.push(p);
  };
  for (const p of plugins) visit(p, []);
  return out;
}
